#pragma once
// LinuxCNC tool tables (`T1 P1 D6.0 Z+50.0 ;ball flute=24`), one tool per line, in mm.
//
// Words: T (tool number ≥ 1, required), D (diameter, required), Z (the tool length offset, for
// programs that use G43), P (pocket) and the other offset words X Y A B C U V W I J Q, which are
// read and ignored: programmed points are tool tips already.
// Everything after `;` is the comment. A first word naming a cutter type, in any case (`ball`,
// `BALL`, `Taper`), gives the type; `key=value` words describe the cutter, strictly (once one
// is there, every word after the type must be one):
//   ;ball flute=24              ;bull r=1 flute=20 shank=6 length=60   ;TAPER r=0.5 angle=5
// keys (any case): flute, shank, length (as for --tool), r (bull corner / taper tip radius),
// angle (half-angle, degrees), tip, point, neck, h; separated by spaces or commas. A type
// followed by no key=value word is that type, freely described (`;Ball 6x19`); a comment that
// starts with any other word is a free description, and the tool a flat end mill of diameter D.
// Lines end with LF, CR LF or a CR alone. Blank lines and lines that are only a comment are
// skipped.
#include "gougechek/tool.hpp"

namespace gougechek {

// readToolTable() is public: gougechek/tool.hpp.

}  // namespace gougechek
