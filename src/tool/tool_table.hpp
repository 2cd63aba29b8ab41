#pragma once
// LinuxCNC tool tables (`T1 P1 D6.0 Z+50.0 ;ball flute=24`), one tool per line, in mm.
//
// Words: T (tool number ≥ 1, required), D (diameter, required), Z (the tool length offset, for
// programs that use G43), P (pocket) and the other offset words X Y A B C U V W I J Q, which are
// read and ignored: programmed points are tool tips already.
// Everything after `;` is the comment. When the comment starts with a cutter type (`ball`,
// `flat`, `bull`, `taper`) or with `key=value`, it describes the cutter, strictly:
//   ;ball flute=24              ;bull r=1 flute=20 shank=6 length=60   ;taper r=0.5 angle=5
// keys: flute, shank, length (as for --tool), r (bull corner / taper tip radius), angle (taper
// half-angle, degrees); separated by spaces or commas. A comment that starts with anything else
// is a free description. An entry whose comment names no type is a flat end mill of diameter D.
// Blank lines and lines that are only a comment are skipped.
#include "gougechek/tool.hpp"

namespace gougechek {

// readToolTable() is public: gougechek/tool.hpp.

}  // namespace gougechek
