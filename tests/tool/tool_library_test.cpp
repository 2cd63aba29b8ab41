// Tool libraries (docs/tools.md): the real FreeCAD, Fusion 360 and LinuxCNC files of the shared
// corpus read into the same cutters and holders as --tool specs written down here from the
// files' values, or refused by name; and hostile library files refused as input errors.
#include "tool/tool_library.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <string>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

const fs::path kTools = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "tools";

#define REQUIRE_TOOL_CORPUS()                                                  \
  do {                                                                         \
    if (!fs::is_directory(kTools)) {                                           \
      if (std::getenv("CI")) FAIL() << "tool corpus " << kTools << " missing"; \
      GTEST_SKIP() << "tool corpus " << kTools << " not found";                \
    }                                                                          \
  } while (false)

/// `value` inches in mm, as text that reads back as the very double the readers compute.
std::string in(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", value * 25.4);
  return text;
}

// How many of the corpus's tools each reader reads and refuses, against the corpus README's
// tallies of shapes and types. FreeCAD: 112 bits; refused are the shapes the bit's parameters
// do not fix (neoCAM's 40 custom shape files, probes, saws, thread mills, taps, radius and
// tapered ball mills, reamer, dovetail, ISO lathe inserts: 62), BTL's chamfer without an angle
// and NibblerBOT's two brad-point drills whose 8° point is longer than their stick-out.
constexpr int kFreeCadBitsRead = 47, kFreeCadBitsRefused = 65;
constexpr int kFreeCadLibraryToolsRead = 46, kFreeCadLibraryToolsRefused = 62;
// Fusion: 329 tools under 326 numbers (Matsuura's T198 and T401 and Haas's T99 name two tools
// each: refused as ambiguous); 65 taps, a probe, a slot mill and a form mill refused.
constexpr int kFusionToolsRead = 255, kFusionToolsWithHolders = 241, kFusionToolsRefused = 71;

std::string mm(double value) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

/// A Fusion dovetail's neck: as wide as the top of its cone (D, h in inches; A degrees).
std::string dovetailNeck(double diameter, double height, double angle) {
  return mm(diameter * 25.4 - 2 * (height * 25.4) * std::tan(angle * std::numbers::pi / 180));
}

std::string path(const std::string& relative) {
  return (kTools / relative).string();
}

ToolSpec withoutHolder(ToolSpec spec) {
  spec.holder.clear();
  spec.holder_name.clear();
  return spec;
}

class ToolLibraryFiles : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("gougechek_tool_library_" +
            std::to_string(::testing::UnitTest::GetInstance()->current_test_info()->line()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path file = dir_ / name;
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }

  /// The InputError message readToolLibrary gives for a file holding `text`.
  std::string refusal(const std::string& name, const std::string& text) {
    const std::string file = write(name, text);
    try {
      readToolLibrary(file);
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), file);
      return error.message();
    }
    ADD_FAILURE() << name << " was read: " << text;
    return "";
  }

  /// The refusal of tool `number` of the library in `text`.
  std::string toolRefusal(const std::string& text, int number) {
    const std::string file = write("tools.json", text);
    const ToolLibrary library = readToolLibrary(file);
    try {
      library.find(number);
    } catch (const InputError& error) {
      EXPECT_EQ(error.file(), file);
      return error.message();
    }
    ADD_FAILURE() << "T" << number << " was read";
    return "";
  }

  fs::path dir_;
};

// ---- FreeCAD -------------------------------------------------------------------------------

TEST(FreeCadBits, ReadIntoTheSpecsTheirParametersDescribe) {
  REQUIRE_TOOL_CORPUS();
  const std::map<std::string, std::string> expected = {
      {"freecad/FreeCAD-0.20.2/Bit/5mm_Endmill.fctb", "flat:5,flute=30,shank=3,length=50"},
      {"freecad/FreeCAD-0.20.2/Bit/6mm_Ball_End.fctb", "ball:6,flute=40,shank=3,length=50"},
      // FlatRadius 1.5 of a 6 mm cutter (0.20.2), CornerRadius 1.5 (main): the same corner.
      {"freecad/FreeCAD-0.20.2/Bit/6mm_Bullnose.fctb", "bull:6:1.5,flute=40,shank=3,length=50"},
      {"freecad/FreeCAD-main/Bit/6mm_Bullnose.fctb", "bull:6:1.5,flute=40,shank=3,length=50"},
      // A drill cuts along its Length; no stickout: all of it out of the holder.
      {"freecad/FreeCAD-0.20.2/Bit/5mm_Drill.fctb", "drill:5:119,flute=50"},
      // Included CuttingEdgeAngle 45: half-angle 22.5; the cone from the 5 mm tip to D.
      {"freecad/FreeCAD-0.20.2/Bit/45degree_chamfer.fctb",
       "chamfer:12.3323:5:22.5,flute=6.35,shank=6.35,length=30"},
      {"freecad/FreeCAD-main/Bit/30degree_Vbit.fctb", "chamfer:10:0.1:15,shank=5,length=30"},
      // Better Tool Library: comma decimals, btl-stickout "1 cm".
      {"freecad/knipknap/Bit/fd6e7498-2292-11ee-bac0-d3407e618046.fctb",
       "flat:1,flute=7,shank=3.175,length=10"},
      {"freecad/knipknap/Bit/4f1877a0-2999-11ee-9a1e-8d3dec022611.fctb",
       "bull:5:1,flute=30,shank=3,length=33"},
      // NibblerBOT: inches, Stickout.
      {"freecad/Connor9220/Bit/1_2in 60 V-Groove Bit 0.4375 loc 2.000 oal.fctb",
       "vbit:" + in(0.5) + ":60,flute=" + in(0.4375) + ",shank=" + in(0.25) +
           ",length=" + in(1.125)},
      {"freecad/Connor9220/Bit/1_8in Carbide Drill bit.fctb",
       "drill:" + in(0.125) + ":118,flute=" + in(1.365)},
  };
  for (const auto& [file, spec] : expected) {
    EXPECT_EQ(readFreeCadBit(path(file)), parseToolSpec(spec, "--tool")) << file;
  }
  // FlatRadius 0.125 in of a 0.75 in cutter: corner D/2 - FlatRadius, as FreeCAD migrates it.
  char corner[40];
  std::snprintf(corner, sizeof corner, "%.17g", 0.75 * 25.4 / 2 - 0.125 * 25.4);
  EXPECT_EQ(readFreeCadBit(path("freecad/Connor9220/Bit/3_4in Bowl & Tray Bit 0.625 loc 2.375 "
                                "oal.fctb")),
            parseToolSpec("bull:" + in(0.75) + ":" + corner + ",flute=" + in(0.625) +
                              ",shank=" + in(0.25) + ",length=" + in(1),
                          "--tool"));
}

TEST(FreeCadBits, EveryBitIsReadOrRefusedByName) {
  REQUIRE_TOOL_CORPUS();
  int read = 0, refused = 0;
  std::map<std::string, int> reasons;
  for (const auto& entry : fs::recursive_directory_iterator(kTools / "freecad")) {
    if (entry.path().extension() != ".fctb" || entry.path().parent_path().filename() == "known_bad")
      continue;
    try {
      readFreeCadBit(entry.path().string());
      ++read;
    } catch (const InputError& error) {
      ++refused;
      EXPECT_EQ(error.file(), entry.path().string());
      const std::string& message = error.message();
      const bool named = message.find("shape '") != std::string::npos ||
                         message.find("parameter ") != std::string::npos ||
                         message.find("must exceed") != std::string::npos;
      EXPECT_TRUE(named) << entry.path() << ": " << message;
      ++reasons[message.substr(0, message.find(' ', message.find(' ') + 1))];
    }
  }
  for (const auto& [reason, count] : reasons) std::printf("  %3d %s\n", count, reason.c_str());
  EXPECT_EQ(read, kFreeCadBitsRead);
  EXPECT_EQ(refused, kFreeCadBitsRefused);
}

TEST(FreeCadLibraries, EveryLibraryLoadsItsBitsByNumber) {
  REQUIRE_TOOL_CORPUS();
  int libraries = 0, read = 0, refused = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kTools / "freecad")) {
    if (entry.path().extension() != ".fctl") continue;
    const ToolLibrary library = readToolLibrary(entry.path().string());
    ++libraries;
    read += static_cast<int>(library.by_number.size());
    refused += static_cast<int>(library.refused.size());
    for (const auto& [number, refusal] : library.refused) {
      EXPECT_EQ(refusal.file, entry.path().string());
      EXPECT_EQ(refusal.reason.rfind("T" + std::to_string(number) + " '", 0), 0u) << refusal.reason;
    }
  }
  std::printf("  %d libraries: %d tools read, %d refused\n", libraries, read, refused);
  EXPECT_EQ(libraries, 8);
  EXPECT_EQ(read, kFreeCadLibraryToolsRead);
  EXPECT_EQ(refused, kFreeCadLibraryToolsRefused);

  // FreeCAD 0.20.2's Default library: T1 the 5 mm end mill, T2 the drill; T6 its thread
  // cutter, refused by name when used.
  const ToolLibrary defaults = readToolLibrary(path("freecad/FreeCAD-0.20.2/Library/Default.fctl"));
  ASSERT_NE(defaults.find(1), nullptr);
  EXPECT_EQ(*defaults.find(1), parseToolSpec("flat:5,flute=30,shank=3,length=50", "--tool"));
  EXPECT_EQ(*defaults.find(2), parseToolSpec("drill:5:119,flute=50", "--tool"));
  EXPECT_EQ(defaults.find(99), nullptr);
  int thread_mill = 0;
  for (const auto& [number, refusal] : defaults.refused) {
    if (refusal.reason.find("5mm-thread-cutter.fctb': shape 'thread-mill' is not supported") !=
        std::string::npos) {
      thread_mill = number;
    }
  }
  ASSERT_NE(thread_mill, 0);
  try {
    defaults.find(thread_mill);
    ADD_FAILURE() << "the thread mill was given a shape";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("thread-mill"), std::string::npos);
  }
}

TEST(FreeCadBits, KnownBadIsRefusedAsInvalidJson) {
  REQUIRE_TOOL_CORPUS();
  const std::string file =
      path("freecad/known_bad/FreeCAD_Path_45degree_chamfer_trailing_comma.fctb");
  try {
    readFreeCadBit(file);
    ADD_FAILURE() << "the trailing comma was read";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), file);
    EXPECT_EQ(error.line(), 12u);
    EXPECT_NE(error.message().find("not valid JSON"), std::string::npos) << error.message();
  }
}

TEST(FreeCadHolders, ProfileRisingEdgesBecomePiecesAboveTheStickOut) {
  REQUIRE_TOOL_CORPUS();
  // ER32 nut, standard: (0,0) (23,0) (25,2) (25,22.5) (0,22.5), mm above the exit face.
  const ToolSpec spec = parseToolSpec(
      "flat:6,length=30,holder=" + path("freecad/FreeCAD-main/ToolHolder/ER32_Standard.fcholder"),
      "--tool");
  EXPECT_EQ(spec.holder_name, "ER32 nut, standard");
  ASSERT_EQ(spec.holder.size(), 2u);
  EXPECT_EQ(spec.holder[0], (ToolSegment{"holder segment 1", false, 30, 32, 23, 25, 0}));
  EXPECT_EQ(spec.holder[1], (ToolSegment{"holder segment 2", false, 32, 52.5, 25, 25, 0}));
}

// ---- Fusion 360 ----------------------------------------------------------------------------

TEST(FusionLibraries, ReadIntoTheSpecsTheirGeometryDescribes) {
  REQUIRE_TOOL_CORPUS();
  ToolLibrary haas = readToolLibrary(path("fusion/carlbass_Haas_VM3.json"));
  const ToolLibrary matsuura = readToolLibrary(path("fusion/carlbass_Matsuura_MX330.json"));
  const ToolLibrary thermwood = readToolLibrary(path("fusion/carlbass_Thermwood_Model_90.json"));
  const auto tool = [](const ToolLibrary& library, int number) {
    const ToolSpec* spec = library.find(number);
    if (!spec) throw std::runtime_error("T" + std::to_string(number) + " missing");
    return *spec;
  };
  const auto spec = [](const std::string& text) { return parseToolSpec(text, "--tool"); };
  // DC, LCF, SFDM, LB (the stick-out, where the holder starts), in inches.
  EXPECT_EQ(tool(haas, 22), spec("bull:" + in(0.625) + ":" + in(0.03) + ",flute=" + in(2.5) +
                                 ",shank=" + in(0.625) + ",length=" + in(3.15)));
  EXPECT_EQ(withoutHolder(tool(haas, 3)),
            spec("chamfer:" + in(0.125) + ":0:45,flute=" + in(0.0625) + ",shank=" + in(0.125) +
                 ",length=" + in(0.623)));
  EXPECT_EQ(withoutHolder(tool(haas, 169)), spec("drill:" + in(0.1495) + ":118,flute=" + in(1.495) +
                                                 ",shank=" + in(0.1495) + ",length=" + in(1.595)));
  // A counter sink: SIG 82 included, tip-diameter 0.2 in.
  EXPECT_EQ(tool(haas, 114), spec("chamfer:" + in(1) + ":" + in(0.2) + ":41,flute=" + in(0.225) +
                                  ",shank=" + in(0.5) + ",length=" + in(1.78)));
  EXPECT_EQ(withoutHolder(tool(haas, 128)), spec("ball:" + in(0.1875) + ",flute=" + in(0.25) +
                                                 ",shank=" + in(0.1875) + ",length=" + in(0.625)));
  EXPECT_EQ(withoutHolder(tool(matsuura, 23)),
            spec("bull:" + in(0.75) + ":" + in(0.031) + ",flute=" + in(0.39) + ",shank=" + in(0.7) +
                 ",length=" + in(5.100000000000002)));
  // Lollipop: the neck is SFDM up to the shoulder, the holder at LB.
  EXPECT_EQ(withoutHolder(tool(matsuura, 428)),
            spec("lollipop:" + in(0.1875) + ",neck=" + in(0.125) + ",flute=" + in(1) +
                 ",shank=" + in(0.125) + ",length=" + in(1.5)));
  // Dovetail: LCF is the cutting height, TA the half-angle, the neck the cone's top.
  EXPECT_EQ(withoutHolder(tool(matsuura, 600)),
            spec("dovetail:" + in(1) + ":30.00000000000001:" + in(0.5) +
                 ",neck=" + dovetailNeck(1, 0.5, 30.00000000000001) + ",flute=" + in(0.7) +
                 ",shank=" + in(0.5) + ",length=" + in(0.75)));
  EXPECT_EQ(withoutHolder(tool(thermwood, 701)),
            spec("chamfer:" + in(0.24999999999999997) + ":" + in(0.01) + ":30,flute=" + in(0.217) +
                 ",shank=" + in(0.49999999999999994) + ",length=" + in(1.4999999999999998)));
  // The shoulder no higher than the cutting height: the neck runs up to the holder.
  EXPECT_EQ(withoutHolder(tool(thermwood, 778)),
            spec("dovetail:" + in(0.9999999999999999) + ":14:" + in(0.9999999999999999) +
                 ",neck=" + dovetailNeck(0.9999999999999999, 0.9999999999999999, 14) +
                 ",flute=" + in(1.4999999999999998) + ",shank=" + in(0.49999999999999994)));
  EXPECT_EQ(withoutHolder(tool(thermwood, 505)),
            spec("flat:" + in(0.625) + ",flute=" + in(1.9999999999999998) + ",shank=" + in(0.625) +
                 ",length=" + in(2.5)));
}

TEST_F(ToolLibraryFiles, FusionHoldersAreTheProfileFileSpecs) {
  REQUIRE_TOOL_CORPUS();
  const ToolLibrary haas = readToolLibrary(path("fusion/carlbass_Haas_VM3.json"));
  // The holder segments of T36 and T9 (in inches in the file), tool end first, at LB.
  const std::string er16_3 =
      write("er16_3.txt", "name MariTool ER16-3.0 VM3\n" + in(1.7) + " " + in(1.1) + " " + in(1.1) +
                              "\n" + in(0.625) + " " + in(1.75) + " " + in(1.75) + "\n" +
                              in(0.625) + " " + in(2.9) + " " + in(2.9));
  EXPECT_EQ(*haas.find(36),
            parseToolSpec("flat:" + in(0.0625) + ",flute=" + in(0.125) + ",shank=" + in(0.0625) +
                              ",length=" + in(0.435) + ",holder=" + er16_3,
                          "--tool"));
  const std::string er16_4 = write(
      "er16_4.txt", "# tool end first\nname MariTool ER16-4.0 VM3\n" + in(2.65) + " " + in(1.1) +
                        " " + in(1.1) + "\n" + in(0.625) + " " + in(1.5) + " " + in(1.5) +
                        "  # the nut\n" + in(0.625) + " " + in(2.5) + " " + in(2.5) + "\n");
  EXPECT_EQ(*haas.find(9),
            parseToolSpec("spot:" + in(0.375) + ":120,flute=" + in(0.75) + ",shank=" + in(0.375) +
                              ",length=" + in(1.609) + ",holder=" + er16_4,
                          "--tool"));
  const std::vector<ToolSegment> pieces = toolAssembly(*haas.find(9));
  ASSERT_EQ(pieces.size(), 6u);  // cone, side flutes, shank, three holder segments
  EXPECT_EQ(pieces[3].name, "holder segment 1");
  EXPECT_FALSE(pieces[3].cutting);
  EXPECT_DOUBLE_EQ(pieces[3].z_bottom, 1.609 * 25.4);
}

TEST(FusionLibraries, EveryToolIsReadOrRefusedByName) {
  REQUIRE_TOOL_CORPUS();
  int read = 0, refused = 0, holders = 0;
  std::map<std::string, int> reasons;
  for (const auto& entry : fs::directory_iterator(kTools / "fusion")) {
    if (entry.path().extension() != ".json") continue;
    const ToolLibrary library = readToolLibrary(entry.path().string());
    read += static_cast<int>(library.by_number.size());
    refused += static_cast<int>(library.refused.size());
    for (const auto& [number, spec] : library.by_number) holders += spec.holder.empty() ? 0 : 1;
    for (const auto& [number, refusal] : library.refused) {
      EXPECT_EQ(refusal.file, entry.path().string());
      EXPECT_EQ(refusal.reason.rfind("T" + std::to_string(number) + " ", 0), 0u) << refusal.reason;
      const std::size_t type = refusal.reason.find("type '");
      ++reasons[type == std::string::npos ? refusal.reason : refusal.reason.substr(type)];
    }
  }
  for (const auto& [reason, count] : reasons) std::printf("  %3d %s\n", count, reason.c_str());
  std::printf("  Fusion: %d read (%d with a holder), %d refused\n", read, holders, refused);
  EXPECT_EQ(read, kFusionToolsRead);
  EXPECT_EQ(holders, kFusionToolsWithHolders);
  EXPECT_EQ(refused, kFusionToolsRefused);
}

// ---- LinuxCNC ------------------------------------------------------------------------------

TEST(LinuxCncTables, ReadAsToolTables) {
  REQUIRE_TOOL_CORPUS();
  const std::string kondor = path("linuxcnc/GuiHue_kondor_tool.tbl");
  const ToolLibrary library = readToolLibrary(kondor);
  EXPECT_EQ(library.by_number.size(), 117u);
  EXPECT_EQ(library.files.at(20), kondor);
  // VK45's table has a T0 entry (the empty spindle): refused, as readToolTable does.
  try {
    readToolLibrary(path("linuxcnc/ZincBoy_VK45-5axis_tool.tbl"));
    ADD_FAILURE() << "VK45's T0 was read";
  } catch (const InputError& error) {
    EXPECT_GT(error.line(), 0u);
    EXPECT_NE(error.message().find("T0"), std::string::npos) << error.message();
  }
}

// ---- merging and hostile files ---------------------------------------------------------------

TEST_F(ToolLibraryFiles, ANumberInTwoLibrariesIsAnErrorNamingBoth) {
  const std::string first = write("a.tbl", "T1 D6 ;ball\nT2 D4\n");
  const std::string second = write("b.tbl", "T3 D6\nT2 D8\n");
  ToolLibrary library = readToolLibrary(first);
  try {
    mergeToolLibrary(library, readToolLibrary(second));
    ADD_FAILURE() << "T2 defined twice";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), second);
    EXPECT_NE(error.message().find("T2 is defined here and in " + first), std::string::npos)
        << error.message();
  }
  const std::string third = write("c.tbl", "T3 D6 ;drill point=118\n");
  mergeToolLibrary(library, readToolLibrary(third));
  EXPECT_EQ(library.find(3)->type, CutterType::Drill);
  EXPECT_EQ(library.find(1)->type, CutterType::Ball);
}

TEST_F(ToolLibraryFiles, ANumberTwiceInOneLibraryIsRefusedWhenUsed) {
  const std::string message = toolRefusal(
      R"({"data": [
        {"type": "flat end mill", "unit": "millimeters", "description": "first",
         "geometry": {"DC": 6, "LCF": 20}, "post-process": {"number": 4}},
        {"type": "ball end mill", "unit": "millimeters", "description": "second",
         "geometry": {"DC": 6, "LCF": 20}, "post-process": {"number": 4}}]})",
      4);
  EXPECT_NE(message.find("T4 is listed twice in this library: T4 'first'"), std::string::npos)
      << message;
}

TEST_F(ToolLibraryFiles, BadToolsAreRefusedWithTheirNumberAndWhy) {
  const auto fusion = [](const std::string& geometry, const std::string& type = "flat end mill",
                         const std::string& unit = "millimeters") {
    return R"({"data": [{"type": ")" + type + R"(", "unit": ")" + unit +
           R"(", "description": "bad one", "geometry": )" + geometry +
           R"(, "post-process": {"number": 7}}]})";
  };
  EXPECT_NE(toolRefusal(fusion(R"({"DC": -6, "LCF": 20})"), 7).find("T7 'bad one'"),
            std::string::npos);
  EXPECT_NE(toolRefusal(fusion(R"({"DC": -6, "LCF": 20})"), 7).find("diameter must be positive"),
            std::string::npos);
  EXPECT_NE(toolRefusal(fusion(R"({"DC": 6})"), 7).find("LCF is missing"), std::string::npos);
  EXPECT_NE(toolRefusal(fusion(R"({"DC": "6", "LCF": 20})"), 7).find("DC is not a number"),
            std::string::npos);
  EXPECT_NE(toolRefusal(fusion(R"({"DC": 1e308, "LCF": 20})", "flat end mill", "inches"), 7)
                .find("largest cutter size"),
            std::string::npos);
  EXPECT_NE(toolRefusal(fusion(R"({"DC": 6, "LCF": 20})", "flat end mill", "furlongs"), 7)
                .find("neither millimeters nor inches"),
            std::string::npos);
  EXPECT_NE(toolRefusal(fusion(R"({"DC": 6, "LCF": 20})", "thread mill"), 7)
                .find("type 'thread mill' is not supported"),
            std::string::npos);
  EXPECT_NE(
      toolRefusal(fusion(R"({"DC": 6, "LCF": 20, "SIG": 0})", "drill"), 7).find("point angle"),
      std::string::npos);
  // A holder segment of a negative height, a holder with no LB to stand on.
  EXPECT_NE(toolRefusal(R"({"data": [{"type": "flat end mill", "unit": "millimeters",
      "geometry": {"DC": 6, "LCF": 20, "LB": 30}, "post-process": {"number": 7},
      "holder": {"unit": "millimeters", "segments": [{"height": -1, "lower-diameter": 20,
      "upper-diameter": 20}]}}]})",
                        7)
                .find("holder segment height -1"),
            std::string::npos);
  EXPECT_NE(toolRefusal(R"({"data": [{"type": "flat end mill", "unit": "millimeters",
      "geometry": {"DC": 6, "LCF": 20}, "post-process": {"number": 7},
      "holder": {"unit": "millimeters", "segments": [{"height": 1, "lower-diameter": 20,
      "upper-diameter": 20}]}}]})",
                        7)
                .find("no body length LB"),
            std::string::npos);
}

TEST_F(ToolLibraryFiles, HostileFilesAreInputErrors) {
  EXPECT_NE(refusal("a.json", "{\"data\": [").find("not valid JSON"), std::string::npos);
  EXPECT_NE(refusal("a.json", "[1, 2]").find("not a JSON object"), std::string::npos);
  EXPECT_NE(refusal("a.json", "{}").find("neither a Fusion 360"), std::string::npos);
  EXPECT_NE(refusal("a.json", R"({"data": 5})").find("\"data\" is not a list"), std::string::npos);
  EXPECT_NE(refusal("a.json", R"({"data": [5]})").find("data[0] is not an object"),
            std::string::npos);
  EXPECT_NE(refusal("a.json", R"({"data": [{"type": "drill"}]})").find("post-process number"),
            std::string::npos);
  EXPECT_NE(refusal("a.json", R"({"data": [{"type": "drill", "post-process": 3}]})")
                .find("not a tool library"),
            std::string::npos);
  EXPECT_NE(refusal("a.json", R"({"data": [{"type": 3, "post-process": {"number": 1}}]})")
                .find("not a tool library"),
            std::string::npos);
  EXPECT_NE(refusal("a.json", R"({"data": [{"type": "drill", "post-process": {"number": 1e30}}]})")
                .find("post-process number"),
            std::string::npos);
  EXPECT_NE(refusal("a.json", std::string(100000, '[')).find("nested deeper"), std::string::npos);
  // Found by fuzz_tool_library: a number past double's range.
  EXPECT_NE(refusal("a.json", R"({"data": [{"geometry": {"DC": 8e618046}}]})").find("overflow"),
            std::string::npos);
  EXPECT_NE(refusal("a.fctl", R"({"tools": {"nr": 1}})").find("\"tools\" is not a list"),
            std::string::npos);
  EXPECT_NE(
      refusal("a.fctl", R"({"tools": [{"nr": -1, "path": "x.fctb"}]})").find("tool number -1"),
      std::string::npos);
  EXPECT_NE(refusal("a.fctl", R"({"tools": [{"nr": 1}]})").find("expected {\"nr\""),
            std::string::npos);
  EXPECT_NE(refusal("bit.fctb", R"({"shape": "endmill.fcstd", "parameter": {}})")
                .find("has no tool number"),
            std::string::npos);
  EXPECT_NE(refusal("x.tools", std::string("PK\x03\x04rest", 8)).find("ZIP"), std::string::npos);
  EXPECT_NE(refusal("a.tbl", "T1 D-6\n").find("diameter must be positive"), std::string::npos);
  EXPECT_NE(refusal("folder.json", "").find("not valid JSON"), std::string::npos);
}

TEST_F(ToolLibraryFiles, FreeCadLibraryNamesBitsNotFilesElsewhere) {
  // A path that climbs out of the library's folder, or an absolute one, is looked up by its
  // file name in ../Bit only: the bit beside the library's folder is not read through it.
  const std::string bit = R"({"shape": "endmill.fcstd", "parameter": {"Diameter": "6 mm",
      "CuttingEdgeHeight": "20 mm", "Length": "50 mm"}})";
  const std::string outside = write("secret/hidden.fctb", bit);
  write("Library/inside.fctb", bit);
  const std::string file = write("Library/lib.fctl", R"({"tools": [
      {"nr": 1, "path": "../secret/hidden.fctb"}, {"nr": 2, "path": ")" +
                                                         outside + R"("},
      {"nr": 3, "path": "inside.fctb"}, {"nr": 4, "path": ")" +
                                                         std::string(300, 'x') + R"(.fctb"}]})");
  const ToolLibrary library = readToolLibrary(file);
  // ... and a name too long for any file system is not found either.
  for (int number : {1, 2, 4}) {
    ASSERT_TRUE(library.refused.contains(number)) << number;
    EXPECT_NE(library.refused.at(number).reason.find("not found"), std::string::npos)
        << library.refused.at(number).reason;
  }
  EXPECT_TRUE(library.by_number.contains(3));
}

TEST_F(ToolLibraryFiles, FreeCadStickOutNeedsNoLength) {
  // The stick-out is what reaches the part; a bit that gives it needs no overall length.
  const std::string file = write("Bit/out.fctb", R"({"shape": "endmill.fcstd", "parameter": {
      "Diameter": "6 mm", "CuttingEdgeHeight": "20 mm", "Stickout": "35 mm"}})");
  const ToolSpec spec = readFreeCadBit(file);
  EXPECT_DOUBLE_EQ(spec.flute_length, 20);
  EXPECT_DOUBLE_EQ(spec.overall_length, 35);
}

TEST_F(ToolLibraryFiles, FreeCadBitsWithBadParametersAreRefusedWhenUsed) {
  write("Bit/nan.fctb", R"({"shape": "endmill.fcstd", "parameter": {"Diameter": "nan mm",
      "CuttingEdgeHeight": "10 mm", "Length": "50 mm"}})");
  write("Bit/huge.fctb", R"({"shape": "endmill.fcstd", "parameter": {"Diameter": "1e300 mm",
      "CuttingEdgeHeight": "10 mm", "Length": "50 mm"}})");
  write("Bit/angle.fctb", R"({"shape": "drill.fcstd", "parameter": {"Diameter": "5 mm",
      "Length": "50 mm", "TipAngle": "118 mm"}})");
  write("Bit/unit.fctb", R"({"shape": "endmill.fcstd", "parameter": {"Diameter": "5 parsecs",
      "CuttingEdgeHeight": "10 mm", "Length": "50 mm"}})");
  write("Bit/missing.fctb", R"({"shape": "ballend.fcstd", "parameter": {"Diameter": "5 mm",
      "Length": "50 mm"}})");
  write("Bit/custom.fctb", R"({"shape": "6mm_endmill_rad.fcstd", "parameter": {}})");
  const std::string file = write("Library/lib.fctl", R"({"tools": [
      {"nr": 1, "path": "nan.fctb"}, {"nr": 2, "path": "huge.fctb"},
      {"nr": 3, "path": "angle.fctb"}, {"nr": 4, "path": "unit.fctb"},
      {"nr": 5, "path": "missing.fctb"}, {"nr": 6, "path": "custom.fctb"},
      {"nr": 7, "path": "absent.fctb"}]})");
  const ToolLibrary library = readToolLibrary(file);
  EXPECT_TRUE(library.by_number.empty());
  const std::vector<std::string> why = {"is not a number",
                                        "beyond the largest cutter size",
                                        "expected an angle",
                                        "unknown unit 'parsecs'",
                                        "parameter CuttingEdgeHeight is missing",
                                        "shape '6mm_endmill_rad' is not supported",
                                        "bit file 'absent.fctb' not found"};
  for (int number = 1; number <= 7; ++number) {
    ASSERT_TRUE(library.refused.contains(number)) << number;
    EXPECT_NE(library.refused.at(number).reason.find(why[number - 1]), std::string::npos)
        << library.refused.at(number).reason;
  }
}

}  // namespace
}  // namespace gougechek
