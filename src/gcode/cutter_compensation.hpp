#pragma once
// Cutter radius compensation (G41/G42, G40) of straight moves in the XY plane, as LinuxCNC 2.9
// computes it (rs274ngc interp_convert.cc convert_straight_comp1/comp2, interp_queue.cc): the
// entry move ends a radius to the side of the programmed end, perpendicular to the entry
// direction; a convex corner gets an arc about the programmed corner (a rapid: a straight line
// instead); a concave corner moves the previous move's end back to where the tool touches both
// sides. Moves wait in a queue until the next XY move decides their end, as LinuxCNC's do, and
// are handed out then, so the line they carry is the line that released them (rs274's too).
#include <cstdint>
#include <string>
#include <vector>

#include "gougechek/move.hpp"

namespace gougechek {

class CutterCompensation {
 public:
  explicit CutterCompensation(std::string file_name) : file_name_(std::move(file_name)) {}

  /// G41 (side 1) or G42 (side -1) with a radius in mm, the tool standing at `at`.
  void start(int side, double radius, const Vec3& at);
  /// G41/G42 is in effect (LinuxCNC refuses cycles and some codes then, even with radius 0).
  bool on() const { return side_ != 0; }
  /// Compensation moves the tool (a radius of 0 leaves the programmed path as it is).
  bool active() const { return side_ != 0 && radius_ > 0; }

  /// A G0/G1 from programmed point `from` to `to`; appends the moves it releases to `out`
  /// (without `line`, `tool`). `line`/`column` locate errors.
  void straight(MoveKind kind, const Vec3& from, const Vec3& to, std::uint32_t line,
                std::uint32_t column, std::vector<Move>& out);
  /// G40: releases the queued moves; returns where the tool is (off the programmed point).
  Vec3 stop(std::uint32_t line, std::uint32_t column, std::vector<Move>& out);

 private:
  struct Queued {
    Move move;
    double dx = 0, dy = 0;  ///< direction of the programmed motion, to catch a reversed move
  };
  void enqueue(MoveKind kind, double dx, double dy, const Vec3& to);
  void moveEndpointAndFlush(double x, double y, std::uint32_t line, std::uint32_t column,
                            std::vector<Move>& out);
  void flush(std::vector<Move>& out);
  void setEndpoint(double x, double y);

  std::string file_name_;
  int side_ = 0;  ///< 1 left (G41), -1 right (G42), 0 off
  double radius_ = 0;
  bool first_move_ = true;
  Vec3 current_;  ///< compensated tool position after the queued moves
  Vec3 emitted_;  ///< end of the last move handed out
  std::vector<Queued> queue_;
  double endpoint_[2] = {0, 0};  ///< start of the queued XY motion (LinuxCNC's `endpoint`)
  bool endpoint_valid_ = false;
};

}  // namespace gougechek
