#pragma once
// The HTML report's interactive 3D view (issue 12): the part decimated for size, the tool path
// and the violation markers, drawn by viewer3d.js in plain WebGL 1 inside the page (no library,
// no network). Internal to the report module.
//
// Use: writeViewer3d(viewerScene(part.mesh(), path, report.violations), out) writes a
// self-contained block (a canvas, the scene's data, the script) anywhere in the page's <body>,
// once per page. It links to the page's violation table both ways: a click on a marker scrolls
// to the element id="v-INDEX" (INDEX: the violation's 0-based index) and gives it the class
// "gc3d-row"; a click on any element with data-marker="INDEX" turns the view to that marker.
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string_view>
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/verify.hpp"
#include "render/render.hpp"

namespace gougechek::report {

struct Viewer3dMarker {
  Vec3 at;
  double depth = 0;  ///< mm, as Violation::depth
  bool severe = false;
  std::size_t index = 0;  ///< the violation's index in the report (its row is id="v-INDEX")
};

/// A surface the 3D view draws over the part in one colour: a band of the excess map.
struct Viewer3dLayer {
  Mesh mesh;
  render::Rgb colour;
};

/// What the 3D view shows, already within the size budgets.
struct Viewer3dScene {
  Mesh part;  ///< decimated: at most the budget's triangles
  std::size_t source_triangles = 0;
  /// mm: how far the decimated part strays from the original by meshoptimizer's estimate (its
  /// quadric metric, summed over the passes). An estimate, not a bound: the original vertices
  /// were measured up to 6 times as far from the decimated sample mold.
  double part_error = 0;
  std::vector<render::PathSegment> path;  ///< straight pieces merged within path_error
  std::size_t source_segments = 0;
  double path_error = 0;  ///< mm: the most a path point moved (Douglas–Peucker tolerance)
  std::vector<Viewer3dMarker> markers;
  render::DepthScale depth_scale;  ///< the markers' colours, as in the report's pictures
  /// The raw stock after the program (issue 23), drawn translucent; none: the page is written
  /// as without a stock, byte for byte. Set by the caller (the stock stage's view mesh).
  Mesh stock;
  double stock_spacing = 0;  ///< mm: the side of the cells the stock's mesh shows
  /// The excess map (issue 24, excessLayers): the part in `excess_base` (the in-tolerance colour)
  /// and each other band's surface over it, with a checkbox; none: the page is written as
  /// without an excess, byte for byte.
  std::vector<Viewer3dLayer> excess;
  render::Rgb excess_base{};
};

/// How large the view's data may get. The defaults keep the block under about 0.7 MB (base64:
/// about 12 bytes a triangle, 8 a path segment, 15 a marker; the report marks only the
/// violations its table lists).
struct Viewer3dBudget {
  std::size_t triangles = 30000;
  std::size_t segments = 25000;
  /// mm, meshoptimizer's error estimate: the part is decimated that far even under the triangle
  /// budget (flat areas then cost little); 0: a part within the budget is kept as it is.
  double part_error = 0.005;
  /// The raw stock's mesh (StockStage::view): coarser cells until it fits.
  std::size_t stock_triangles = 20000;
  /// The excess map's bands other than in tolerance, together (excessLayers).
  std::size_t excess_triangles = 20000;
};

/// The layers of the excess map (`design`, each triangle's band as the pictures colour it:
/// kNotMachinedBand, 0 in tolerance, 1… the bands above): one a band but in tolerance (the part
/// itself, drawn in that band's colour), each decimated to its share of the budget's
/// excess_triangles. Throws std::runtime_error as the part's decimation does.
std::vector<Viewer3dLayer> excessLayers(const Mesh& design,
                                        std::span<const std::int8_t> band_of_triangle,
                                        const Viewer3dBudget& budget = {});

/// The scene of `mesh`, `path` and one marker per violation (in order; marker i is violation
/// i). Throws std::invalid_argument when a budget is 0 or a triangle indexes no vertex.
Viewer3dScene viewerScene(const Mesh& mesh, std::span<const render::PathSegment> path,
                          std::span<const Violation> violations, const Viewer3dBudget& budget = {});

/// Writes the view's block: <div id="gc3d"> with the canvas, a <script type="application/json"
/// id="gc3d-data"> with the scene (positions quantised to 16 bits within the scene's box,
/// little-endian arrays in base64) and the viewer's script; with a stock, a "stock" object in the
/// data (vertices, triangles, index32, colour, spacing) and a checkbox id="gc3d-stock".
void writeViewer3d(const Viewer3dScene& scene, std::ostream& out);

/// The viewer's script as a page has it: viewer3d.js (embedded at build time), without its
/// stock:begin … stock:end blocks unless `stock`, its excess:begin … excess:end blocks unless
/// `excess`, and its layers:begin … layers:end blocks (what both draw with) unless either (a page
/// without a stock or an excess stays as it was).
std::string_view viewer3dScript(bool stock = false, bool excess = false);
/// viewer3d.js as written, every block and all.
std::string_view viewer3dSource();

}  // namespace gougechek::report
