#pragma once
// The job's machine: its fixtures, read and placed, and its rapid path (gougechek/fixture.hpp),
// for the check and for the report.
#include "gougechek/job.hpp"

namespace gougechek {

/// `job`'s fixture clearance and rapid path, without the fixtures' meshes.
MachineSetup machineSettings(const CheckJob& job);

/// checkJob()'s rules for the machine: checkMachineSetup, rates only with the dog-leg, the
/// transforms each parsed and one per fixture (or none). Throws InputError (no file).
void checkMachine(const CheckJob& job, SettingNames names);

/// The report's side of the settings: the fixtures by name, their clearance, the rapid path.
void addMachineSettings(Report& report, const CheckJob& job);

/// Reads each fixture with `options` (hooks.read_solid, else readPart), places it, and
/// counts its triangles into report.fixtures. Throws InputError naming the fixture's file.
MachineSetup readMachine(const CheckJob& job, const JobHooks& hooks, const PartOptions& options,
                         Report& report);

/// What the HTML report's pictures and 3D view draw: the part, and its fixtures beside it (one
/// mesh, drawn alike) when the setup has any.
Part pictured(const Part& part, const MachineSetup& setup);

}  // namespace gougechek
