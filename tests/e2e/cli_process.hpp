// Starting the built gougechek binary as a process of its own, to signal it while it runs.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace gougechek::e2e {

/// The names of the temporary report files (".NAME.PID.N.tmp") left in `dir`, space-separated.
inline std::string leftTemporaries(const std::filesystem::path& dir) {
  std::string names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with('.') && name.ends_with(".tmp")) names += name + " ";
  }
  return names;
}

/// Starts `gougechek <arguments>` in the test folder, its output in files there
/// (spawn_out.txt, spawn_err.txt). Every signal takes its default action in it, whatever the
/// test runner ignores.
inline pid_t spawnCli(const std::filesystem::path& dir, const std::vector<std::string>& arguments) {
  std::vector<std::string> words = {GOUGECHEK_CLI};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  const std::string out = (dir / "spawn_out.txt").string(), err = (dir / "spawn_err.txt").string();
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t all;
  sigfillset(&all);
  posix_spawnattr_setsigdefault(&attributes, &all);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  pid_t pid = -1;
  posix_spawn(&pid, GOUGECHEK_CLI, &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

/// Waits until process `pid` catches `signal` (its handler is installed: SigCgt in
/// /proc/PID/status): a signal sent before that, while a loaded machine is still starting the
/// program, would end it by the default action, and the test would test the loader. At most 10 s.
inline void waitUntilCatching(pid_t pid, int signal) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);) {
      if (!line.starts_with("SigCgt:")) continue;
      const unsigned long long caught = std::stoull(line.substr(7), nullptr, 16);
      if ((caught >> (signal - 1)) & 1) return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ADD_FAILURE() << "process " << pid << " never caught signal " << signal;
}

/// `gougechek <arguments>` started by spawnCli, killed and reaped if the test leaves before it
/// has ended (a failed assertion), so that no run goes on after its test.
class CliProcess {
 public:
  CliProcess(const std::filesystem::path& dir, const std::vector<std::string>& arguments)
      : pid_(spawnCli(dir, arguments)) {}
  CliProcess(const CliProcess&) = delete;
  CliProcess& operator=(const CliProcess&) = delete;
  ~CliProcess() {
    if (pid_ <= 0 || ended_) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }

  /// The process id; ≤ 0 if it could not be started.
  pid_t pid() const { return pid_; }

  /// Whether it is still running (reaped once it has ended).
  bool running() {
    if (pid_ <= 0 || ended_) return false;
    ended_ = ::waitpid(pid_, &status_, WNOHANG) == pid_;
    return !ended_;
  }

  /// Sends it `signal` `settle` after it has begun to catch it (its work under way).
  void signalWhenCaught(int signal, std::chrono::milliseconds settle) {
    waitUntilCatching(pid_, signal);
    std::this_thread::sleep_for(settle);
    ::kill(pid_, signal);
  }

  /// Waits for it to end, at most `limit` (then kills it: a failure); its wait status, and the
  /// seconds waited.
  std::pair<int, double> wait(std::chrono::seconds limit) {
    const auto started = std::chrono::steady_clock::now();
    const auto seconds = [&] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    while (running()) {
      if (seconds() > static_cast<double>(limit.count())) {
        ADD_FAILURE() << "still running after " << limit.count() << " s";
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status_, 0);
        ended_ = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return {status_, seconds()};
  }

 private:
  pid_t pid_;
  bool ended_ = false;
  int status_ = 0;
};

}  // namespace gougechek::e2e
