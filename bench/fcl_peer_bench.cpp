// A peer, side by side: the check of verify_bench's inputs (a 1M-triangle mold, a 1M-move
// 6 mm ball-end finish; bench/make_bench_inputs.sh) done by gougechek and by FCL 0.7, one
// thread each, in the same run.
//
// gougechek: the whole run, import included: read the part and the program, build the tree,
// check every move (verify(), one thread).
// FCL: the same import, the part's triangles into an OBBRSS BVHModel, then one fcl::distance
// query per move between the swept cutter and the part. A ball cutter swept along a straight
// move is a capsule from the ball's centre at the start to its centre at the end; arcs are cut
// into pieces as gougechek cuts them (chords within tolerance/10), one capsule each. The
// capsule's radius is R less the tolerance, so that "distance 0" means what a gouge means.
// FCL checks only the ball (not the cylinder above it), so it does less than gougechek.
//
// An FCL query takes about 10 ms (the ball rests on a curved surface of 0.14 mm triangles, so
// many bounding volumes lie within reach), so FCL queries every GOUGECHEK_FCL_STRIDE-th move,
// spread over the whole part (default 1000: 1,003 of 1,002,004 moves), and its query time is
// scaled to the whole program: fcl_s = import + BVH build + (query time / moves queried) ×
// moves. The counters:
//   ours_s, ours_cpu_s   gougechek's whole run: wall and CPU time
//   fcl_s, fcl_cpu_s     FCL's whole run, queries scaled as above
//   ratio, ratio_cpu     FCL's time over gougechek's
//   fcl_touching         moves queried whose capsule reaches the part (gougechek: violations)
// Each runs with FCL's two GJK solvers: libccd (its default) and its own (GST_INDEP).
//
//   bench/make_bench_inputs.sh && build/release/bench/fcl_peer_bench
//
// GOUGECHEK_BENCH_PART / GOUGECHEK_BENCH_PATH override the inputs (a ball-end program).
#include <benchmark/benchmark.h>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/narrowphase/distance.h>

#include <Eigen/Geometry>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bench_inputs.hpp"
#include "gcode/program.hpp"
#include "gougechek/verify.hpp"
#include "io/part_reader.hpp"
#include "verify/move_path.hpp"

namespace gougechek {
namespace {

constexpr double kBallRadius = 3;  // the 6 mm ball end mill make_bench_inputs.sh's finish is for
constexpr std::size_t kDefaultStride = 1000;

std::size_t queryStride() {
  const char* value = std::getenv("GOUGECHEK_FCL_STRIDE");
  return value ? std::max<std::size_t>(1, std::strtoul(value, nullptr, 10)) : kDefaultStride;
}

Program loadProgram(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return readProgram(in, path);
}

// Wall and CPU time since construction. Both runs work on one thread, so on a busy machine
// their CPU times compare more fairly than their wall times.
class Stopwatch {
 public:
  double wall() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start_).count();
  }
  double cpu() const { return static_cast<double>(std::clock() - cpu_start_) / CLOCKS_PER_SEC; }

 private:
  std::chrono::steady_clock::time_point wall_start_ = std::chrono::steady_clock::now();
  std::clock_t cpu_start_ = std::clock();
};

struct Seconds {
  double wall = 0, cpu = 0;
};

Seconds elapsed(const Stopwatch& watch) {
  return {watch.wall(), watch.cpu()};
}

using PartModel = fcl::BVHModel<fcl::OBBRSSd>;

std::shared_ptr<PartModel> buildModel(const Mesh& mesh) {
  std::vector<fcl::Vector3d> points;
  points.reserve(mesh.vertices.size());
  for (const Vec3& v : mesh.vertices) points.emplace_back(v.x, v.y, v.z);
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(mesh.triangles.size());
  for (const Triangle& t : mesh.triangles) triangles.emplace_back(t[0], t[1], t[2]);
  auto model = std::make_shared<PartModel>();
  model->beginModel(static_cast<int>(triangles.size()), static_cast<int>(points.size()));
  model->addSubModel(points, triangles);
  model->endModel();
  return model;
}

/// FCL's distance from the part to the ball swept between tool tips `from` and `to`.
double sweptBallDistance(const PartModel& part, const Vec3& from, const Vec3& to, double radius,
                         fcl::GJKSolverType solver) {
  const Eigen::Vector3d a(from.x, from.y, from.z + kBallRadius);
  const Eigen::Vector3d b(to.x, to.y, to.z + kBallRadius);
  fcl::Capsuled capsule(radius, (b - a).norm());
  capsule.computeLocalAABB();
  // The capsule lies along its local z, centred on the origin.
  fcl::Transform3d pose = fcl::Transform3d::Identity();
  pose.translation() = (a + b) / 2;
  if ((b - a).norm() > 0)
    pose.linear() = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), b - a).matrix();
  fcl::DistanceRequestd request;
  request.gjk_solver_type = solver;
  fcl::DistanceResultd result;
  fcl::distance(&part, fcl::Transform3d::Identity(), &capsule, pose, request, result);
  return result.min_distance;
}

struct FclRun {
  Seconds load;  // import and BVH build
  Seconds queries;
  double build_s = 0;
  std::size_t moves_queried = 0, moves_touching = 0;
};

FclRun runFcl(const std::string& part_path, const std::vector<Move>& moves, double tolerance,
              std::size_t stride, fcl::GJKSolverType solver) {
  FclRun run;
  const Stopwatch load;
  const ImportedPart part = importPart(part_path, 1.0);
  const Stopwatch build;
  const std::shared_ptr<PartModel> model = buildModel(part.mesh);
  run.build_s = build.wall();
  run.load = elapsed(load);
  const Stopwatch queries;
  std::vector<PathPiece> pieces;
  for (std::size_t i = 0; i < moves.size(); i += stride) {
    // Where the tool is before the first move is unknown: gougechek checks it where it ends.
    splitMovePath(moves[i], i == 0 ? moves[i].to : moves[i].from, tolerance, pieces);
    bool touching = false;
    for (const PathPiece& piece : pieces)
      touching |=
          sweptBallDistance(*model, piece.at(0), piece.at(1), kBallRadius - tolerance, solver) <= 0;
    ++run.moves_queried;
    run.moves_touching += touching;
  }
  run.queries = elapsed(queries);
  return run;
}

// Argument: FCL's GJK solver, 0 libccd (FCL's default), 1 its own (GST_INDEP).
void BM_GougechekVsFcl(benchmark::State& state) {
  const std::string part_path = inputPath("GOUGECHEK_BENCH_PART", "bench/out/mold_1m.stl");
  const std::string program_path = inputPath("GOUGECHEK_BENCH_PATH", "bench/out/finish_1m.nc");
  const auto solver = state.range(0) == 0 ? fcl::GST_LIBCCD : fcl::GST_INDEP;
  VerifySettings settings;
  settings.threads = 1;
  ToolLibrary tools;
  tools.fallback = ToolSpec{CutterType::Ball, 2 * kBallRadius, kBallRadius, 0, 24, 6, 0};
  for (auto _ : state) {
    const Stopwatch whole_run;
    const ImportedPart part = importPart(part_path, 1.0);
    const Program program = loadProgram(program_path);
    const VerifyResult result = verify(part.mesh, program.moves, tools, settings, program_path);
    const Seconds ours = elapsed(whole_run);

    const FclRun fcl = runFcl(part_path, program.moves, settings.tolerance, queryStride(), solver);
    const double scale =
        static_cast<double>(program.moves.size()) / static_cast<double>(fcl.moves_queried);
    const Seconds theirs{fcl.load.wall + fcl.queries.wall * scale,
                         fcl.load.cpu + fcl.queries.cpu * scale};
    state.counters["ours_s"] = ours.wall;
    state.counters["ours_cpu_s"] = ours.cpu;
    state.counters["violations"] =
        static_cast<double>(result.violations.size() + result.unlisted.total());
    state.counters["fcl_s"] = theirs.wall;
    state.counters["fcl_cpu_s"] = theirs.cpu;
    state.counters["fcl_build_s"] = fcl.build_s;
    state.counters["fcl_cpu_ms/query"] =
        fcl.queries.cpu * 1e3 / static_cast<double>(fcl.moves_queried);
    state.counters["fcl_queried"] = static_cast<double>(fcl.moves_queried);
    state.counters["fcl_touching"] = static_cast<double>(fcl.moves_touching);
    state.counters["ratio"] = theirs.wall / ours.wall;
    state.counters["ratio_cpu"] = theirs.cpu / ours.cpu;
  }
}

BENCHMARK(BM_GougechekVsFcl)
    ->ArgName("indep_gjk")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kSecond)
    ->Iterations(1)
    ->UseRealTime();

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
