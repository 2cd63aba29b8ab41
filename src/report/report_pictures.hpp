#pragma once
// The HTML report's pictures and regions (issue 12), made at check time while the part is in
// memory: the report keeps PNG data URIs, never the part's mesh.
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/program.hpp"
#include "gougechek/report.hpp"
#include "render/render.hpp"

namespace gougechek {

/// Regions with pictures: the deepest ones; the others are listed without.
inline constexpr std::size_t kPicturedRegions = 12;
/// Program lines apart that belong to one region wherever they are on the part, and that do
/// when they are near on the part.
inline constexpr std::uint32_t kRegionCloseLines = 5;
inline constexpr std::uint32_t kRegionLineGap = 50;
/// Largest side of a region's box, in cutter diameters.
inline constexpr double kRegionSpanDiameters = 5;
/// Program lines quoted either side of a region's deepest violation.
inline constexpr std::uint32_t kQuotedLinesAround = 5;
/// The first line quoted around `line` (lines count from 1).
inline std::uint32_t firstQuotedLine(std::uint32_t line) {
  return line > kQuotedLinesAround ? line - kQuotedLinesAround : 1;
}
/// Lines before a region searched for its CAM operation's comment.
inline constexpr std::uint32_t kOperationLookBack = 5000;

/// The violations of `report` in regions, deepest first: consecutive violations (in program
/// order) of one tool, at most kRegionCloseLines lines apart, or at most kRegionLineGap lines
/// apart and within two cutter diameters of the region's box, as long as the region's box
/// stays within kRegionSpanDiameters cutter diameters on every side. Pictures and operations
/// are left empty.
std::vector<ReportRegion> groupRegions(const Report& report);

/// The CAM operation `line` is in, from the program text before it (`lines`, by line number):
/// the last FreeCAD `(begin operation: NAME)` before it (NAME), else the nearest comment-only
/// line before it that is not a post processor's boilerplate (tool changes, units, times, begin
/// and finish markers). Empty when there is none.
std::string operationBefore(const std::map<std::uint32_t, std::string>& lines, std::uint32_t line);

/// The raw stock after the program, for the HTML page (issue 23): its exact surface (the
/// columns' prisms), which each region's section cuts, and the 3D view's merged mesh.
struct PicturedStock {
  Mesh surface;
  Mesh view;
  double view_spacing = 0;  ///< mm: the side of the cells `view` shows
};

/// How `camera` with `options` maps the world to a picture's pixels, for the page's
/// data-projection (tests and tools that place points on a picture).
PictureProjection pictureProjection(const render::Camera& camera,
                                    const render::RenderOptions& options);

/// Draws the overview pictures (top, front, iso) of `mesh` with `path` (feed pieces joined
/// `join` at a time) and the violations, and the zoom and section of the first
/// kPicturedRegions of report.regions (with a `stock`, its material in each section); `what`
/// ends the overviews' captions.
void drawPictures(Report& report, const Mesh& mesh, std::span<const PathChord> path,
                  std::size_t join, const std::string& what, const PicturedStock* stock = nullptr);

}  // namespace gougechek
