// check_programs PART TOOL PROGRAM...: loads the part once, checks every program against it
// with the cutter TOOL (e.g. ball:6), prints one summary line per program, and exits 1 when
// any program has a violation, 2 on an input error.
#include <gougechek/gougechek.hpp>
#ifdef WITH_STEP
#include <gougechek/step.hpp>
#endif

#include <iostream>

int main(int argc, char* argv[]) {
  if (argc < 4) {
    std::cerr << "usage: check_programs PART TOOL PROGRAM...\n";
    return 2;
  }
  try {
#ifdef WITH_STEP
    const gougechek::Part part = gougechek::step::readPart(argv[1]);
#else
    const gougechek::Part part = gougechek::readPart(argv[1]);
#endif
    gougechek::ToolLibrary tools;
    tools.fallback = gougechek::parseToolSpec(argv[2], "TOOL");
    const gougechek::VerifySettings settings;  // tolerance 0.01 mm, no stock
    bool clean = true;
    for (int i = 3; i < argc; ++i) {
      gougechek::ProgramStream program = gougechek::ProgramStream::open(argv[i]);
      const gougechek::Report report = gougechek::check(part, program, tools, settings);
      std::cout << argv[i] << ": " << gougechek::summaryLine(report) << "\n";
      clean = clean && report.violations.empty();
    }
    return clean ? 0 : 1;
  } catch (const gougechek::InputError& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 2;
  }
}
