#pragma once
// Exact confirmation (a step after verify()): a tessellated B-rep lies up to its deflection
// away from the true surface, so a finding whose depth is within the deflection of the
// tolerance could be a mesh artefact, or a real gouge the mesh made look shallower. Those are
// measured again against the exact faces their nearby triangles came from. The exact geometry
// comes in through a callback, so the engine does not depend on a CAD kernel.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "convex/frustum_core.hpp"
#include "gougechek/mesh.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/verify.hpp"

namespace gougechek {

/// Shortest distance from `core` (its margin ignored), placed with the tool tip at `tip`, to
/// the exact faces `faces`; 0 where they meet.
using ExactCoreDistance = std::function<double(const FrustumCore& core, const Vec3& tip,
                                               std::span<const std::uint32_t> faces)>;

/// The tessellated part and where its triangles came from.
struct ExactPart {
  const Mesh& mesh;
  const std::vector<std::uint32_t>& face_of_triangle;  ///< one face id per triangle
  ExactCoreDistance distance;
};

/// Re-measures each gouge and rapid collision of a ball, bull or cornered taper cutter (exact
/// depths: core outside the part, not severe) whose depth is within `deflection` of the
/// tolerance: depth = margin − min over the move of the exact core distance. Those that end at
/// or below the tolerance are removed; the others get the exact depth and position and are
/// marked `exact`. Order is kept.
void confirmOnExactSurfaces(std::vector<Violation>& violations, const ExactPart& part,
                            const ToolLibrary& tools, const VerifySettings& settings,
                            double deflection);

}  // namespace gougechek
