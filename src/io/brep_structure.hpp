#pragma once
// Structural checks of STEP and IGES files, before OpenCASCADE reads them: a file that is cut
// short or lost an entity is still read by OCCT, as a partial part (a truncated IGES gave 2 of
// 1,088 triangles), and gouges against the missing faces would go unreported. One scan of
// the text compares what the file declares with what it holds.
#include <string>
#include <string_view>

namespace gougechek {

/// A STEP (ISO 10303-21) file must end with ENDSEC and END-ISO-10303-21, close every section,
/// define every entity it refers to (#id) and no entity twice, and write each DATA statement as
/// `#id = TYPE(...)` with its parentheses closing at its end. Throws InputError naming `file` and
/// the line.
void checkStepStructure(std::string_view text, const std::string& file);

/// An IGES file must hold its Start, Global, Directory Entry, Parameter Data and Terminate
/// sections in order, numbered without gaps; the Terminate section's counts must match the
/// sections' lengths, and every directory entry's parameter data must lie within the Parameter
/// Data section. Throws InputError naming `file` and the line.
void checkIgesStructure(std::string_view text, const std::string& file);

}  // namespace gougechek
