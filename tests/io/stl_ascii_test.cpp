#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "io/part_reader.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

const char* const kOneFacet =
    "solid one\n"
    "facet normal 0 0 1\n"
    " outer loop\n"
    "  vertex 0 0 0\n"
    "  vertex 1 0 0\n"
    "  vertex 0 1 0\n"
    " endloop\n"
    "endfacet\n"
    "endsolid one\n";

TEST(StlAscii, ReadsTabsCrlfUpperCaseKeywordsExponentsAndSignedNumbers) {
  test::ScratchDir dir;
  const std::string path =
      dir.write("odd.stl",
                "  \tSOLID\tName With Spaces\r\n"
                "FACET NORMAL 0.000000e+000 -0.0 1E0\r\n"
                "\tOuter\tLoop\r\n"
                "\t\tVERTEX\t1.5e+001 +2.0 -3.25E-1\r\n"
                "\t\tvertex 0 0 0\r\n"
                "\t\tvertex .5 1e-3 0\r\n"
                "\tENDLOOP\r\n"
                "ENDFACET\r\n"
                "EndSolid Name With Spaces");  // no line end at the end of the file
  const ImportedPart part = importPart(path, 1.0);
  EXPECT_EQ(part.format, "stl-ascii");
  ASSERT_EQ(part.mesh.triangles.size(), 1u);
  const Mesh& mesh = part.mesh;
  EXPECT_EQ(mesh.vertices[mesh.triangles[0][0]], Vec3(15, 2, -0.325));
  EXPECT_EQ(mesh.vertices[mesh.triangles[0][1]], Vec3(0, 0, 0));
  EXPECT_EQ(mesh.vertices[mesh.triangles[0][2]], Vec3(0.5, 0.001, 0));
}

TEST(StlAscii, SkipsAUtf8ByteOrderMark) {
  test::ScratchDir dir;
  const ImportedPart part =
      importPart(dir.write("bom.stl", "\xEF\xBB\xBF" + std::string(kOneFacet)), 1.0);
  EXPECT_EQ(part.format, "stl-ascii");
  EXPECT_EQ(part.mesh.triangles.size(), 1u);
}

TEST(StlAscii, MultipleSolidsAreOnePartAndShareWeldedVertices) {
  test::ScratchDir dir;
  const std::string second =
      "solid two\nfacet normal 0 0 1\nouter loop\nvertex 1 0 0\nvertex 1 1 0\nvertex 0 1 0\n"
      "endloop\nendfacet\nendsolid two\n";
  const ImportedPart part = importPart(dir.write("two.stl", std::string(kOneFacet) + second), 1.0);
  EXPECT_EQ(part.mesh.triangles.size(), 2u);
  EXPECT_EQ(part.mesh.vertices.size(), 4u);  // the shared edge's corners welded
}

// The earlier readers took a CR alone as no line end: "expected 'facet' or 'endsolid', found end
// of file" for a whole file; a trailing Ctrl-Z was "found ''".
TEST(StlAscii, ReadsCrOnlyLinesAndATrailingCtrlZ) {
  test::ScratchDir dir;
  std::string cr_only = kOneFacet;
  std::replace(cr_only.begin(), cr_only.end(), '\n', '\r');
  for (const std::string& text : {cr_only, std::string(kOneFacet) + "\x1A"}) {
    const ImportedPart part = importPart(dir.write("old.stl", text), 1.0);
    EXPECT_EQ(part.format, "stl-ascii");
    EXPECT_EQ(part.mesh.triangles.size(), 1u);
  }
  // Lines are counted at a CR alone: the third vertex, on line 6, is bad.
  std::string bad = cr_only;
  bad.replace(bad.find("vertex 0 1 0"), 12, "vertex 0 x 0");
  const std::string path = dir.write("bad_cr.stl", bad);
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "expected a vertex coordinate, found 'x'", 6, 12);
}

// A name holding a NUL or UTF-8 made the start look binary: "truncated file: binary STL header
// says 774905904 triangles".
TEST(StlAscii, ANameWithANulOrUtf8IsStillText) {
  test::ScratchDir dir;
  using namespace std::string_literals;
  std::string text = kOneFacet;
  text.replace(0, 9, "solid caf\xC3\xA9 \0 x"s);
  const ImportedPart part = importPart(dir.write("named.stl", text), 1.0);
  EXPECT_EQ(part.format, "stl-ascii");
  EXPECT_EQ(part.mesh.triangles.size(), 1u);
}

// A NUL in a message cut it off there: "expected 'solid', found '".
TEST(StlAscii, ANulByteIsShownInTheMessage) {
  test::ScratchDir dir;
  using namespace std::string_literals;
  const std::string path = dir.write("nul.stl", std::string(kOneFacet) + "x\0y\n"s);
  try {
    importPart(path, 1.0);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()), path + ":10:1: expected 'solid', found 'x\\0y'");
  }
}

TEST(StlAscii, CoordinatesAreMultipliedByTheUnitScale) {
  test::ScratchDir dir;
  const ImportedPart part = importPart(dir.write("inch.stl", kOneFacet), 25.4);
  const auto [lo, hi] = bounds(part.mesh);
  EXPECT_EQ(lo, Vec3(0, 0, 0));
  EXPECT_EQ(hi, Vec3(25.4, 25.4, 0));
}

struct BadAscii {
  const char* what;
  std::string text;
  const char* message;
  std::size_t line;
  std::size_t column;
};

void PrintTo(const BadAscii& bad, std::ostream* out) {
  *out << bad.what;
}

class StlAsciiErrorTest : public testing::TestWithParam<BadAscii> {};

TEST_P(StlAsciiErrorTest, NamesFileLineColumnAndProblem) {
  const BadAscii& bad = GetParam();
  test::ScratchDir dir;
  const std::string path = dir.write("bad.stl", bad.text);
  test::expectInputError([&] { importPart(path, 1.0); }, path, bad.message, bad.line, bad.column);
}

std::string facet(const std::string& loop_body, const std::string& after_loop = "endloop\n") {
  return "facet normal 0 0 1\nouter loop\n" + loop_body + after_loop + "endfacet\n";
}

const std::string kCorners = "vertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\n";

INSTANTIATE_TEST_SUITE_P(
    Cases, StlAsciiErrorTest,
    testing::Values(
        BadAscii{"missing vertex",
                 "solid s\n" + facet("vertex 0 0 0\nvertex 1 0 0\n") + "endsolid s\n",
                 "facet has 2 vertices; an STL facet is a triangle with exactly 3", 2, 1},
        BadAscii{"four vertices", "solid s\n" + facet(kCorners + "vertex 1 1 0\n") + "endsolid s\n",
                 "facet starting at line 2 has more than 3 vertices", 7, 1},
        BadAscii{
            "bad number",
            "solid s\n" + facet("vertex 0 0 0\nvertex 1 0x 0\nvertex 0 1 0\n") + "endsolid s\n",
            "expected a vertex coordinate, found '0x'", 5, 10},
        BadAscii{"missing coordinate",
                 "solid s\n" + facet("vertex 0 0 0\nvertex 1 0\nvertex 0 1 0\n") + "endsolid s\n",
                 "expected a vertex coordinate, found 'vertex'", 6, 1},
        BadAscii{"number out of range", "solid s\n" + facet("vertex 0 0 1e999\n" + kCorners),
                 "number out of range for a vertex coordinate, found '1e999'", 4, 12},
        BadAscii{"missing endloop", "solid s\n" + facet(kCorners, "") + "endsolid s\n",
                 "expected 'vertex' or 'endloop', found 'endfacet'", 7, 1},
        BadAscii{"missing endfacet",
                 "solid s\nfacet normal 0 0 1\nouter loop\n" + kCorners + "endloop\nendsolid s\n",
                 "expected 'endfacet', found 'endsolid'", 8, 1},
        BadAscii{"missing outer loop",
                 "solid s\nfacet normal 0 0 1\n" + kCorners + "endloop\nendfacet\nendsolid s\n",
                 "expected 'outer', found 'vertex'", 3, 1},
        BadAscii{"missing normal component", "solid s\nfacet normal 0 1\nouter loop\n",
                 "expected a facet normal component, found 'outer'", 3, 1},
        BadAscii{
            "NaN coordinate",
            "solid s\n" + facet("vertex 0 0 0\nvertex 1 nan 0\nvertex 0 1 0\n") + "endsolid s\n",
            "vertex coordinate is not finite, found 'nan'", 5, 10},
        BadAscii{
            "infinite coordinate",
            "solid s\n" + facet("vertex 0 0 0\nvertex 1 0 -inf\nvertex 0 1 0\n") + "endsolid s\n",
            "vertex coordinate is not finite, found '-inf'", 5, 12},
        BadAscii{"missing endsolid (truncated)", "solid s\n" + facet(kCorners),
                 "expected 'facet' or 'endsolid', found end of file", 8, 9},
        BadAscii{"truncated inside a facet", "solid s\nfacet normal 0 0 1\nouter loop\nvertex 0",
                 "expected a vertex coordinate, found end of file", 4, 9},
        BadAscii{"unknown keyword", "solid s\nfacets normal 0 0 1\n",
                 "expected 'facet' or 'endsolid', found 'facets'", 2, 1},
        BadAscii{"text after endsolid", std::string(kOneFacet) + "garbage\n",
                 "expected 'solid', found 'garbage'", 10, 1},
        BadAscii{"no facets", "solid empty\nendsolid empty\n", "part file contains no triangles", 0,
                 0},
        BadAscii{"only degenerate facets",
                 "solid s\n" + facet("vertex 0 0 0\nvertex 1 1 1\nvertex 2 2 2\n") + "endsolid s\n",
                 "no triangles of non-zero area (all 1 are degenerate)", 0, 0},
        BadAscii{"not an STL", "hello world\n", "not an STL file", 0, 0},
        BadAscii{"white space only", " \n\t\n", "not an STL file", 0, 0},
        BadAscii{"empty file", "", "part file is empty", 0, 0}));

}  // namespace
}  // namespace gougechek
