#include "job/machine.hpp"

#include "gougechek/error.hpp"

namespace gougechek {

MachineSetup machineSettings(const CheckJob& job) {
  MachineSetup setup;
  setup.fixture_clearance = job.fixture_clearance;
  setup.rapid_path = job.rapid_path;
  setup.rapid_rates = job.rapid_rates.value_or(Vec3{});
  return setup;
}

void checkMachine(const CheckJob& job, SettingNames names) {
  checkMachineSetup(machineSettings(job), names);
  if (job.rapid_rates && job.rapid_path != RapidPath::Dogleg)
    throw InputError("", 0, 0,
                     settingName("rapid-rates", names) + " is for " +
                         settingName("rapid-path", names) + " dogleg (linear rapids need none)");
  const std::string transform = settingName("fixture-transform", names);
  if (!job.fixture_transforms.empty() && job.fixture_transforms.size() != job.fixtures.size())
    throw InputError("", 0, 0,
                     "give one " + transform + " per " + settingName("fixture", names) +
                         ", paired in order, or none: got " +
                         std::to_string(job.fixture_transforms.size()) + " for " +
                         std::to_string(job.fixtures.size()));
  for (const std::string& text : job.fixture_transforms) parsePlacement(text, transform);
}

void addMachineSettings(Report& report, const CheckJob& job) {
  report.fixtures.clear();
  for (std::size_t i = 0; i < job.fixtures.size(); ++i)
    report.fixtures.push_back(
        {job.fixtures[i], i < job.fixture_transforms.size() ? job.fixture_transforms[i] : "", 0});
  report.fixture_clearance = job.fixture_clearance;
  report.rapid_path = job.rapid_path;
  report.rapid_rates = job.rapid_rates.value_or(Vec3{});
}

MachineSetup readMachine(const CheckJob& job, const JobHooks& hooks, const PartOptions& options,
                         Report& report) {
  MachineSetup setup = machineSettings(job);
  for (std::size_t i = 0; i < job.fixtures.size(); ++i) {
    const std::string& file = job.fixtures[i];
    const Part read = hooks.read_solid ? hooks.read_solid(file, options) : readPart(file, options);
    if (hooks.check_stop) hooks.check_stop();
    const std::string text = i < job.fixture_transforms.size() ? job.fixture_transforms[i] : "";
    const Placement placement = parsePlacement(text, settingName("fixture-transform", hooks.names));
    Fixture fixture{file, text, read.mesh()};
    for (Vec3& vertex : fixture.mesh.vertices) vertex = placement.apply(vertex);
    report.fixtures.at(i).triangles = fixture.mesh.triangles.size();
    for (const std::string& message : read.diagnostics().warnings)
      report.warnings.push_back({file, 0, message});
    setup.fixtures.push_back(std::move(fixture));
  }
  return setup;
}

Part pictured(const Part& part, const MachineSetup& setup) {
  if (setup.fixtures.empty()) return part;
  Mesh scene = part.mesh();
  for (const Fixture& fixture : setup.fixtures) {
    const auto offset = static_cast<std::uint32_t>(scene.vertices.size());
    scene.vertices.insert(scene.vertices.end(), fixture.mesh.vertices.begin(),
                          fixture.mesh.vertices.end());
    for (const Triangle& triangle : fixture.mesh.triangles)
      scene.triangles.push_back({triangle[0] + offset, triangle[1] + offset, triangle[2] + offset});
  }
  return Part::fromMesh(std::move(scene), part.file());
}

}  // namespace gougechek
