// The quick start's program reads STEP (issue 21): a gougechek whose STEP/IGES worker is not
// beside its library says so clearly, with how to mend it, as a usage or input error (exit 2),
// not as an internal error.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

TEST(MissingWorker, IsAClearErrorNamingHowToBuildIt) {
  const fs::path build = fs::path(GOUGECHEK_CLI).parent_path();
  const fs::path part =
      fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam" / "pocket_plate" / "part.step";
  if (!fs::exists(part)) {
    if (std::getenv("CI")) FAIL() << part << " not found";
    GTEST_SKIP() << part << " not found";
  }
  // The program and its libraries without the worker: as `--target gougechek` alone built it.
  std::random_device random;
  const fs::path dir =
      fs::temp_directory_path() / ("gougechek_no_worker_" + std::to_string(random()));
  fs::create_directories(dir);
  fs::copy_file(GOUGECHEK_CLI, dir / "gougechek");
  for (const auto& entry : fs::directory_iterator(build))
    if (entry.path().filename().string().starts_with("libgougechek"))
      fs::copy(entry.path(), dir / entry.path().filename(), fs::copy_options::copy_symlinks);
  std::ofstream(dir / "p.nc") << "G21 G90\nG0 X10 Y10 Z50\nM2\n";
  const std::string command = "LD_LIBRARY_PATH='" + dir.string() + "' '" +
                              (dir / "gougechek").string() + "' '" + part.string() + "' '" +
                              (dir / "p.nc").string() + "' -t ball:6 2>'" + (dir / "err").string() +
                              "' >/dev/null";
  const int status = std::system(command.c_str());
  std::ifstream in(dir / "err");
  std::ostringstream err;
  err << in.rdbuf();
  fs::remove_all(dir);
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 2) << err.str();
  EXPECT_EQ(err.str().find("internal error"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("gougechek-brep-worker, the program that reads STEP and IGES parts, "
                           "is missing"),
            std::string::npos)
      << err.str();
  EXPECT_NE(err.str().find("--target gougechek_brep_worker"), std::string::npos) << err.str();
}

}  // namespace
