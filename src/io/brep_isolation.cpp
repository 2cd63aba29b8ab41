#include "io/brep_isolation.hpp"

#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <BinTools.hxx>
#include <Standard_Failure.hxx>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string_view>

#include "gougechek/error.hpp"
#include "io/temporary_file.hpp"

namespace gougechek {

namespace {

// The child's exit codes, and what its pipe then carries.
constexpr int kChildDone = 0;        // "format\nunits": the shape is in the BRep file
constexpr int kChildInputError = 3;  // "line\ncolumn\nmessage" of its InputError
constexpr int kChildFailed = 4;      // "message" of an unexpected exception

void writeAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;  // the parent is gone or the pipe broken: nothing left to tell
    text.remove_prefix(static_cast<std::size_t>(written));
  }
}

/// How often the parent asks whether to stop while the child works.
constexpr int kStopPollMs = 100;

int waitForChild(pid_t child) {
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return status;
}

/// What the child writes to `fd` until it closes it. `check_stop` is called between waits of
/// at most kStopPollMs; if it throws, the child is killed (and reaped) before the exception
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

// The child's work; returns its exit code. It never returns into the parent's code: every
// exception ends here.
int runChild(int fd, const std::string& occt_path, const std::string& brep_path,
             double deflection) {
  try {
    LoadedBrep loaded = loadBrep(occt_path);
    tessellate(loaded.shape, deflection, occt_path);
    if (!BinTools::Write(loaded.shape, brep_path.c_str()))
      throw InputError(occt_path, 0, 0, "cannot write the tessellated part to " + brep_path);
    writeAll(fd, loaded.format + "\n" + loaded.units);
    return kChildDone;
  } catch (const InputError& error) {
    writeAll(fd, std::to_string(error.line()) + "\n" + std::to_string(error.column()) + "\n" +
                     error.message());
    return kChildInputError;
  } catch (const Standard_Failure& failure) {
    writeAll(fd, std::string("OpenCASCADE failed reading it: ") + failure.GetMessageString());
  } catch (const std::exception& failure) {
    writeAll(fd, std::string("OpenCASCADE failed reading it: ") + failure.what());
  } catch (...) {
    writeAll(fd, "OpenCASCADE failed reading it (unknown exception)");
  }
  return kChildFailed;
}

// The parent's view of the child's end: the shape, or an InputError naming `file`.
LoadedBrep childResult(int status, const std::string& report, const std::string& brep_path,
                       const std::string& file) {
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
  if (code != kChildDone)
    throw InputError(file, 0, 0,
                     "OpenCASCADE failed reading it (its process ended with status " +
                         std::to_string(code) + ")");
  LoadedBrep loaded;
  const std::size_t newline = report.find('\n');
  loaded.format = report.substr(0, newline);
  loaded.units = newline == std::string::npos ? "" : report.substr(newline + 1);
  if (!BinTools::Read(loaded.shape, brep_path.c_str()) || loaded.shape.IsNull())
    throw InputError(file, 0, 0, "OpenCASCADE failed reading it (no shape came back)");
  return loaded;
}

}  // namespace

LoadedBrep loadAndTessellateIsolated(const std::string& occt_path, const std::string& file,
                                     double deflection, const std::function<void()>& check_stop) {
  const TemporaryFile brep(".brep");
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0)
    throw InputError(file, 0, 0, std::string("cannot start reading it: ") + std::strerror(errno));
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    throw InputError(file, 0, 0, std::string("cannot start reading it: ") + std::strerror(errno));
  }
  if (child == 0) {
    ::close(pipe_fds[0]);
    // The child dies with the parent (Ctrl-C, kill), rather than tessellating for no one.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kChildFailed);
    // _exit: the parent's buffers and atexit handlers are the parent's business.
    ::_exit(runChild(pipe_fds[1], occt_path, brep.path(), deflection));
  }
  ::close(pipe_fds[1]);
  const std::string report = readReport(pipe_fds[0], child, check_stop);
  ::close(pipe_fds[0]);
  return childResult(waitForChild(child), report, brep.path(), file);
}

}  // namespace gougechek
