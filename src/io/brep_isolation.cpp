#include "io/brep_isolation.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <BinTools.hxx>
#include <Standard_Failure.hxx>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <system_error>
#include <vector>

#include "gougechek/error.hpp"
#include "io/temporary_file.hpp"

namespace gougechek {

namespace {

// The worker's exit codes, and what its report then carries.
constexpr int kChildDone = 0;         // "format\nunits\nM": the shape is in the BRep file; M is
                                      // 1 when memory ran out meanwhile, else 0
constexpr int kChildUsage = 2;        // started with the wrong arguments (not by us)
constexpr int kChildInputError = 3;   // "line\ncolumn\nmessage" of its InputError
constexpr int kChildFailed = 4;       // "message" of an unexpected exception
constexpr int kChildOutOfMemory = 5;  // "message": it failed after an allocation did

/// The worker writes its report to this file descriptor (its stdout goes to /dev/null, as
/// OCCT's readers print there).
constexpr int kReportFd = 3;

constexpr const char* kWorkerName = "gougechek-brep-worker";

void writeAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;  // the caller is gone or the pipe broken: nothing left to tell
    text.remove_prefix(static_cast<std::size_t>(written));
  }
}

/// How often the caller asks whether to stop while the worker works.
constexpr int kStopPollMs = 100;

int waitForChild(pid_t child) {
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}

/// What the worker writes to `fd` until it closes it. `check_stop` is called between waits of
/// at most kStopPollMs; if it throws, the worker is killed (and reaped) before the exception
/// goes on, so a stopped run leaves no process behind.
std::string readReport(int fd, pid_t child, const std::function<void()>& check_stop) {
  std::string text;
  char buffer[4096];
  try {
    for (;;) {
      if (check_stop) check_stop();
      pollfd ready{fd, POLLIN, 0};
      const int polled = ::poll(&ready, 1, kStopPollMs);
      if (polled == 0 || (polled < 0 && errno == EINTR)) continue;
      const ssize_t got = ::read(fd, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return text;
      text.append(buffer, static_cast<std::size_t>(got));
    }
  } catch (...) {
    ::kill(child, SIGKILL);
    waitForChild(child);
    ::close(fd);
    throw;
  }
}

// The worker's work; returns its exit code. Every exception ends here; one thrown after an
// allocation failed (`memory_ran_out`) is blamed on memory, whatever it says.
int readAndTessellate(int fd, const std::string& occt_path, const std::string& file,
                      const std::string& brep_path, double deflection, bool (*memory_ran_out)()) {
  std::string message;
  int code = kChildFailed;
  try {
    LoadedBrep loaded = loadBrep(occt_path, file);
    tessellate(loaded.shape, deflection, occt_path);
    if (!BinTools::Write(loaded.shape, brep_path.c_str()))
      throw InputError(occt_path, 0, 0, "cannot write the tessellated part to " + brep_path);
    writeAll(fd, loaded.format + "\n" + loaded.units + "\n" + (memory_ran_out() ? "1" : "0"));
    return kChildDone;
  } catch (const InputError& error) {
    message = std::to_string(error.line()) + "\n" + std::to_string(error.column()) + "\n" +
              error.message();
    code = kChildInputError;
  } catch (const Standard_Failure& failure) {
    message = std::string("OpenCASCADE failed reading it: ") + failure.GetMessageString();
  } catch (const std::exception& failure) {
    message = std::string("OpenCASCADE failed reading it: ") + failure.what();
  } catch (...) {
    message = "OpenCASCADE failed reading it (unknown exception)";
  }
  if (memory_ran_out()) {
    writeAll(fd, "memory ran out reading and tessellating it");
    return kChildOutOfMemory;
  }
  writeAll(fd, message);
  return code;
}

/// Where the worker program is: beside the library or program holding this code (the build
/// tree), or at its place in the install tree relative to the library's folder or, for the
/// command line, which links this code in, to the program's.
std::string workerPath() {
  Dl_info info{};
  std::filesystem::path module;
  const char* to_installed = GOUGECHEK_LIBRARY_TO_BREP_WORKER;
  if (::dladdr(reinterpret_cast<const void*>(&workerPath), &info) != 0 &&
      info.dli_fname != nullptr && std::strcmp(info.dli_fname, program_invocation_name) != 0) {
    module = info.dli_fname;
  } else {
    // The code is in the main program, named as it was started (maybe by a relative path or
    // through PATH); the kernel knows where it is.
    module = "/proc/self/exe";
    to_installed = GOUGECHEK_PROGRAM_TO_BREP_WORKER;
  }
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::canonical(module, error);
  const std::filesystem::path folder = (error ? module : canonical).parent_path();
  const std::filesystem::path beside = folder / kWorkerName;
  const std::filesystem::path installed = (folder / to_installed).lexically_normal();
  for (const std::filesystem::path& candidate : {beside, installed}) {
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  // Not the part's fault nor a bug: an incomplete build or install, which the user can mend.
  throw InputError("", 0, 0,
                   std::string(kWorkerName) +
                       ", the program that reads STEP and IGES parts, is missing: neither " +
                       beside.string() + " nor " + installed.string() +
                       " can be run. Build it beside gougechek (cmake --build --preset release "
                       "--target gougechek_brep_worker; scripts/quickstart.sh builds both) or "
                       "reinstall the package");
}

/// Starts the worker with `arguments` (the program first), its report going to `report_fd`.
/// Returns 0, or the errno of the failure.
int spawn(const std::vector<std::string>& arguments, int report_fd, pid_t& child) {
  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, report_fd, kReportFd);
  ::posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  // Signals as a new program expects them, whatever the caller blocks or ignores: a Ctrl-C
  // reaches the worker as it reaches any program.
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  ::posix_spawnattr_setsigdefault(&attributes, &all);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const int result = ::posix_spawn(&child, argv[0], &actions, &attributes, argv.data(), environ);
  ::posix_spawnattr_destroy(&attributes);
  ::posix_spawn_file_actions_destroy(&actions);
  return result;
}

/// `text` read whole as a number into `value`.
template <typename Number>
bool parsed(const char* text, Number& value) {
  const char* const end = text + std::strlen(text);
  const auto [stop, error] = std::from_chars(text, end, value);
  return error == std::errc() && stop == end;
}

// The caller's view of the worker's end: the shape, or an InputError naming `file`.
LoadedBrep childResult(int status, const std::string& report, const std::string& brep_path,
                       const std::string& file) {
  // SIGKILL is not a crash: the system's out-of-memory killer sends it (a stop of ours kills
  // the worker too, but never comes here).
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
    throw std::runtime_error(file +
                             ": the STEP/IGES reader was killed (SIGKILL) while reading it, "
                             "most likely by the system for lack of memory");
  if (WIFSIGNALED(status))
    throw InputError(file, 0, 0,
                     "OpenCASCADE failed reading it (signal " + std::to_string(WTERMSIG(status)) +
                         ", " + strsignal(WTERMSIG(status)) + ")");
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == kChildInputError) {
    std::istringstream lines(report);
    std::size_t line = 0, column = 0;
    lines >> line >> column;
    lines.ignore(1);  // the newline after the column
    std::string message;
    std::getline(lines, message, '\0');
    throw InputError(file, line, column, message);
  }
  if (code == kChildFailed) throw InputError(file, 0, 0, report);
  if (code == kChildOutOfMemory) throw std::runtime_error(file + ": " + report);
  if (code != kChildDone)
    throw InputError(file, 0, 0,
                     "OpenCASCADE failed reading it (its process ended with status " +
                         std::to_string(code) + ")");
  LoadedBrep loaded;
  std::istringstream lines(report);
  std::string memory;
  std::getline(lines, loaded.format);
  std::getline(lines, loaded.units);
  std::getline(lines, memory);
  loaded.memory_ran_out = memory == "1";
  if (!BinTools::Read(loaded.shape, brep_path.c_str()) || loaded.shape.IsNull())
    throw InputError(file, 0, 0, "OpenCASCADE failed reading it (no shape came back)");
  return loaded;
}

}  // namespace

LoadedBrep loadAndTessellateIsolated(const std::string& occt_path, const std::string& file,
                                     double deflection, const std::function<void()>& check_stop) {
  const std::string worker = workerPath();
  const TemporaryFile brep;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0)
    throw InputError(file, 0, 0, std::string("cannot start reading it: ") + std::strerror(errno));
  char number[64];
  const auto written = std::to_chars(number, number + sizeof number, deflection);
  // The worker meshes on as many threads as the caller may use (--threads).
  const std::size_t threads =
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  const std::vector<std::string> arguments = {worker,
                                              occt_path,
                                              file,
                                              brep.path(),
                                              std::string(number, written.ptr),
                                              std::to_string(threads),
                                              std::to_string(::getpid())};
  pid_t child = -1;
  const int failure = spawn(arguments, pipe_fds[1], child);
  ::close(pipe_fds[1]);
  if (failure != 0) {
    ::close(pipe_fds[0]);
    throw std::runtime_error("cannot start " + worker + ": " + std::strerror(failure));
  }
  const std::string report = readReport(pipe_fds[0], child, check_stop);
  ::close(pipe_fds[0]);
  return childResult(waitForChild(child), report, brep.path(), file);
}

int runBrepWorker(int argc, const char* const* argv, bool (*memory_ran_out)()) {
  double deflection = 0;
  std::size_t threads = 0;
  long parent = 0;
  if (argc != 7 || !parsed(argv[4], deflection) || !parsed(argv[5], threads) || threads == 0 ||
      !parsed(argv[6], parent)) {
    std::fprintf(
        stderr,
        "usage: %s OCCT_PATH FILE BREP_PATH DEFLECTION THREADS PARENT_PID\n(gougechek starts "
        "it)\n",
        kWorkerName);
    return kChildUsage;
  }
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  // The worker dies with its parent (Ctrl-C, kill), rather than tessellating for no one.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != static_cast<pid_t>(parent)) return kChildFailed;
  return readAndTessellate(kReportFd, argv[1], argv[2], argv[3], deflection, memory_ran_out);
}

}  // namespace gougechek
