// gougechek: checks an NC program against the part it machines (SPEC.md).
#include <exception>
#include <iostream>

#include "cli/cli_options.hpp"
#include "cli/run_check.hpp"
#include "gougechek/error.hpp"

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitInternal = 3;

int run(int argc, const char* const argv[]) {
  using namespace gougechek;
  const CliOptions options = parseCommandLine(argc, argv);
  switch (options.mode) {
    case CliMode::Help:
      std::cout << helpText();
      return 0;
    case CliMode::Version:
      std::cout << "gougechek " << GOUGECHEK_VERSION << "\n";
      return 0;
    case CliMode::PrintMoves:
      return printMoves(options, std::cout);
    case CliMode::Check:
      return runCheck(options, std::cout, std::cerr);
  }
  return kExitInternal;
}

}  // namespace

int main(int argc, char* argv[]) {
  try {
    return run(argc, argv);
  } catch (const gougechek::UsageError& error) {
    std::cerr << "gougechek: error: " << error.what() << "\nTry 'gougechek --help'.\n";
    return kExitUsage;
  } catch (const gougechek::InputError& error) {
    std::cerr << "gougechek: error: " << error.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& error) {
    std::cerr << "gougechek: internal error: " << error.what() << "\n";
    return kExitInternal;
  } catch (...) {
    std::cerr << "gougechek: internal error: unknown exception\n";
    return kExitInternal;
  }
}
