#include "gcode/code_table.hpp"

#include "gcode/codes.hpp"

namespace gougechek {

namespace {

CodeInfo accept(CodeGroup group, std::string warning = {}) {
  return {group, {}, std::move(warning)};
}
CodeInfo refuse(std::string why) {
  return {CodeGroup::NonModal, std::move(why), {}};
}

/// Why gougechek refuses the LinuxCNC G code `tenths` it knows, or "".
std::string gCodeRefusal(int tenths) {
  const auto name = [tenths] { return gCodeName(tenths); };
  switch (tenths) {
    case G_5:
    case G_5_1:
    case G_5_2:
    case G_5_3:
      return name() + " splines are not supported yet";
    case G_7:
      return "G7 lathe diameter mode is not supported";
    case G_17_1:
    case G_18_1:
    case G_19_1:
      return name() + " (UVW planes) is not supported";
    case G_33:
      return "G33 spindle-synchronized motion (threading) is not supported yet";
    case G_43_2:
      return "G43.2 additional tool length offset is not supported yet";
    case G_76:
      return "G76 lathe threading cycle is not supported";
    case G_88:
      return "G88 boring cycle is not supported: the operator retracts the spindle by hand, so "
             "where the tool is afterwards is unknown";
    default:
      return "";
  }
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
  if (std::string why = gCodeRefusal(tenths); !why.empty()) return refuse(std::move(why));
  if (coordinateSystem(tenths) != 0) return accept(CodeGroup::CoordSystem);
  switch (tenths) {
    case G_0:
    case G_1:
    case G_2:
    case G_3:
    case G_80:
    case G_33_1:  // rigid tapping, probing: probing_and_tapping.cpp
    case G_38_2:
    case G_38_3:
    case G_38_4:
    case G_38_5:
      return accept(CodeGroup::Motion);
    case G_4:
      return accept(CodeGroup::NonModal);  // dwell: no motion
    case G_17:
    case G_18:
    case G_19:
      return accept(CodeGroup::Plane);
    case G_20:
    case G_21:
      return accept(CodeGroup::Units);
    case G_10:  // offsets: CoordinateOffsets
    case G_28:
    case G_28_1:
    case G_30:
    case G_30_1:
    case G_52:
    case G_53:
    case G_92:
    case G_92_1:
    case G_92_2:
    case G_92_3:
      return accept(CodeGroup::NonModal);
    case G_40:  // cutter radius compensation: CutterCompensation
    case G_41:
    case G_41_1:
    case G_42:
    case G_42_1:
      return accept(CodeGroup::CutterComp);
    case G_43:
    case G_43_1:
    case G_49:
      return accept(CodeGroup::ToolLength);
    case G_61:
    case G_61_1:
    case G_64:
      return accept(CodeGroup::PathControl);
    case G_8:
      return accept(CodeGroup::LatheMode);
    case G_90:
    case G_91:
      return accept(CodeGroup::Distance);
    case G_90_1:
    case G_91_1:
      return accept(CodeGroup::ArcDistance);
    case G_93:
    case G_94:
    case G_95:
      return accept(CodeGroup::FeedMode);
    case G_96:
    case G_97:
      return accept(CodeGroup::SpindleMode);
    case G_98:
    case G_99:
      return accept(CodeGroup::ReturnMode);
    default:
      break;
  }
  if (isCannedCycle(tenths)) return accept(CodeGroup::Motion);  // CannedCycle
  return refuse("unknown G code " + gCodeName(tenths));
}

CodeInfo describeMCode(int code) {
  const auto name = [code] { return mCodeName(code); };
  switch (code) {
    case M_0:
    case M_1:
    case M_2:
    case M_30:
    case M_60:
      return accept(CodeGroup::Stopping);
    case M_3:
    case M_4:
    case M_5:
    case M_19:
      return accept(CodeGroup::Spindle);
    case M_6:
    case M_61:
      return accept(CodeGroup::ToolChange);
    case M_7:
    case M_8:
    case M_9:
      return accept(CodeGroup::Coolant, name() + " coolant: ignored");
    case M_48:
    case M_49:
    case M_50:
    case M_51:
    case M_52:
    case M_53:
      return accept(CodeGroup::Override);
    case M_62:
    case M_63:
    case M_64:
    case M_65:
    case M_66:
    case M_67:
    case M_68:
      return accept(CodeGroup::Io);
    case M_70:
    case M_71:
    case M_73:
      return accept(CodeGroup::ModalState);
    case M_72:
      return refuse("M72 (restore modal state) is not supported yet");
    case M_98:  // Fanuc-style subprogram call and return: run by ControlFlow
    case M_99:
      return accept(CodeGroup::NonModal);
    default:
      return refuse("unknown M code " + name());
  }
}

}  // namespace gougechek
