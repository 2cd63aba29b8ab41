// Running the built gougechek binary from a test, and the small inputs the CLI tests share.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "report_schema/collected_reports.hpp"

namespace gougechek::e2e {

/// What one run of the CLI gave back.
struct CliRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// The bytes of `path`. A JSON report read here, from a report file or a run's stdout, is kept
/// for the schema check (report_schema/collected_reports.hpp).
inline std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  report_schema::collectIfJsonReport(text.view());
  return text.str();
}

inline void writeText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

/// Turns the feed move on `line` (1-based) of the program at `path` into a rapid (its `G1 `
/// becomes `G0 `, every line staying in place); false when that line does not start with `G1 `.
inline bool makeLineARapid(const std::filesystem::path& path, int line) {
  std::string program = readText(path);
  std::size_t at = 0;
  for (int n = 1; n < line && at < program.size(); ++n) {
    const std::size_t end = program.find('\n', at);
    at = end == std::string::npos ? program.size() : end + 1;
  }
  if (program.compare(at, 3, "G1 ") != 0) return false;
  program[at + 1] = '0';
  writeText(path, program);
  return true;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// `text` as one word of a POSIX shell command line.
inline std::string shellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted.append("'\\''");
    } else {
      quoted.push_back(c);
    }
  }
  return quoted.append("'");
}

/// Runs the shell command `command` in `dir`, stdin from `stdin_file`; stdout and stderr are
/// caught in files of `dir`.
inline CliRun runInShell(const std::filesystem::path& dir, const std::string& command,
                         const std::string& stdin_file = "/dev/null") {
  const std::filesystem::path out = dir / "stdout.txt";
  const std::filesystem::path err = dir / "stderr.txt";
  const std::string line = std::string("cd ")
                               .append(shellQuoted(dir.string()))
                               .append(" && ")
                               .append(command)
                               .append(" <")
                               .append(shellQuoted(stdin_file))
                               .append(" >")
                               .append(shellQuoted(out.string()))
                               .append(" 2>")
                               .append(shellQuoted(err.string()));
  const int status = std::system(line.c_str());
  CliRun result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = readText(out);
  result.err = readText(err);
  return result;
}

/// Runs `gougechek <arguments>` (shell syntax) in `dir`, stdin from `stdin_file`; stdout and
/// stderr are caught in files of `dir`.
inline CliRun runCli(const std::filesystem::path& dir, const std::string& arguments,
                     const std::string& stdin_file = "/dev/null") {
  return runInShell(dir, shellQuoted(GOUGECHEK_CLI).append(" ").append(arguments), stdin_file);
}

/// An ASCII STL of the box [0,50]×[0,40]×[0,20] (or [0,x1]×[0,y1]×[0,z1]), outward normals,
/// counter-clockwise facets. Every line holds one keyword: facet k (k = 0…11) opens on line
/// 2 + 7k, its vertices are on lines 4 + 7k … 6 + 7k.
inline std::string boxStl(double x1 = 50, double y1 = 40, double z1 = 20) {
  const double x[2] = {0, x1}, y[2] = {0, y1}, z[2] = {0, z1};
  const auto corner = [&](int i) {
    return std::to_string(x[i & 1]) + " " + std::to_string(y[(i >> 1) & 1]) + " " +
           std::to_string(z[(i >> 2) & 1]);
  };
  // Each face as a quad of corner indices (bit 0: x, bit 1: y, bit 2: z), counter-clockwise
  // seen from outside.
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  std::string stl = "solid box\n";
  for (const auto& face : faces) {
    for (const auto& triangle :
         {std::array{face[0], face[1], face[2]}, std::array{face[0], face[2], face[3]}}) {
      stl += "facet normal 0 0 0\nouter loop\n";
      for (int i : triangle) stl += "vertex " + corner(i) + "\n";
      stl += "endloop\nendfacet\n";
    }
  }
  return stl + "endsolid box\n";
}

}  // namespace gougechek::e2e
