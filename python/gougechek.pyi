"""gougechek: checks NC programs against the part they machine (gouges, rapid and holder
collisions).

check(part, program, **options) runs one check as `gougechek PART PROGRAM [options]` does, each
keyword the CLI's option in snake case. For many programs against one part: Part.load once, then
verify(part, Program.load(path), Tools(...), Settings(...)) for each. Both return a Report.
"""
import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy
import numpy.typing

__version__: str

Path = Union[str, "os.PathLike[str]"]
Paths = Union[Path, Sequence[Path]]
Progress = Callable[[int, int], None]
# The raw stock's box: its corners X0, Y0, Z0, X1, Y1, Z1, or "auto" / "auto:MARGIN" (the
# part's box grown by MARGIN mm, default 1).
StockBox = Union[str, Sequence[float]]

class InputError(ValueError):
    """An input file is unreadable or wrong; .file, .line, .column (1-based, 0: not applicable)
    and .message say where and what."""

    file: str
    line: int
    column: int
    message: str

class Tools:
    """The cutters, as check()'s tool, tool_table, tool_library and holder describe them."""

    def __init__(
        self,
        tool: Optional[str] = None,
        tool_table: Optional[Path] = None,
        tool_library: Optional[Paths] = None,
        holder: Optional[str] = None,
    ) -> None: ...
    @property
    def numbers(self) -> List[int]:
        """The tool numbers the table and libraries describe, ascending."""

class Settings:
    """How strictly to check, as check()'s keywords say."""

    def __init__(
        self,
        tolerance: float = 0.01,
        stock: float = 0.0,
        rapid_clearance: float = 0.0,
        holder_clearance: float = 0.0,
        start: Optional[Tuple[float, float, float]] = None,
        initial_tool: Optional[int] = None,
        threads: int = 0,
        fixture: Optional[Paths] = None,
        fixture_transform: Optional[Union[str, Sequence[str]]] = None,
        fixture_clearance: float = 0.0,
        rapid_path: str = "linear",
        rapid_rates: Optional[Tuple[float, float, float]] = None,
        *,
        stock_to_leave: Optional[float] = None,
        stock_box: Optional[StockBox] = None,
        stock_cylinder: Optional[Sequence[float]] = None,
        stock_model: Optional[Path] = None,
        stock_in: Optional[Path] = None,
        stock_resolution: Optional[float] = None,
        excess: bool = False,
        excess_spacing: Optional[float] = None,
        excess_tolerance: Optional[float] = None,
        fail_on_excess: Optional[float] = None,
    ) -> None: ...
    @property
    def tolerance(self) -> float: ...
    @property
    def stock(self) -> float: ...
    @property
    def rapid_clearance(self) -> float: ...
    @property
    def holder_clearance(self) -> float: ...
    @property
    def initial_tool(self) -> Optional[int]: ...
    @property
    def threads(self) -> int: ...
    @property
    def fixtures(self) -> List[str]: ...
    @property
    def fixture_clearance(self) -> float: ...
    @property
    def rapid_path(self) -> str: ...
    @property
    def excess(self) -> bool: ...

class Part:
    """A part, read once; its search tree is built at the first check and kept for the next."""

    @staticmethod
    def load(
        path: Path,
        units: Union[str, float] = "mm",
        deflection: Optional[float] = None,
        threads: int = 0,
    ) -> "Part": ...
    @property
    def file(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def units(self) -> str: ...
    @property
    def faces(self) -> Optional[int]: ...
    @property
    def solids(self) -> Optional[int]: ...
    @property
    def deflection(self) -> Optional[float]: ...
    @property
    def triangle_count(self) -> int: ...
    @property
    def warnings(self) -> List[str]: ...

class Program:
    """A G-code program, read each time it is checked."""

    @staticmethod
    def load(
        path: Path,
        dialect: str = "linuxcnc",
        work_offsets: Optional[Path] = None,
        arc_tolerance: Optional[float] = None,
        subroutine_path: Optional[Paths] = None,
        subprogram_dir: Optional[Paths] = None,
    ) -> "Program": ...
    @staticmethod
    def from_string(
        text: str,
        name: str = "<string>",
        dialect: str = "linuxcnc",
        work_offsets: Optional[Path] = None,
        arc_tolerance: Optional[float] = None,
    ) -> "Program": ...
    @property
    def name(self) -> str: ...

class Report:
    """The result of a check, as the CLI reports it."""

    @property
    def status(self) -> str:
        """'pass' or 'fail' (a violation, or excess proven above fail_on_excess)."""
    @property
    def passed(self) -> bool: ...
    @property
    def counts(self) -> Dict[str, Union[int, float]]:
        """gouges, rapid_collisions, holder_collisions, stock_collisions, fixture_collisions,
        total, listed and max_depth (mm)."""
    @property
    def stock(self) -> Optional[Dict[str, Any]]:
        """The raw stock when one was given: shape, resolution, columns, bytes, volume_before,
        volume_removed, air_cuts (by_tool, by_operation)."""
    @property
    def excess(self) -> Optional[Dict[str, Any]]:
        """The excess when measured (excess=True), as the JSON report's "excess": spacing,
        tolerance, stock_to_leave, fail_above, fails, cap, samples, area, max (lo, hi), bands
        (from, to, area), not_machined_area, regions and not_machined (lo, hi, area, facets, at,
        face; move, line, tool, operation for a machined region)."""
    @property
    def moves(self) -> int: ...
    @property
    def program_lines(self) -> int: ...
    @property
    def elapsed_s(self) -> float: ...
    @property
    def warnings(self) -> List[Dict[str, Any]]: ...
    @property
    def trace(self) -> Dict[str, Any]:
        """command (the CLI command line of the same check), checked_at, dialect, inputs."""
    @property
    def violations(self) -> List[Dict[str, Any]]: ...
    @property
    def depths(self) -> numpy.typing.NDArray[numpy.float64]: ...
    @property
    def lines(self) -> numpy.typing.NDArray[numpy.uint32]: ...
    @property
    def move_numbers(self) -> numpy.typing.NDArray[numpy.uint32]: ...
    @property
    def severe(self) -> numpy.typing.NDArray[numpy.bool_]: ...
    @property
    def positions(self) -> numpy.typing.NDArray[numpy.float64]: ...
    def to_json(self) -> str: ...
    def to_string(self, format: str = "text") -> str:
        """'text', 'json', 'csv', 'junit', 'html', 'sarif' or 'codequality' ('html' needs
        pictures=True)."""

def verify(
    part: Part,
    program: Program,
    tools: Tools,
    settings: Optional[Settings] = None,
    progress: Optional[Progress] = None,
    *,
    report: Optional[Paths] = None,
    html_violations: int = 1000,
    pictures: bool = True,
    stock_out: Optional[Path] = None,
) -> Report:
    """Checks program against part, read once for many programs, as check() does."""

def check(
    part: Path,
    program: Path,
    *,
    tool: Optional[str] = None,
    tool_table: Optional[Path] = None,
    tool_library: Optional[Paths] = None,
    holder: Optional[str] = None,
    initial_tool: Optional[int] = None,
    work_offsets: Optional[Path] = None,
    dialect: str = "linuxcnc",
    subroutine_path: Optional[Paths] = None,
    subprogram_dir: Optional[Paths] = None,
    arc_tolerance: Optional[float] = None,
    tolerance: float = 0.01,
    stock: float = 0.0,
    rapid_clearance: float = 0.0,
    holder_clearance: float = 0.0,
    start: Optional[Tuple[float, float, float]] = None,
    part_units: Union[str, float] = "mm",
    deflection: Optional[float] = None,
    fixture: Optional[Paths] = None,
    fixture_transform: Optional[Union[str, Sequence[str]]] = None,
    fixture_clearance: float = 0.0,
    rapid_path: str = "linear",
    rapid_rates: Optional[Tuple[float, float, float]] = None,
    export_mesh: Optional[Path] = None,
    report: Optional[Paths] = None,
    html_violations: int = 1000,
    threads: int = 0,
    pictures: bool = True,
    progress: Optional[Progress] = None,
    stock_to_leave: Optional[float] = None,
    stock_box: Optional[StockBox] = None,
    stock_cylinder: Optional[Sequence[float]] = None,
    stock_model: Optional[Path] = None,
    stock_in: Optional[Path] = None,
    stock_resolution: Optional[float] = None,
    stock_out: Optional[Path] = None,
    excess: bool = False,
    excess_spacing: Optional[float] = None,
    excess_tolerance: Optional[float] = None,
    fail_on_excess: Optional[float] = None,
) -> Report:
    """`gougechek PART PROGRAM [options]`, each keyword the CLI's option in snake case."""
