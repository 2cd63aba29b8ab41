#include "report/excess_pictures.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

#include "report/report_pictures.hpp"
#include "report/report_summary.hpp"

namespace gougechek {
namespace {

/// In tolerance, then the bands above it: blues deepening with the excess.
constexpr std::array<render::Rgb, 5> kBandColours{
    {{65, 171, 93}, {158, 202, 225}, {66, 146, 198}, {33, 113, 181}, {8, 48, 107}}};
constexpr render::Rgb kNotMachinedColour{189, 189, 189};

/// The gouges of the report, each drawn in gougeColour.
std::vector<render::Marker> gougeMarkers(const Report& report) {
  std::vector<render::Marker> markers;
  for (const Violation& violation : report.violations)
    if (violation.kind == ViolationKind::Gouge) markers.push_back({violation.at, 1, false});
  return markers;
}

}  // namespace

render::Rgb excessColour(std::int8_t band) {
  if (band < 0) return kNotMachinedColour;
  return kBandColours[std::min<std::size_t>(static_cast<std::size_t>(band),
                                            kBandColours.size() - 1)];
}

render::DepthScale gougeScale() {
  render::DepthScale scale;
  scale.max_depth = 1e-9;  // every marker, at depth 1, past its top
  return scale;
}

render::Rgb gougeColour() {
  return gougeScale().colour(1);
}

std::string hexColour(render::Rgb colour) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", colour.r, colour.g, colour.b);
  return text;
}

void drawExcessPictures(Report& report, const Mesh& design,
                        std::span<const std::int8_t> band_of_triangle) noexcept {
  if (!report.excess || design.triangles.empty()) return;
  ExcessReport& excess = *report.excess;
  try {
    std::vector<render::Rgb> colours;
    colours.reserve(band_of_triangle.size());
    for (const std::int8_t band : band_of_triangle) colours.push_back(excessColour(band));
    const std::vector<render::Marker> markers = gougeMarkers(report);
    render::RenderOptions options;
    options.width = 720;
    options.height = 540;
    options.legend = false;  // the HTML's legend gives the bands with their numbers
    options.marker_radius = 4;
    options.depth_scale = gougeScale();
    options.triangle_colours = colours;
    const auto box = bounds(design);
    for (const auto& [kind, name] : {std::pair{render::ViewKind::Top, "top view"},
                                     std::pair{render::ViewKind::Iso, "iso view"}}) {
      const render::Camera camera = render::viewOf(kind, box);
      const render::Image image = render::view(design, {}, markers, camera, options);
      excess.pictures.push_back(
          {std::string(name) + ": the design coloured by its excess, gouges in dark red",
           render::pngDataUri(image), pictureProjection(camera, options)});
    }
    // Each region close up around its largest excess: as large as a small region with room
    // around it, 20 mm across for a large one (whose whole is in the overviews).
    options.width = 400;
    options.height = 300;
    const std::size_t pictured = std::min(excess.regions.size(), kPicturedRegions);
    for (std::size_t r = 0; r < pictured; ++r) {
      ExcessRegion& region = excess.regions[r];
      const double radius = std::clamp(1.5 * std::sqrt(region.area), 2.0, 10.0);
      const render::Camera camera = render::zoomOn(design, region.at, radius);
      const render::Image image = render::view(design, {}, markers, camera, options);
      region.pictures.push_back({"the excess map " + fixedDecimal(2 * radius, 0) +
                                     " mm across, centred on the region's largest excess",
                                 render::pngDataUri(image), pictureProjection(camera, options)});
    }
  } catch (const std::exception&) {
    excess.pictures.clear();
    for (ExcessRegion& region : excess.regions) region.pictures.clear();
  }
}

}  // namespace gougechek
