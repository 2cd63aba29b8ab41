#include "report/stock_pictures.hpp"

#include <exception>
#include <string>
#include <utility>

#include "render/render.hpp"

namespace gougechek {

std::vector<ReportPicture> stockPictures(const Mesh& stock,
                                         const std::vector<Violation>& violations) noexcept {
  std::vector<ReportPicture> pictures;
  if (stock.triangles.empty()) return pictures;
  try {
    std::vector<render::Marker> markers;
    for (const Violation& violation : violations)
      if (violation.kind == ViolationKind::StockCollision)
        markers.push_back({violation.at, violation.depth, violation.severe});
    render::RenderOptions options;
    options.width = 720;
    options.height = 540;
    options.depth_scale = render::depthScaleFor(markers);
    options.marker_radius = 4;
    for (const auto& [kind, name] : {std::pair{render::ViewKind::Top, "top view"},
                                     std::pair{render::ViewKind::Iso, "iso view"}}) {
      const render::Image image =
          render::view(stock, {}, markers, render::viewOf(kind, bounds(stock)), options);
      pictures.push_back({std::string(name) + ": the stock after the program, the stock "
                                              "collisions marked",
                          render::pngDataUri(image)});
    }
  } catch (const std::exception&) {
    pictures.clear();
  }
  return pictures;
}

}  // namespace gougechek
