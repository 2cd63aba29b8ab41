// How a run ends when it cannot end with its result: every signal that ends a process by
// default, a file size limit, a full disk, a FIFO, a closed stdout. An earlier report must never
// stay in place looking like this run's (docs/cli.md, Signals and Exit codes).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "e2e/cli_process.hpp"
#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class Signals : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_signals_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "gouge.nc", "G21 G90\nG0 X10 Y10 Z30\nG1 Z19.5 F100\nG1 X20\nG0 Z30\nM30\n");
    // Four million gouging moves: half a minute of checking.
    writeText(dir_ / "long.nc",
              "G21 G90\nG0 X10 Y10 Z30\nG1 Z19.5 F100\no1 repeat [999999]\nG1 X20\nG1 Y20\n"
              "G1 X10\nG1 Y10\no1 endrepeat\nM30\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static fs::path file(const std::string& name) { return dir_ / name; }

  /// `gougechek <arguments>` with stdout closed (the braces take runInShell's redirection).
  static CliRun runWithStdoutClosed(const std::string& arguments) {
    return runInShell(dir_, "{ " + shellQuoted(GOUGECHEK_CLI) + " " + arguments + " >&-; }");
  }

  /// The error of the JSON report `name`.
  static nlohmann::json reportError(const std::string& name) {
    const nlohmann::json json = nlohmann::json::parse(readText(file(name)));
    EXPECT_EQ(json["summary"]["status"], "error") << name;
    return json["error"];
  }

  static fs::path dir_;
};

fs::path Signals::dir_;

// A closed terminal (SIGHUP), a batch system's limits (SIGXCPU, SIGXFSZ), a timer (SIGALRM), the
// reader of a pipe gone (SIGPIPE), a user's SIGQUIT or SIGUSR1: each ends the run as SIGTERM
// does, with the error report written over the previous one.
TEST_F(Signals, EveryFatalSignalEndsTheRunWithTheErrorReport) {
  const std::vector<std::pair<int, std::string>> signals = {
      {SIGHUP, "SIGHUP"},   {SIGQUIT, "SIGQUIT"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
      {SIGALRM, "SIGALRM"}, {SIGPIPE, "SIGPIPE"}, {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}};
  for (const auto& [signal, name] : signals) {
    writeText(file("signal.json"), "an earlier report");
    CliProcess run(dir_, {file("box.stl").string(), file("long.nc").string(), "-t", "ball:6",
                          "--report", file("signal.json").string()});
    ASSERT_GT(run.pid(), 0);
    run.signalWhenCaught(signal, std::chrono::milliseconds(300));
    // At most 10 s: past them the signal was ignored.
    const auto [status, seconds] = run.wait(std::chrono::seconds(10));
    EXPECT_LT(seconds, 5.0) << name;  // the check alone runs for half a minute
    ASSERT_TRUE(WIFEXITED(status)) << name << ": ended by the signal itself";
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal) << name;
    // The reader of the output gone on purpose is no news (`| head`), as for other programs.
    EXPECT_EQ(readText(dir_ / "spawn_err.txt"),
              signal == SIGPIPE ? "" : "gougechek: interrupted by " + name + "\n");
    const nlohmann::json error = reportError("signal.json");
    EXPECT_EQ(error["kind"], "interrupted") << name;
    EXPECT_EQ(error["message"], "interrupted by " + name);
    EXPECT_EQ(leftTemporaries(dir_), "") << name;
  }
}

// `--moves … | head`: the reader goes, SIGPIPE ends the run at once, without a word.
TEST_F(Signals, AClosedPipeEndsTheRunQuietly) {
  const CliRun run = runInShell(dir_, "{ { " + shellQuoted(GOUGECHEK_CLI) +
                                          " --moves long.nc 2>moves_err.txt; echo $? "
                                          ">moves_code.txt; } | head -c 10; }");
  EXPECT_EQ(run.out.size(), 10u);
  EXPECT_EQ(readText(file("moves_code.txt")), std::to_string(128 + SIGPIPE) + "\n");
  EXPECT_EQ(readText(file("moves_err.txt")), "");
}

// A file size limit too small for any report: the limit's signal ends the run (exit 153), the
// error report cannot be written either, and the earlier report is removed rather than left
// looking current. With the signal ignored, the write fails and says why (exit 2).
TEST_F(Signals, AReportPastTheFileSizeLimitRemovesTheEarlierOne) {
  for (const auto& [trap, exit_code] :
       {std::pair{"", 128 + SIGXFSZ}, std::pair{"trap '' XFSZ; ", 2}}) {
    writeText(file("limited.html"), "an earlier report");
    const CliRun run =
        runInShell(dir_, std::string(trap) + "ulimit -f 1 && " + shellQuoted(GOUGECHEK_CLI) +
                             " box.stl gouge.nc -t ball:6 --report limited.html");
    EXPECT_EQ(run.exit_code, exit_code) << trap << run.err;
    EXPECT_TRUE(contains(run.err,
                         "limited.html: cannot write the report: File too large (the "
                         "previous report was removed)"))
        << run.err;
    EXPECT_FALSE(fs::exists(file("limited.html"))) << trap;
    EXPECT_EQ(leftTemporaries(dir_), "") << trap;
  }
}

// A batch system's soft CPU time limit (`ulimit -S -t`) sends SIGXCPU: the run ends with the
// error report, where the hard limit's SIGKILL would end it without one.
TEST_F(Signals, ASoftCpuLimitEndsTheRunWithTheErrorReport) {
  writeText(file("cpu.json"), "an earlier report");
  const CliRun run = runInShell(dir_, "ulimit -S -t 1 && " + shellQuoted(GOUGECHEK_CLI) +
                                          " box.stl long.nc -t ball:6 -q --report cpu.json");
  EXPECT_EQ(run.exit_code, 128 + SIGXCPU) << run.err;
  EXPECT_EQ(run.err, "gougechek: interrupted by SIGXCPU\n");
  EXPECT_EQ(reportError("cpu.json")["message"], "interrupted by SIGXCPU");
}

// One of several reports cannot be written: the others, written before it or not, say the run
// ended in that error, as its exit code does; none keeps the result or an earlier run's.
TEST_F(Signals, AReportThatCannotBeWrittenIsTheOtherReportsError) {
  writeText(file("before.json"), "an earlier report");
  writeText(file("after.json"), "an earlier report");
  const CliRun run = runCli(dir_,
                            "box.stl gouge.nc -t ball:6 -q --report before.json --report "
                            "no_folder/r.json --report after.json");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.err,
            "gougechek: error: no_folder/r.json: cannot write the report: No such file or "
            "directory\n");
  for (const std::string name : {"before.json", "after.json"}) {
    const nlohmann::json error = reportError(name);
    EXPECT_EQ(error["file"], "no_folder/r.json") << name;
    EXPECT_EQ(error["message"], "cannot write the report: No such file or directory") << name;
  }
}

// A report name of up to NAME_MAX bytes is valid: its temporary's name is cut to fit.
TEST_F(Signals, AReportNameOfNameMaxBytesIsWritten) {
  for (const std::size_t length : {245, 250, 255}) {
    const std::string name = std::string(length - 5, 'r') + ".json";
    const CliRun run = runCli(dir_, "box.stl gouge.nc -t ball:6 -q --report " + name);
    EXPECT_EQ(run.exit_code, 1) << length << run.err;
    EXPECT_EQ(nlohmann::json::parse(readText(file(name)))["summary"]["status"], "fail");
    fs::remove(file(name));
  }
  EXPECT_EQ(leftTemporaries(dir_), "");
}

// A closed stdout makes the run an error (exit 2): the report file says so too, not FAIL.
TEST_F(Signals, AClosedStdoutIsAnErrorInTheReportToo) {
  writeText(file("closed.json"), "an earlier report");
  const CliRun run = runWithStdoutClosed("box.stl gouge.nc -t ball:6 --report closed.json");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(contains(run.err, "<stdout>: cannot write the summary line")) << run.err;
  const nlohmann::json error = reportError("closed.json");
  EXPECT_EQ(error["file"], "<stdout>");
  // Quiet, nothing is written to stdout: the run's own outcome stands, in both.
  const CliRun quiet = runWithStdoutClosed("box.stl gouge.nc -t ball:6 -q --report closed.json");
  EXPECT_EQ(quiet.exit_code, 1) << quiet.err;
  EXPECT_EQ(nlohmann::json::parse(readText(file("closed.json")))["summary"]["status"], "fail");
}

// A FIFO report no process reads is refused at once, not waited on; one read gets the report.
TEST_F(Signals, AFifoReportIsWrittenOnlyWhenRead) {
  ASSERT_EQ(::mkfifo(file("report.fifo").c_str(), 0600), 0);
  // Bounded: a run waiting for a reader would be killed.
  const CliRun unread = runInShell(dir_, "timeout -s KILL 10 " + shellQuoted(GOUGECHEK_CLI) +
                                             " box.stl gouge.nc -t ball:6 --report report.fifo"
                                             " --format json");
  EXPECT_EQ(unread.exit_code, 2);
  EXPECT_TRUE(
      contains(unread.err, "report.fifo: cannot write the report: no process reads the FIFO"))
      << unread.err;
  // Read by this test: opened first, so the run finds a reader; the report fits the pipe's
  // buffer.
  const int reader = ::open(file("report.fifo").c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const CliRun read =
      runCli(dir_, "box.stl gouge.nc -t ball:6 -q --report report.fifo --format json");
  EXPECT_EQ(read.exit_code, 1) << read.err;
  std::string report(1 << 16, '\0');
  const ssize_t got = ::read(reader, report.data(), report.size());
  ::close(reader);
  ASSERT_GT(got, 0);
  report.resize(static_cast<std::size_t>(got));
  EXPECT_EQ(nlohmann::json::parse(report)["summary"]["status"], "fail");
}

// A FIFO part no process writes: opening it waits, and the first SIGTERM ends that wait.
TEST_F(Signals, TheFirstSigtermEndsTheWaitForAFifoPart) {
  ASSERT_EQ(::mkfifo(file("part.fifo").c_str(), 0600), 0);
  CliProcess run(dir_, {file("part.fifo").string(), file("gouge.nc").string(), "-t", "ball:6",
                        "--report", file("fifo_part.json").string()});
  ASSERT_GT(run.pid(), 0);
  run.signalWhenCaught(SIGTERM, std::chrono::milliseconds(300));
  const auto [status, seconds] = run.wait(std::chrono::seconds(10));
  EXPECT_LT(seconds, 1.0);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by the signal itself";
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  EXPECT_EQ(readText(dir_ / "spawn_err.txt"), "gougechek: interrupted by SIGTERM\n");
  EXPECT_EQ(reportError("fifo_part.json")["kind"], "interrupted");
}

}  // namespace
}  // namespace gougechek
