#pragma once
// The excess map of the HTML report (issue 24): the design coloured by its excess in bands, as
// VERICUT's and CATIA's comparisons colour it (in tolerance green, excess in blues deepening with
// the band, not machined grey, gouges dark red), in the top and iso views and a zoom on each
// region. The job layer hands the design's mesh and each triangle's band; the report keeps PNG data
// URIs.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/report.hpp"
#include "render/render.hpp"

namespace gougechek {

/// A triangle of the map: not machined, or the index of its band in ExcessReport::bands (0: in
/// tolerance).
inline constexpr std::int8_t kNotMachinedBand = -1;

/// The design as the map draws it (the part's mesh, a facet whose cells fall in several bands
/// as its cells) and each triangle's band.
struct ExcessMap {
  Mesh design;
  std::vector<std::int8_t> band_of_triangle;
};

/// The colour of a band of the map (kNotMachinedBand included).
render::Rgb excessColour(std::int8_t band);
/// The map's gouge markers' depth scale: every gouge its deepest colour (dark red).
render::DepthScale gougeScale();
/// The colour of the map's gouge markers, as gougeScale draws them.
render::Rgb gougeColour();
/// "#rrggbb", for the HTML's legend.
std::string hexColour(render::Rgb colour);

/// Draws the map of `design` (each triangle coloured by `band_of_triangle`) with the gouges of
/// report.violations marked, into report.excess's pictures (top and iso views) and each of its
/// first kPicturedRegions regions' (a zoom on its largest excess). Needs report.excess; draws
/// nothing (and leaves no picture) where rendering fails: the pictures are an aid, the numbers
/// the finding.
void drawExcessPictures(Report& report, const Mesh& design,
                        std::span<const std::int8_t> band_of_triangle) noexcept;

}  // namespace gougechek
