#include <algorithm>
#include <charconv>
#include <cmath>

#include "gougechek/error.hpp"
#include "io/part_range.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {

namespace {
// A facet of a typical exporter's output takes about 250 bytes.
constexpr std::size_t kTypicalFacetBytes = 250;

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool equalsIgnoringCase(std::string_view token, std::string_view keyword) {
  return token.size() == keyword.size() &&
         std::equal(token.begin(), token.end(), keyword.begin(),
                    [](char a, char b) { return (a | 0x20) == b; });
}

struct Token {
  std::string_view text;  ///< empty at end of file
  std::size_t line = 0;
  std::size_t column = 0;
};

// Recursive descent over white-space separated tokens; each token keeps its 1-based line and
// column for the error messages.
class StlAsciiParser {
 public:
  StlAsciiParser(std::string_view text, const std::string& file, double unit_scale,
                 MeshBuilder& builder)
      : text_(text), file_(file), unit_scale_(unit_scale), builder_(builder) {}

  void parse() {
    Token token = next();
    do {
      if (!startsWithIgnoringCase(token.text, "solid")) fail(token, "expected 'solid'");
      parseSolid();
      token = next();
    } while (!token.text.empty());
  }

 private:
  // solid name / facet ... / endsolid name; a name runs to the end of its line.
  void parseSolid() {
    skipRestOfLine();
    while (true) {
      const Token token = next();
      if (equalsIgnoringCase(token.text, "facet")) {
        parseFacet(token);
      } else if (startsWithIgnoringCase(token.text, "endsolid")) {
        skipRestOfLine();
        return;
      } else {
        fail(token, "expected 'facet' or 'endsolid'");
      }
    }
  }

  // facet normal nx ny nz / outer loop / vertex x y z (3 times) / endloop / endfacet
  void parseFacet(const Token& facet) {
    expectKeyword("normal");
    for (int i = 0; i < 3; ++i) parseNumber(next(), "a facet normal component");
    expectKeyword("outer");
    expectKeyword("loop");
    Vec3 corners[3];
    int corner_count = 0;
    while (true) {
      const Token token = next();
      if (equalsIgnoringCase(token.text, "endloop")) break;
      if (!equalsIgnoringCase(token.text, "vertex")) fail(token, "expected 'vertex' or 'endloop'");
      if (corner_count == 3)
        fail(token, "facet starting at line " + std::to_string(facet.line) +
                        " has more than 3 vertices; an STL facet is a triangle");
      corners[corner_count++] = parseCorner();
    }
    if (corner_count < 3)
      throw InputError(file_, facet.line, facet.column,
                       "facet has " + std::to_string(corner_count) +
                           " vertices; an STL facet is a triangle with exactly 3");
    expectKeyword("endfacet");
    builder_.addTriangle(corners[0], corners[1], corners[2]);
  }

  Vec3 parseCorner() {
    double xyz[3];
    for (int axis = 0; axis < 3; ++axis) {
      const Token token = next();
      xyz[axis] = parseNumber(token, "a vertex coordinate") * unit_scale_;
      const char* const scaled = unit_scale_ != 1.0 ? " (after unit scaling)" : "";
      if (!std::isfinite(xyz[axis]))
        fail(token, std::string("vertex coordinate is not finite") + scaled);
      if (!withinPartRange(xyz[axis]))
        fail(token,
             "vertex coordinate " + std::string(token.text) + scaled + " is " + partRangeText());
    }
    return {xyz[0], xyz[1], xyz[2]};
  }

  double parseNumber(const Token& token, const char* what) {
    std::string_view text = token.text;
    // from_chars rejects the leading '+' that some exporters write.
    if (text.size() > 1 && text[0] == '+' && text[1] != '-') text.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range)
      fail(token, std::string("number out of range for ") + what);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
      fail(token, std::string("expected ") + what);
    return value;
  }

  void expectKeyword(std::string_view keyword) {
    const Token token = next();
    if (!equalsIgnoringCase(token.text, keyword))
      fail(token, "expected '" + std::string(keyword) + "'");
  }

  static bool startsWithIgnoringCase(std::string_view token, std::string_view keyword) {
    return equalsIgnoringCase(token.substr(0, keyword.size()), keyword);
  }

  [[noreturn]] void fail(const Token& token, const std::string& message) const {
    const std::string found = token.text.empty()
                                  ? std::string("end of file")
                                  : "'" + std::string(token.text.substr(0, 40)) + "'";
    throw InputError(file_, token.line, token.column, message + ", found " + found);
  }

  // At end of file the token sits just after the last one read, so a truncated file's error
  // points at the line where the text stops rather than past it.
  Token next() {
    while (pos_ < text_.size() && isSpace(text_[pos_])) advance();
    if (pos_ == text_.size()) return {{}, end_line_, end_column_};
    Token token{{}, line_, pos_ - line_start_ + 1};
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !isSpace(text_[pos_])) ++pos_;
    token.text = text_.substr(start, pos_ - start);
    end_line_ = line_;
    end_column_ = pos_ - line_start_ + 1;
    return token;
  }

  void skipRestOfLine() {
    while (pos_ < text_.size() && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
  }

  // A line ends at LF, CR LF or a CR alone (old Mac files).
  void advance() {
    const char c = text_[pos_++];
    if (c == '\n' || (c == '\r' && (pos_ == text_.size() || text_[pos_] != '\n'))) {
      ++line_;
      line_start_ = pos_;
    }
  }

  std::string_view text_;
  const std::string& file_;
  double unit_scale_;
  MeshBuilder& builder_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;
  std::size_t end_line_ = 1;    ///< line of the end of the last token read
  std::size_t end_column_ = 1;  ///< column just after the last token read
};
}  // namespace

void readStlAscii(std::string_view bytes, const std::string& file, double unit_scale,
                  MeshBuilder& builder) {
  builder.reserve(bytes.size() / kTypicalFacetBytes);
  // Old DOS tools end a text file with Ctrl-Z, their end-of-file mark: no content.
  const std::size_t end = bytes.find_last_not_of('\x1A');
  bytes = bytes.substr(0, end == std::string_view::npos ? 0 : end + 1);
  StlAsciiParser(withoutByteOrderMark(bytes), file, unit_scale, builder).parse();
}

}  // namespace gougechek
