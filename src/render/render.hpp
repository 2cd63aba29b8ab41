#pragma once
// Pictures of the part for people (issue 12): shaded orthographic views drawn by a small
// software rasteriser with a depth buffer, the tool path and the violations over them, a
// section through part and cutter, and PNG encoding for embedding in the HTML report.
//
// Internal module (gougechek_render). Everything is in millimetres and pixels; pixel (x, y)
// covers [x, x+1) × [y, y+1), y downwards, row 0 at the top. Pictures are deterministic: the
// same inputs give the same bytes.
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/program.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek::render {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  constexpr bool operator==(const Rgb&) const = default;
};

/// What every picture shows where nothing is drawn.
inline constexpr Rgb kBackground{255, 255, 255};

/// An 8-bit RGBA picture, rows top to bottom, opaque (alpha 255) as drawn here.
struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  ///< width·height·4 bytes

  Rgb rgb(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 4;
    return {rgba[i], rgba[i + 1], rgba[i + 2]};
  }
};

/// A straight piece of the tool path (the caller splits arcs into chords), as the program's
/// path sample keeps it. Rapids are drawn dashed, feeds as thin solid lines; the dash pattern
/// runs on across consecutive rapids.
using PathSegment = PathChord;

/// A violation: a dot coloured by its depth, drawn over everything else (a violation hidden
/// behind the part still shows).
struct Marker {
  Vec3 at;           ///< tool-tip position of the deepest point
  double depth = 0;  ///< mm, finite; negative (a rapid within clearance) is coloured as 0
  bool severe = false;
};

/// Colours of depths from 0 to max_depth: yellow, orange, red, dark red (deeper clamps to
/// dark red, negative to yellow); severe violations magenta whatever their depth. The legend
/// draws it as a labelled bar.
struct DepthScale {
  double max_depth = 0.1;  ///< mm, > 0
  Rgb colour(double depth, bool severe = false) const;
};

/// A scale whose top is the deepest marker rounded up to 1, 2 or 5 × 10^k mm (0.1 mm when
/// there is none), so that the legend's labels are round.
DepthScale depthScaleFor(std::span<const Marker> markers);

/// The largest of 1, 2, 5 × 10^k that is at most `limit`: the scale bar's length. Throws
/// std::invalid_argument unless `limit` is finite and > 0.
double roundLength(double limit);

enum class ViewKind {
  Top,    ///< looking down −Z, X to the right, Y up
  Front,  ///< looking along +Y, X to the right, Z up
  Iso     ///< from (+1, −1, +1) towards the part, Z up
};

/// An orthographic camera. The window half_width × half_height around `centre` is fitted into
/// the picture's drawing area (the area's aspect adds to one of the two).
struct Camera {
  Vec3 direction{0, 0, -1};  ///< the way the picture looks, into the scene
  Vec3 up{0, 1, 0};          ///< upwards in the picture; its part along `direction` is ignored
  Vec3 centre;               ///< drawn at the middle of the drawing area
  double half_width = 1, half_height = 1;  ///< mm, > 0
  /// Nothing nearer the eye than this many mm in front of `centre` is drawn (a zoom looks past
  /// the walls in front of a point); infinity: no clipping. The cutter is never clipped.
  double near_clip = std::numeric_limits<double>::infinity();
};

/// The whole part seen from `kind`: `bounds` ({min, max}, e.g. gougechek::bounds(mesh)) fits
/// the picture with a small margin.
Camera viewOf(ViewKind kind, const std::array<Vec3, 2>& bounds);

/// A zoom: the sphere of `radius_mm` around `centre` fits the picture; what is more than twice
/// that radius in front of `centre` is clipped away.
Camera around(const Vec3& centre, double radius_mm, ViewKind kind);

/// A zoom on `centre` (as around()) from the side that sees most of it: of the iso view, the
/// iso views from the other three sides (from −X−Y, −X+Y, +X+Y) and the top view, the first
/// that sees the most of `centre` and, given the cutter's radius, 8 points of the cutter's
/// rim around it, a point seen when no triangle of `mesh` lies between it and the eye within
/// the near clip (a violation on a wall facing away from the iso view is hidden in it). One
/// pass over the triangles. Throws as around().
Camera zoomOn(const Mesh& mesh, const Vec3& centre, double radius_mm, double cutter_radius = 0);

/// A section plane: the points p with dot(p − point, normal) = 0.
struct Plane {
  Vec3 point;
  Vec3 normal{0, 1, 0};  ///< need not be unit; the side it points to faces the viewer
};

/// Looks at `plane` head-on (its normal towards the viewer), `radius_mm` around its point,
/// with world Z upwards (Y when the plane is horizontal).
Camera sectionView(const Plane& plane, double radius_mm);

/// A cutter at a position: its axis is vertical (+Z from the tip).
struct CutterPose {
  ToolSpec tool;  ///< ball, flat, bull or taper; flute 0 counts as 4·D, as --tool defaults it
  Vec3 tip;
};

struct RenderOptions {
  int width = 800, height = 600;  ///< px, 64..8192 each
  bool axes = true;               ///< an XYZ triad, labelled, at the lower right
  bool scale_bar = true;          ///< a round length (1, 2, 5 × 10^k mm), labelled, lower left
  bool legend = true;             ///< the depth scale as a labelled bar, upper right
  bool depth_labels = false;      ///< each marker's depth written beside it
  int marker_radius = 5;          ///< px, 1..64
  DepthScale depth_scale;         ///< marker colours and the legend's range
  /// view(): drawn translucent and outlined (a ghost where the part hides it). section(): its
  /// section, with what it cuts of the part in red.
  std::optional<CutterPose> cutter;
  /// view(): one colour a triangle of the mesh, both sides, shaded as the part's tint is (a map
  /// of the excess); empty: the part's tint. Throws std::invalid_argument unless empty or one a
  /// triangle.
  std::span<const Rgb> triangle_colours;
};

/// How a picture maps the world to pixels, as view() and section() draw it: for callers that
/// place things over a picture (an HTML image map of the markers) and for tests.
struct Projection {
  Vec3 right, up, direction;  ///< orthonormal, right-handed: right × up = −direction
  Vec3 centre;                ///< world point at pixel position (cx, cy)
  double px_per_mm = 1;
  double cx = 0, cy = 0;
  double near_depth = -std::numeric_limits<double>::infinity();  ///< depth() below: clipped

  /// Pixel position (x right, y down; pixel (i, j) covers [i, i+1) × [j, j+1)).
  std::array<double, 2> pixel(const Vec3& p) const {
    const Vec3 d = p - centre;
    return {cx + dot(d, right) * px_per_mm, cy - dot(d, up) * px_per_mm};
  }
  /// mm along `direction` from `centre`: larger is farther from the viewer.
  double depth(const Vec3& p) const { return dot(p - centre, direction); }
};

/// The projection view() and section() use for `camera` and `options`. Throws
/// std::invalid_argument on a camera or size they cannot draw (zero or parallel directions,
/// a window not > 0, non-finite values, a size out of range).
Projection projectionOf(const Camera& camera, const RenderOptions& options);

/// The part shaded (flat Lambert shading from a light fixed to the view, back faces, as an open
/// surface shows them, in a warm tint), the path over it with a depth test (paths on the
/// surface show), the cutter, the markers, then the axes, scale bar and legend. Throws
/// std::invalid_argument as projectionOf, and on a triangle indexing no vertex. (Not named
/// render: a function named as its namespace is ambiguous to callers in namespace gougechek.)
Image view(const Mesh& mesh, std::span<const PathSegment> path, std::span<const Marker> markers,
           const Camera& camera, const RenderOptions& options);

/// The part cut by `plane`: its material hatched inside an outline (a row through an open
/// surface's cut is outlined, not filled), the cutter's section in it where options.cutter is
/// set (what the cutter takes from the material in red), the markers with their depth
/// written beside them, and the overlays. `camera` is usually sectionView(plane, ...). With a
/// `stock` (a closed mesh: the raw stock), its material too, behind the part's, in sand with
/// the other hatch and a brown outline, and what of it the cutter holds in orange.
Image section(const Mesh& mesh, const Plane& plane, std::span<const Marker> markers,
              const Camera& camera, const RenderOptions& options, const Mesh* stock = nullptr);

/// The picture as a PNG file's bytes (truecolour; libspng). Throws std::runtime_error with
/// libspng's reason when encoding fails, std::invalid_argument on an inconsistent image.
std::string encodePng(const Image& image);

/// `data:image/png;base64,...`, for an <img src> in a self-contained page.
std::string pngDataUri(const Image& image);

}  // namespace gougechek::render
