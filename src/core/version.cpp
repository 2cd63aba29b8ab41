#include "gougechek/version.hpp"

namespace gougechek {

const char* version() {
  return GOUGECHEK_VERSION;
}

}  // namespace gougechek
