// gougechek-brep-worker: reads and tessellates one STEP or IGES part for gougechek, in a
// process of its own (src/io/brep_isolation.hpp says why). Not meant to be run by hand.
#include "io/brep_isolation.hpp"

int main(int argc, char** argv) {
  return gougechek::runBrepWorker(argc, argv);
}
