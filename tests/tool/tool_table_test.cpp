#include "tool/tool_table.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gougechek/error.hpp"

namespace gougechek {
namespace {

ToolLibrary readTable(const std::string& text) {
  std::istringstream in(text);
  return readToolTable(in, "tools.tbl");
}

TEST(ToolTable, ReadsLinuxCncEntries) {
  const ToolLibrary library = readTable(
      "; header comment\n"
      "\n"
      "T1 P1 D6.0 Z+50.0 ;ball flute=24\n"
      "T2 P2 X0 Y0 Z-12.5 A0 B0 C0 U0 V0 W0 I0 J0 Q0 D10 ;6mm two-flute end mill\n"
      "t3 p3 d8 ;bull r=1, flute=20, shank=7 length=70\n"
      "T4 P4 D2 ;taper r=0.25 angle=5 flute=12\n"
      "T5 D12\n"
      "T6 D4 ;flute=9\n");
  ASSERT_EQ(library.by_number.size(), 6u);
  EXPECT_FALSE(library.fallback);

  const ToolSpec& ball = library.by_number.at(1);
  EXPECT_EQ(ball.type, CutterType::Ball);
  EXPECT_DOUBLE_EQ(ball.diameter, 6);
  EXPECT_DOUBLE_EQ(ball.corner_radius, 3);
  EXPECT_DOUBLE_EQ(ball.flute_length, 24);

  const ToolSpec& described = library.by_number.at(2);
  EXPECT_EQ(described.type, CutterType::Flat);
  EXPECT_DOUBLE_EQ(described.diameter, 10);
  EXPECT_DOUBLE_EQ(described.flute_length, 40);

  const ToolSpec& bull = library.by_number.at(3);
  EXPECT_EQ(bull.type, CutterType::Bull);
  EXPECT_DOUBLE_EQ(bull.corner_radius, 1);
  EXPECT_DOUBLE_EQ(bull.shank_diameter, 7);
  EXPECT_DOUBLE_EQ(bull.overall_length, 70);

  const ToolSpec& taper = library.by_number.at(4);
  EXPECT_EQ(taper.type, CutterType::Taper);
  EXPECT_DOUBLE_EQ(taper.corner_radius, 0.25);
  EXPECT_DOUBLE_EQ(taper.taper_angle_deg, 5);

  EXPECT_EQ(library.by_number.at(5).type, CutterType::Flat);
  EXPECT_DOUBLE_EQ(library.by_number.at(6).flute_length, 9);
}

/// The InputError `text` raises; checks it names tools.tbl and `line`.
std::string errorAt(const std::string& text, std::size_t line) {
  try {
    readTable(text);
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "tools.tbl");
    EXPECT_EQ(error.line(), line) << error.what();
    return error.message();
  }
  ADD_FAILURE() << "no error for " << text;
  return {};
}

TEST(ToolTable, ZIsTheToolLengthOffset) {
  const ToolLibrary library = readTable("T1 P1 D6.0 Z+50.0\nT2 D4 Z-12.5\nT3 D2\n");
  EXPECT_EQ(library.by_number.at(1).length_offset, 50.0);
  EXPECT_EQ(library.by_number.at(2).length_offset, -12.5);
  EXPECT_EQ(library.by_number.at(3).length_offset, 0.0);
}

TEST(ToolTable, RejectsFaultyEntriesNamingTheLine) {
  EXPECT_NE(errorAt("T1 D6\nP2 D6\n", 2).find("without a T word"), std::string::npos);
  EXPECT_NE(errorAt("T1 P1\n", 1).find("without a D word"), std::string::npos);
  EXPECT_NE(errorAt("T0 D6\n", 1).find("T0 means no tool"), std::string::npos);
  EXPECT_NE(errorAt("T1.5 D6\n", 1).find("whole number"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6\nT1 D8\n", 2).find("listed twice"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 D7\n", 1).find("D given twice"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 K3\n", 1).find("unknown tool table word 'K3'"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 Zabc\n", 1).find("not a number"), std::string::npos);
  EXPECT_NE(errorAt("T1 D-6\n", 1).find("diameter must be positive"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 ;bull flute=20\n", 1).find("corner radius"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 ;taper r=1\n", 1).find("half-angle"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 ;ball r=1\n", 1).find("does not apply"), std::string::npos);
  EXPECT_NE(errorAt("T1 D6 ;ball long neck=3\n", 1).find("'long' in the cutter comment is not"),
            std::string::npos);
  EXPECT_NE(errorAt("T1 D6 ;bull r=1 r=2\n", 1).find("given twice"), std::string::npos);
}

// A type in capitals was a free description: the tool became a flat end mill of diameter D and
// its keys were dropped; a taper's flank then went unchecked.
TEST(ToolTable, CutterTypesAndKeysAreReadInAnyCase) {
  const ToolLibrary library = readTable(
      "T1 P1 D1 ;TAPER r=0.25 angle=10 flute=12\n"
      "T2 D6 ;BALL flute=24\n"
      "T3 D6 ;Ball 6mm\n"
      "T4 D8 ;Bull R=1 FLUTE=20\n");
  const ToolSpec& taper = library.by_number.at(1);
  EXPECT_EQ(taper.type, CutterType::Taper);
  EXPECT_DOUBLE_EQ(taper.corner_radius, 0.25);
  EXPECT_DOUBLE_EQ(taper.taper_angle_deg, 10);
  EXPECT_DOUBLE_EQ(taper.flute_length, 12);
  EXPECT_EQ(library.by_number.at(2).type, CutterType::Ball);
  EXPECT_DOUBLE_EQ(library.by_number.at(2).flute_length, 24);
  EXPECT_EQ(library.by_number.at(3).type, CutterType::Ball);  // a ball, described freely
  EXPECT_DOUBLE_EQ(library.by_number.at(4).corner_radius, 1);
  EXPECT_DOUBLE_EQ(library.by_number.at(4).flute_length, 20);
}

// Once a comment holds key=value words it describes the cutter, and a word that is not
// key=value is an error rather than dropped; free descriptions of real tables still load.
TEST(ToolTable, ACommentWithKeysIsReadStrictly) {
  EXPECT_NE(errorAt("T1 D6 ;Ball 6mm flute=24\n", 1).find("'6mm' in the cutter comment is not"),
            std::string::npos);
  EXPECT_NE(errorAt("T1 D6 ;TAPER r=0.25 angle 10\n", 1).find("'angle' in the cutter comment"),
            std::string::npos);
  const ToolLibrary library = readTable(
      "T1 D8 ;ZGT S - ZGT Endmill 8mm (di9HGY)\n"
      "T2 D6 ;BB Ball Ball R3X6x50 (J6So4w)\n"
      "T3 D3 ;12mm double chamfer\n");
  for (int number : {1, 2, 3}) EXPECT_EQ(library.by_number.at(number).type, CutterType::Flat);
}

// A first word that is not exactly a type (`;TAPERED`, `;ballnose`, `;T1 taper`) made the whole
// comment a free description: its key=value sizes were dropped and the tool became a flat end
// mill of flute 4 D, a false PASS for a taper.
TEST(ToolTable, KeysAfterAWordThatIsNoTypeAreRefused) {
  for (const char* entry :
       {"T1 D1 ;TAPERED r=0.25 angle=10 flute=12\n", "T1 D6 ;ballnose flute=30\n",
        "T1 D6 ;BALL_END flute=30\n", "T1 D6 ;T1 taper angle=10\n", "T1 D6 ;(TAPER) angle=10\n"})
    EXPECT_NE(errorAt(entry, 1).find("is not a cutter type, and the comment holds key=value"),
              std::string::npos)
        << entry;
}

// holder=ER99 was read as a number: "holder: 'ER99' is not a number".
TEST(ToolTable, HolderIsNoTableKey) {
  for (const char* entry : {"T1 D6 ;ball holder=ER99\n", "T1 D6 ;ball holder=3\n"})
    EXPECT_NE(errorAt(entry, 1).find("holder is not a tool table key: give the holder with "
                                     "--holder"),
              std::string::npos);
}

// A table saved with CR alone as the line end was one line: "'T2' in the cutter comment is not
// key=value".
TEST(ToolTable, ACarriageReturnAloneEndsALine) {
  const ToolLibrary library = readTable("T1 D6 ;ball\rT2 D4 ;flat\r\nT3 D2\r");
  ASSERT_EQ(library.by_number.size(), 3u);
  EXPECT_EQ(library.by_number.at(1).type, CutterType::Ball);
  EXPECT_EQ(errorAt("T1 D6\rT1 D4\r", 2), "tool T1 listed twice");
}

// A NUL byte cut the message off at it: "diameter D: '6".
TEST(ToolTable, ANulByteIsShownInTheMessage) {
  using namespace std::string_literals;
  try {
    readTable("T1 D6\0x\n"s);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(), "tools.tbl:1: diameter D: '6\\0x' is not a number");
  }
}

TEST(ToolTable, MissingFileIsAnInputError) {
  try {
    readToolTable("/nonexistent/tools.tbl");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "/nonexistent/tools.tbl");
    EXPECT_EQ(error.message(), "cannot open the tool table: No such file or directory");
  }
}

// The message of the InputError reading the table at `path` throws, or "" when it throws none.
std::string errorReading(const std::string& path) {
  try {
    readToolTable(path);
  } catch (const InputError& error) {
    return error.message();
  }
  return "";
}

// A directory opens (fopen succeeds on Linux) and then reads as empty: it was an empty table.
TEST(ToolTable, ADirectoryIsAnInputError) {
  EXPECT_EQ(errorReading(std::filesystem::temp_directory_path().string()),
            "is a directory, not a tool table");
}

// A device without end (/dev/zero) used to be read until memory ran out.
TEST(ToolTable, AnEndlessDeviceIsCutOffAtTheCap) {
  EXPECT_NE(errorReading("/dev/zero").find("not a regular file and longer than 16 MiB"),
            std::string::npos);
}

// A regular file was read whole whatever its size: a 3 GB file took 15 GB of memory.
TEST(ToolTable, ARegularFileOverTheCapIsRefusedUnread) {
  const std::string big =
      (std::filesystem::temp_directory_path() / ("big_table_" + std::to_string(::getpid())))
          .string();
  std::ofstream(big) << "T1 D6\n";
  std::filesystem::resize_file(big, std::uintmax_t{1} << 30);  // sparse: no disk used
  EXPECT_EQ(errorReading(big),
            "longer than 16 MiB, the most read of a tool table: is it the right file?");
  std::filesystem::remove(big);
}

// A holder profile saved with CR alone as the line end was one line: "unexpected '30' after the
// segment".
TEST(HolderProfile, ACarriageReturnAloneEndsALine) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("holder_cr_" + std::to_string(::getpid())))
          .string();
  std::ofstream(path, std::ios::binary) << "name CR holder\r5 30 30\r10 30 40\r";
  std::string name;
  const std::vector<ToolSegment> segments = holderSegments(path, 40, "--holder", &name);
  std::filesystem::remove(path);
  EXPECT_EQ(name, "CR holder");
  ASSERT_EQ(segments.size(), 2u);
  EXPECT_DOUBLE_EQ(segments[1].z_top, 55);
}

TEST(ToolTable, ATableFromAPipeIsRead) {
  const std::string fifo =
      (std::filesystem::temp_directory_path() / ("tools_fifo_" + std::to_string(::getpid())))
          .string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(fifo) << "T1 P1 D6 ;ball\n"; });
  const ToolLibrary library = readToolTable(fifo);
  writer.join();
  std::filesystem::remove(fifo);
  EXPECT_EQ(library.by_number.size(), 1u);
}

}  // namespace
}  // namespace gougechek
