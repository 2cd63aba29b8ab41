#include "gcode/code_table.hpp"

namespace gougechek {

namespace {

CodeInfo accept(CodeGroup group, std::string warning = {}) {
  return {group, {}, std::move(warning)};
}
CodeInfo refuse(std::string why) {
  return {CodeGroup::NonModal, std::move(why), {}};
}

}  // namespace

std::string gCodeName(int tenths) {
  // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
  std::string name(1, 'G');
  name += std::to_string(tenths / 10);
  if (tenths % 10 != 0) {
    name += '.';
    name += std::to_string(tenths % 10);
  }
  return name;
}

std::string mCodeName(int number) {
  std::string name(1, 'M');
  name += std::to_string(number);
  return name;
}

CodeInfo describeGCode(int tenths) {
  const auto name = [tenths] { return gCodeName(tenths); };
  switch (tenths) {
    case 0:
    case 10:
    case 20:
    case 30:
    case 800:
    case 730:  // canned cycles: CannedCycle
    case 740:
    case 810:
    case 820:
    case 830:
    case 840:
    case 850:
    case 860:
    case 870:
    case 890:
    case 331:  // rigid tapping, probing: probing_and_tapping.cpp
    case 382:
    case 383:
    case 384:
    case 385:
      return accept(CodeGroup::Motion);
    case 40:
      return accept(CodeGroup::NonModal);  // dwell: no motion
    case 170:
    case 180:
    case 190:
      return accept(CodeGroup::Plane);
    case 200:
    case 210:
      return accept(CodeGroup::Units);
    case 100:  // offsets: CoordinateOffsets
    case 280:
    case 281:
    case 300:
    case 301:
    case 520:
    case 530:
    case 920:
    case 921:
    case 922:
    case 923:
      return accept(CodeGroup::NonModal);
    case 400:  // cutter radius compensation: CutterCompensation
    case 410:
    case 411:
    case 420:
    case 421:
      return accept(CodeGroup::CutterComp);
    case 430:
    case 431:
    case 490:
      return accept(CodeGroup::ToolLength);
    case 540:
    case 550:
    case 560:
    case 570:
    case 580:
    case 590:
    case 591:
    case 592:
    case 593:
      return accept(CodeGroup::CoordSystem);
    case 610:
    case 611:
    case 640:
      return accept(CodeGroup::PathControl);
    case 80:
      return accept(CodeGroup::LatheMode);
    case 900:
    case 910:
      return accept(CodeGroup::Distance);
    case 901:
    case 911:
      return accept(CodeGroup::ArcDistance);
    case 930:
    case 940:
    case 950:
      return accept(CodeGroup::FeedMode);
    case 960:
    case 970:
      return accept(CodeGroup::SpindleMode);
    case 980:
    case 990:
      return accept(CodeGroup::ReturnMode);
    case 50:
    case 51:
    case 52:
    case 53:
      return refuse(name() + " splines are not supported yet");
    case 70:
      return refuse("G7 lathe diameter mode is not supported");
    case 171:
    case 181:
    case 191:
      return refuse(name() + " (UVW planes) is not supported");
    case 330:
      return refuse("G33 spindle-synchronized motion (threading) is not supported yet");
    case 432:
      return refuse("G43.2 additional tool length offset is not supported yet");
    case 760:
      return refuse("G76 lathe threading cycle is not supported");
    case 880:
      return refuse(
          "G88 boring cycle is not supported: the operator retracts the spindle by hand, so "
          "where the tool is afterwards is unknown");
    default:
      return refuse("unknown G code " + name());
  }
}

CodeInfo describeMCode(int code) {
  const auto name = [code] { return mCodeName(code); };
  switch (code) {
    case 0:
    case 1:
    case 2:
    case 30:
    case 60:
      return accept(CodeGroup::Stopping);
    case 3:
    case 4:
    case 5:
    case 19:
      return accept(CodeGroup::Spindle);
    case 6:
    case 61:
      return accept(CodeGroup::ToolChange);
    case 7:
    case 8:
    case 9:
      return accept(CodeGroup::Coolant, name() + " coolant: ignored");
    case 48:
    case 49:
    case 50:
    case 51:
    case 52:
    case 53:
      return accept(CodeGroup::Override);
    case 62:
    case 63:
    case 64:
    case 65:
    case 66:
    case 67:
    case 68:
      return accept(CodeGroup::Io);
    case 70:
    case 71:
    case 73:
      return accept(CodeGroup::ModalState);
    case 72:
      return refuse("M72 (restore modal state) is not supported yet");
    case 98:  // Fanuc-style subprogram call and return: run by ControlFlow
    case 99:
      return accept(CodeGroup::NonModal);
    default:
      return refuse("unknown M code " + name());
  }
}

}  // namespace gougechek
