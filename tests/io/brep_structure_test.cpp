// Partial or inconsistent STEP/IGES files are input errors, never a partial part
// (docs/checking-rules.md, fail closed): a cheap scan compares what the file declares with what it
// holds, and OpenCASCADE runs in a child process, so a crash in it is an error naming the file.
#include "io/brep_structure.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <thread>
#include <vector>

#include "io/brep_test_parts.hpp"
#include "io/io_test_support.hpp"
#include "io/part_reader.hpp"

namespace gougechek {
namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Two boxes side by side (two solids, twelve faces), as STEP and as IGES text.
class BrepStructure : public testing::Test {
 protected:
  void SetUp() override {
    BRep_Builder builder;
    TopoDS_Compound boxes;
    builder.MakeCompound(boxes);
    builder.Add(boxes, BRepPrimAPI_MakeBox(gp_Pnt(0, 0, 0), 10, 10, 10).Shape());
    builder.Add(boxes, BRepPrimAPI_MakeBox(gp_Pnt(20, 0, 0), 10, 10, 10).Shape());
    test::writeStep(boxes, dir_.file("boxes.step"));
    test::writeIges(boxes, dir_.file("boxes.igs"));
    step_ = readText(dir_.file("boxes.step"));
    iges_ = readText(dir_.file("boxes.igs"));
  }

  // `text` with the first line that contains `part` removed.
  static std::string withoutLineContaining(const std::string& text, const std::string& part) {
    const std::size_t at = text.find(part);
    const std::size_t start = text.rfind('\n', at) + 1;
    return text.substr(0, start) + text.substr(text.find('\n', at) + 1);
  }

  test::ScratchDir dir_;
  std::string step_, iges_;
};

TEST_F(BrepStructure, WellFormedFilesPass) {
  EXPECT_NO_THROW(checkStepStructure(step_, "boxes.step"));
  EXPECT_NO_THROW(checkIgesStructure(iges_, "boxes.igs"));
  EXPECT_EQ(importPart(dir_.file("boxes.step"), 1.0).faces, 12u);
  EXPECT_EQ(importPart(dir_.file("boxes.igs"), 1.0).faces, 12u);
}

// A pipe is read once, within its cap, checked, and handed to OpenCASCADE as a temporary copy.
TEST_F(BrepStructure, AStepPartFromAPipeIsRead) {
  const std::string fifo = dir_.file("part.step");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << step_; });
  const ImportedPart part = importPart(fifo, 1.0);
  writer.join();
  EXPECT_EQ(part.faces, 12u);
}

TEST_F(BrepStructure, AStepFileWithAFaceEntityDeletedIsAnError) {
  const std::string broken =
      dir_.write("no_face.step", withoutLineContaining(step_, "ADVANCED_FACE"));
  try {
    importPart(broken, 1.0);
    ADD_FAILURE() << "a STEP file without one of its faces was read";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), broken);
    EXPECT_GT(error.line(), 0u);  // the shell that lists the missing face
    EXPECT_NE(error.message().find("which the file does not define (an entity is missing)"),
              std::string::npos)
        << error.what();
  }
}

// OCCT's parser skips a statement it cannot parse and reads the part without that face.
TEST_F(BrepStructure, AStepStatementWhoseParenthesesDoNotCloseIsAnError) {
  std::string text = step_;
  const std::size_t face = text.find("ADVANCED_FACE");
  text.erase(text.find(");", face), 1);  // ",.T.);" becomes ",.T.;"
  const auto line =
      static_cast<std::size_t>(std::count(text.begin(), text.begin() + face, '\n')) + 1;
  test::expectInputError([&] { checkStepStructure(text, "f.step"); }, "f.step",
                         "a damaged DATA statement: its parentheses do not close at its end", line);
  const std::string broken = dir_.write("unclosed.step", text);
  test::expectInputError([&] { importPart(broken, 1.0); }, broken, "a damaged DATA statement",
                         line);
  // Complex instances and strings holding parentheses are well formed.
  const std::string complex =
      "ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1 = ( A('(') B(#1,(1.,2.)) );\nENDSEC;\n"
      "END-ISO-10303-21;\n";
  EXPECT_NO_THROW(checkStepStructure(complex, "c.step"));
}

// A misspelt entity type is well formed text: OCCT reads it as an unknown entity and the shell
// that lists it without that face (10 faces became 9, the solid a shell).
TEST_F(BrepStructure, AStepFaceOfAnUnknownTypeIsAnError) {
  std::string text = step_;
  text.replace(text.find("ADVANCED_FACE"), 13, "ADVANCED_FACX");
  const std::string broken = dir_.write("facx.step", text);
  test::expectInputError([&] { importPart(broken, 1.0); }, broken,
                         "could not be read (it is damaged, or refers to an entity of an "
                         "unknown or wrong type): the part would be read without it");
}

// The IGES counterpart: a face's two directory lines given the type 999 (72 of 73 faces read).
TEST_F(BrepStructure, AnIgesFaceOfAnUnknownTypeIsAnError) {
  std::string text = iges_;
  const std::size_t first = text.find("\n     510") + 1;
  const std::size_t second = text.find('\n', first) + 1;
  ASSERT_EQ(text.compare(second, 8, "     510"), 0);
  text.replace(first, 8, "     999");
  text.replace(second, 8, "     999");
  const std::string broken = dir_.write("t999.igs", text);
  test::expectInputError([&] { importPart(broken, 1.0); }, broken,
                         ": the part would be read without it");
}

TEST_F(BrepStructure, ADanglingReferenceNamesTheLineThatRefersToIt) {
  const std::string text =
      "ISO-10303-21;\nHEADER;\nFILE_NAME('a;b#3','',(''),(''),'','','');\nENDSEC;\nDATA;\n"
      "#1 = CARTESIAN_POINT('',(0.,0.,0.));\n#2 = VERTEX_POINT('',\n  #7);\nENDSEC;\n"
      "END-ISO-10303-21;\n";
  test::expectInputError([&] { checkStepStructure(text, "f.step"); }, "f.step",
                         "refers to #7, which the file does not define", 7);
  // '#' and ';' inside strings and comments are neither references nor statement ends.
  const std::string quoted =
      "ISO-10303-21;\nHEADER;\n/* #9; */ENDSEC;\nDATA;\n#1 = A('it''s #8;');\nENDSEC;\n"
      "END-ISO-10303-21;\n";
  EXPECT_NO_THROW(checkStepStructure(quoted, "q.step"));
}

// A second definition of #17, put before its own, hid a face without a word: OCCT keeps one.
TEST_F(BrepStructure, AnEntityDefinedTwiceIsAnErrorNamingBothLines) {
  const std::string text =
      "ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1 = CARTESIAN_POINT('',(0.,0.,0.));\n"
      "#17 = CARTESIAN_POINT('',(1.,0.,0.));\n#2 = VERTEX_POINT('',#17);\n"
      "#17 = CARTESIAN_POINT('',(2.,0.,0.));\nENDSEC;\nEND-ISO-10303-21;\n";
  test::expectInputError([&] { checkStepStructure(text, "f.step"); }, "f.step",
                         "#17 is defined twice, on lines 6 and 8", 8);
  // A real part with one of its entities defined a second time, before its own definition.
  const std::size_t data = step_.find("DATA;\n") + 6;
  const std::size_t face = step_.rfind('\n', step_.find("ADVANCED_FACE")) + 1;
  const std::size_t equals = step_.find('=', face);
  const std::string copy =
      step_.substr(face, equals - face) + "= CARTESIAN_POINT('',(0.,0.,0.));\n";
  const std::string doubled = step_.substr(0, data) + copy + step_.substr(data);
  // The error is on the face's own definition, moved down by the copy.
  const auto own_line = static_cast<std::size_t>(
      1 + std::count(doubled.begin(), doubled.begin() + face + copy.size(), '\n'));
  const std::string path = dir_.write("twice.step", doubled);
  test::expectInputError([&] { importPart(path, 1.0); }, path, "is defined twice, on lines",
                         own_line);
}

TEST_F(BrepStructure, AStepFileCutShortIsAnError) {
  for (const std::size_t cut : {step_.size() / 4, step_.size() / 2, step_.size() - 30}) {
    const std::string path = dir_.write("cut.step", step_.substr(0, cut));
    test::expectInputError([&] { importPart(path, 1.0); }, path,
                           "not a readable STEP file: it is cut short");
  }
  std::string without_data_end = step_;
  const std::size_t data_end = without_data_end.rfind("ENDSEC;");
  without_data_end.erase(data_end, 7);
  const std::string path = dir_.write("no_endsec.step", without_data_end);
  const auto data_line = static_cast<std::size_t>(
      std::count(step_.begin(), step_.begin() + static_cast<std::ptrdiff_t>(step_.find("DATA;")),
                 '\n') +
      1);
  test::expectInputError([&] { importPart(path, 1.0); }, path, "has no ENDSEC", data_line);
}

TEST_F(BrepStructure, AnIgesFileCutShortIsAnError) {
  for (const std::size_t cut : {iges_.size() / 4, iges_.size() / 2, iges_.size() - 81}) {
    const std::string path = dir_.write("cut.igs", iges_.substr(0, cut));
    try {
      importPart(path, 1.0);
      ADD_FAILURE() << "a cut at " << cut << " of " << iges_.size() << " bytes was accepted";
    } catch (const InputError& error) {
      EXPECT_NE(error.message().find("cut short"), std::string::npos) << error.what();
    }
  }
}

TEST_F(BrepStructure, IgesTerminateCountsMustMatchTheSections) {
  // The Terminate line "S      1G      4D     NNP     MM": claim one Parameter line more.
  const std::size_t t_line = iges_.rfind('\n', iges_.size() - 2) + 1;
  std::string text = iges_;
  const std::size_t p_field = t_line + 24;
  const long p_count = std::stol(text.substr(p_field + 1, 7));
  const std::string more = std::to_string(p_count + 1);
  text.replace(p_field + 8 - more.size(), more.size(), more);
  test::expectInputError([&] { checkIgesStructure(text, "t.igs"); }, "t.igs",
                         "the Terminate section declares " + more + " P lines, the file has " +
                             std::to_string(p_count),
                         static_cast<std::size_t>(std::count(iges_.begin(), iges_.end(), '\n')));
}

TEST_F(BrepStructure, AnIgesDirectoryEntryPointingPastTheParameterDataIsAnError) {
  // The first directory entry's parameter pointer (columns 9–16) set far past the end.
  const std::size_t first_d = iges_.find("D0000001") - 72;
  std::string text = iges_;
  text.replace(first_d + 8, 8, "   99999");
  const auto line = static_cast<std::size_t>(
      std::count(iges_.begin(), iges_.begin() + static_cast<std::ptrdiff_t>(first_d), '\n') + 1);
  test::expectInputError([&] { checkIgesStructure(text, "d.igs"); }, "d.igs",
                         "directory entry 1: its parameter data lies outside the Parameter Data "
                         "section",
                         line);
}

TEST(BrepCoordinateRange, AStepPartBeyondTheRangeIsAnError) {
  test::ScratchDir dir;
  const std::string path = dir.file("huge.step");
  test::writeStep(BRepPrimAPI_MakeBox(gp_Pnt(0, 0, 0), 3e6, 10, 10).Shape(), path);
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "the part has coordinates beyond the accepted range of ±1e6 mm");
}

// The corpus's SOT23 IGES file, cut at 90 % and made structurally whole again (complete lines,
// directory entries past the cut pointed at the first parameter line, a matching Terminate
// line): OpenCASCADE's IGES reader dies on it with SIGSEGV. The run survives it.
std::string crashingIges(const std::string& original) {
  std::istringstream in(original.substr(0, original.size() * 9 / 10));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (line.size() >= 80) lines.push_back(line.substr(0, 80));
  std::map<char, long> counts;
  for (const std::string& line : lines) ++counts[line[72]];
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i][72] != 'D' || std::stol(lines[i].substr(73)) % 2 == 0) continue;
    const long pointer = std::stol(lines[i].substr(8, 8));
    const long count = std::stol(lines[i + 1].substr(24, 8));
    if (pointer + count - 1 <= counts['P']) continue;
    lines[i].replace(8, 8, "       1");
    lines[i + 1].replace(24, 8, "       1");
  }
  char terminate[81];
  std::snprintf(terminate, sizeof terminate, "S%7ldG%7ldD%7ldP%7ld%40sT0000001", counts['S'],
                counts['G'], counts['D'], counts['P'], "");
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text + terminate + "\n";
}

TEST(BrepIsolation, ACrashInsideOpenCascadeIsAnInputErrorNamingTheFile) {
  const std::string original = test::corpusModel("freecad-idflibs_SOT23.igs");
  if (!std::filesystem::exists(original)) {
    if (std::getenv("CI")) FAIL() << "shared corpus model " << original << " not found";
    GTEST_SKIP() << "shared corpus model " << original << " not found";
  }
  test::ScratchDir dir;
  const std::string path = dir.write("crash.igs", crashingIges(readText(original)));
  ASSERT_NO_THROW(checkIgesStructure(readText(path), path));
  // "(signal 11, Segmentation fault)"; under AddressSanitizer, whose handler catches the
  // SIGSEGV and exits, "(its process ended with status 1)".
  test::expectInputError([&] { importPart(path, 1.0); }, path, "OpenCASCADE failed reading it (");
}

TEST(BrepIsolation, TruncatedCorpusIgesIsNeverAPartialPart) {
  const std::string original = test::corpusModel("freecad-idflibs_SOT23.igs");
  if (!std::filesystem::exists(original)) {
    if (std::getenv("CI")) FAIL() << "shared corpus model " << original << " not found";
    GTEST_SKIP() << "shared corpus model " << original << " not found";
  }
  const std::string text = readText(original);
  test::ScratchDir dir;
  for (int percent = 10; percent < 100; percent += 10) {
    const std::string path =
        dir.write("cut.igs", text.substr(0, text.size() * static_cast<std::size_t>(percent) / 100));
    EXPECT_THROW(importPart(path, 1.0), InputError) << percent << " %";
  }
}

}  // namespace
}  // namespace gougechek
