#pragma once
// Test inputs for the importer: a scratch folder for generated files, binary STL bytes built
// field by field (so a test can break any one field), a closed reference shape, and a check
// that a call fails with a given InputError.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/mesh.hpp"

namespace gougechek::test {

using Corners = std::array<Vec3, 3>;

/// A fresh folder under the system temp folder, removed with everything in it at scope exit.
class ScratchDir {
 public:
  ScratchDir() {
    std::random_device random;
    path_ = std::filesystem::temp_directory_path() /
            ("gougechek_io_test_" + std::to_string(random()) + std::to_string(random()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  /// The path of `name` inside the folder.
  std::string file(const std::string& name) const { return (path_ / name).string(); }

  /// Writes `bytes` to `name` inside the folder and returns its path.
  std::string write(const std::string& name, const std::string& bytes) const {
    std::ofstream(file(name), std::ios::binary) << bytes;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

inline void appendLittleEndian32(std::string& out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

inline void appendFloat(std::string& out, float value) {
  std::uint32_t bits = 0;
  static_assert(sizeof bits == sizeof value);
  std::memcpy(&bits, &value, sizeof bits);
  appendLittleEndian32(out, bits);
}

/// Binary STL bytes: `header` padded to 80 bytes, then `count` (the true number of triangles
/// unless a test wants a lie), then the triangles with zero normals.
inline std::string binaryStl(const std::vector<Corners>& triangles, std::uint32_t count,
                             const std::string& header = "test") {
  std::string out = header;
  out.resize(80, ' ');
  appendLittleEndian32(out, count);
  for (const Corners& t : triangles) {
    for (int i = 0; i < 3; ++i) appendFloat(out, 0.0f);
    for (const Vec3& corner : t)
      for (int axis = 0; axis < 3; ++axis) appendFloat(out, static_cast<float>(corner[axis]));
    out += std::string(2, '\0');
  }
  return out;
}

inline std::string binaryStl(const std::vector<Corners>& triangles) {
  return binaryStl(triangles, static_cast<std::uint32_t>(triangles.size()));
}

/// The 12 triangles of the cube [0,1]³, counter-clockwise seen from outside.
inline std::vector<Corners> cubeTriangles() {
  const auto p = [](int i) { return Vec3(i & 1, (i >> 1) & 1, (i >> 2) & 1); };
  // Each face as a quad a b c d, counter-clockwise seen from outside.
  const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                           {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
  std::vector<Corners> triangles;
  for (const auto& f : faces) {
    triangles.push_back({p(f[0]), p(f[1]), p(f[2])});
    triangles.push_back({p(f[0]), p(f[2]), p(f[3])});
  }
  return triangles;
}

/// The triangles as an indexed, unwelded mesh (three vertices per triangle).
inline Mesh soupMesh(const std::vector<Corners>& triangles) {
  Mesh mesh;
  for (const Corners& t : triangles) {
    const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
    mesh.vertices.insert(mesh.vertices.end(), t.begin(), t.end());
    mesh.triangles.push_back({base, base + 1, base + 2});
  }
  return mesh;
}

/// Expects `call` to throw InputError about `file` whose message contains `message_part`, at
/// `line`:`column` (0 where not applicable).
inline void expectInputError(const std::function<void()>& call, const std::string& file,
                             const std::string& message_part, std::size_t line = 0,
                             std::size_t column = 0) {
  try {
    call();
    ADD_FAILURE() << "no InputError; expected one containing: " << message_part;
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), file);
    EXPECT_NE(error.message().find(message_part), std::string::npos)
        << "message: " << error.message() << "\nexpected part: " << message_part;
    EXPECT_EQ(error.line(), line) << error.what();
    EXPECT_EQ(error.column(), column) << error.what();
  }
}

/// A model of the shared test corpus (see its README).
inline std::string corpusModel(const std::string& name) {
  return std::string(GOUGECHEK_SHARED_DIR) + "/corpus/models/" + name;
}

}  // namespace gougechek::test
