// check_programs PART TOOL PROGRAM...: loads the part once, checks every program against it
// with the cutter TOOL (e.g. ball:6) as `gougechek PART PROGRAM --tool TOOL` would (a job of
// gougechek/job.hpp), prints one summary line per program, and exits 1 when any program has a
// violation, 2 on an input error.
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
    gougechek::CheckJob job;  // tolerance 0.01 mm, no stock, as the command line's defaults
    job.part_file = argv[1];
    job.tool = argv[2];
#ifdef WITH_STEP
    const gougechek::Part part = gougechek::step::readPart(job.part_file);
#else
    const gougechek::Part part = gougechek::readPart(job.part_file);
#endif
    // The part read once, its search tree built at the first check and kept for the others.
    gougechek::JobHooks hooks;
    hooks.read_part = [&part](const std::string&, const gougechek::PartOptions&) { return part; };
    bool clean = true;
    for (int i = 3; i < argc; ++i) {
      job.path_file = argv[i];
      const gougechek::Report report = gougechek::runJob(job, hooks);
      std::cout << argv[i] << ": " << gougechek::summaryLine(report) << "\n";
      clean = clean && report.violations.empty();
    }
    return clean ? 0 : 1;
  } catch (const gougechek::InputError& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 2;
  }
}
