#pragma once
// The generated mold: a 100 × 80 mm block standing on z = 0 whose top is a smooth freeform
// height field with waves, a boss and a pocket, staying between 11 and 26 mm high. The finishing
// program is generated against the triangulated top, never against this analytic function.

namespace gougechek::samplegen {

constexpr double kMoldLengthX = 100;
constexpr double kMoldWidthY = 80;

/// Height of the mold's top at (x, y), for 0 ≤ x ≤ kMoldLengthX and 0 ≤ y ≤ kMoldWidthY.
double moldTopHeight(double x, double y);

}  // namespace gougechek::samplegen
