#pragma once
// Cutter radius compensation (G41/G42, G40) of straight moves and arcs in the G17 and G18
// planes, as LinuxCNC 2.9 computes it (rs274ngc interp_convert.cc convert_straight_comp1/comp2,
// convert_arc_comp1/comp2, interp_queue.cc): the entry move ends a radius to the side of the
// programmed end (an entry arc is re-centred so that it stays tangent to the programmed arc's
// end); a convex corner gets an arc about the programmed corner (a rapid: a straight line
// instead); a concave corner moves the previous move's end back to where the offset line or
// circle of the previous move meets the next one's. Moves wait in a queue until the next move
// in the plane decides their end, as LinuxCNC's do, and are handed out then, so the line they
// carry is the line that released them (rs274's too).
//
// Geometry is done in the plane's two coordinates as LinuxCNC orders them (G17: X, Y; G18:
// Z, X), the third coordinate riding along.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gcode/arc_center.hpp"
#include "gcode/plane.hpp"
#include "gougechek/move.hpp"

namespace gougechek {

class CutterCompensation {
 public:
  /// Finds the centre of the programmed arc when it starts at `start` (LinuxCNC measures the
  /// entry arc from the tool, the others from the programmed point); throws InputError for an
  /// arc LinuxCNC rejects.
  using ArcCenterFinder = std::function<PlanePoint(PlanePoint start)>;

  explicit CutterCompensation(std::string file_name) : file_name_(std::move(file_name)) {}

  /// G41 (side 1) or G42 (side -1) with a radius in mm, the tool standing at `at`, in `plane`
  /// (G17 or G18).
  void start(int side, double radius, const Vec3& at, Plane plane = Plane::XY);
  /// G41/G42 is in effect (LinuxCNC refuses cycles and some codes then, even with radius 0).
  bool on() const { return side_ != 0; }
  /// Compensation moves the tool (a radius of 0 leaves the programmed path as it is).
  bool active() const { return side_ != 0 && radius_ > 0; }

  /// A G0/G1 from programmed point `from` to `to`; appends the moves it releases to `out`
  /// (without `line`, `tool`). `line`/`column` locate errors.
  void straight(MoveKind kind, const Vec3& from, const Vec3& to, std::uint32_t line,
                std::uint32_t column, std::vector<Move>& out);
  /// A G2 (`clockwise`) or G3 from programmed point `from` to `to`, `turns` full turns
  /// (P, at least 1), its centre found by `center`.
  void arc(bool clockwise, int turns, const Vec3& from, const Vec3& to,
           const ArcCenterFinder& center, std::uint32_t line, std::uint32_t column,
           std::vector<Move>& out);
  /// G40: releases the queued moves; returns where the tool is (off the programmed point).
  Vec3 stop(std::uint32_t line, std::uint32_t column, std::vector<Move>& out);

 private:
  struct Queued {
    Move move;
    double dx = 0, dy = 0;  ///< straight: direction of the programmed motion in the plane
    int turn = 0;           ///< arc: LinuxCNC's turn, counter-clockwise turns (negative: CW)
    double sweep = 0;       ///< arc: its angle when queued (0: a corner arc, never clipped)
  };

  PlanePoint inPlane(const Vec3& v) const { return {v[first_], v[second_]}; }
  double normal(const Vec3& v) const { return v[normal_]; }
  Vec3 point(PlanePoint p, double normal) const;
  bool toolInside(int turn) const { return (side_ > 0) == (turn > 0); }

  void enqueueStraight(MoveKind kind, double dx, double dy, const Vec3& to);
  void enqueueArc(PlanePoint end, PlanePoint center, int turn, double end_normal, double sweep);
  void moveEndpointAndFlush(PlanePoint to, std::uint32_t line, std::uint32_t column,
                            std::vector<Move>& out);
  void flush(std::vector<Move>& out);
  void setEndpoint(PlanePoint at);
  const Queued* queuedArc() const;
  [[noreturn]] void fail(std::uint32_t line, std::uint32_t column,
                         const std::string& message) const;

  void entryArc(bool clockwise, int turns, const Vec3& to, const ArcCenterFinder& center,
                std::uint32_t line, std::uint32_t column);
  PlanePoint concaveLineAfterArc(const Queued& previous, PlanePoint from, PlanePoint to,
                                 std::uint32_t line, std::uint32_t column) const;
  PlanePoint concaveArcAfterLine(double theta, double beta, PlanePoint center, double arc_radius,
                                 int turn, std::uint32_t line, std::uint32_t column) const;
  PlanePoint concaveArcAfterArc(const Queued& previous, PlanePoint center, double arc_radius,
                                int turn, std::uint32_t line, std::uint32_t column) const;

  std::string file_name_;
  int side_ = 0;  ///< 1 left (G41), -1 right (G42), 0 off
  double radius_ = 0;
  int first_ = 0, second_ = 1, normal_ = 2;  ///< axes of the plane (x 0, y 1, z 2)
  bool first_move_ = true;
  Vec3 current_;  ///< compensated tool position after the queued moves
  Vec3 emitted_;  ///< end of the last move handed out
  std::vector<Queued> queue_;
  PlanePoint endpoint_;  ///< start of the queued motion in the plane (LinuxCNC's `endpoint`)
  bool endpoint_valid_ = false;
};

}  // namespace gougechek
