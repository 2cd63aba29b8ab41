#pragma once
// The excess over a whole design (docs/checking-rules.md "Excess"): each facet of the part's mesh
// measured on its own (certifiedMaximum, in parallel: the result does not depend on the thread
// count), a facet partly reached by the cutters split into cells, then the cells whose excess
// is a finding joined, where they touch, into regions: those a cutter left material on, and
// those no cutter came near (not machined).
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "excess/certified_maximum.hpp"
#include "gougechek/mesh.hpp"

namespace gougechek {

struct DesignExcessSettings {
  double spacing = 0.2;  ///< lattice spacing on each facet, mm
  /// Excess up to this is not a finding (the stock to leave plus the excess tolerance), mm.
  double threshold = 0;
  /// A facet both reached and not reached by the cutters is split into cells this long at
  /// most, mm; 0: the larger of 1 mm and 10 spacings.
  double region_size = 0;
  int threads = 0;  ///< 0: all cores
  /// Called between the passes (on the calling thread); may throw to stop the measure.
  std::function<void()> check_stop;
};

/// DesignCell::part of a cell that is its whole facet.
inline constexpr std::uint32_t kWholeFacet = 0xffffffff;

/// A piece of the design measured on its own: a facet of the mesh, or a part of one (a facet
/// longer than the region size is split into cells of at most that size, so that what was
/// machined and what was not are told apart on a coarse mesh). Its shape (DesignExcess::shape)
/// is kept only for the parts: a fine mesh's millions of facets are their own cells.
struct DesignCell {
  std::uint32_t facet = 0;           ///< the mesh triangle it lies in
  std::uint32_t part = kWholeFacet;  ///< else its shape's index in DesignExcess::parts
  double area = 0;                   ///< mm²
  ExcessBracket bracket;             ///< its largest excess
};

/// A mesh triangle as a design facet: its corners and outward unit normal.
DesignFacet facetOf(const Mesh& mesh, std::size_t triangle);

/// Cells of the design joined into one finding.
struct ExcessPatch {
  std::vector<std::uint32_t> cells;  ///< indices into DesignExcess::cells, increasing
  std::size_t facets = 0;            ///< mesh triangles its cells lie in
  /// lo and hi: the largest of its cells' brackets; at and sweep where that lo is.
  ExcessBracket bracket;
  double area = 0;                    ///< mm²
  bool machined = true;               ///< false: some ray of its cells met no sweep before the cap
  std::optional<std::uint32_t> face;  ///< the exact face (STEP/IGES) its cells lie on
};

struct DesignExcess {
  std::vector<DesignCell> cells;          ///< the whole design, each mesh triangle's in order
  std::vector<DesignFacet> parts;         ///< the shapes of the cells that are parts of a facet
  std::vector<ExcessPatch> regions;       ///< material left by a cutter: largest hi first
  std::vector<ExcessPatch> not_machined;  ///< met by no cutter: largest area first
  std::size_t samples = 0;                ///< rays cast, in all
  double area = 0;                        ///< of the whole design, mm²

  /// Cell c's shape: its part, or its facet of `mesh` (the mesh measured).
  DesignFacet shape(const Mesh& mesh, std::size_t c) const {
    return cells[c].part == kWholeFacet ? facetOf(mesh, cells[c].facet) : parts[cells[c].part];
  }
};

/// Measures every facet of `mesh` in `field`. `face_of_triangle`: the exact face of each
/// triangle (empty for an STL part): regions never cross from one face to another.
DesignExcess measureDesign(const Mesh& mesh, std::span<const std::uint32_t> face_of_triangle,
                           const ExcessField& field, const DesignExcessSettings& settings);

}  // namespace gougechek
