"""The wheel of the Python module (pyproject.toml): CMake builds the module, the two shared
libraries it links and the STEP/IGES worker process, and installs them (the `wheel` install
component, python/CMakeLists.txt) as the wheel holds them:

    gougechek.cpython-*.so        the module, its RPATH $ORIGIN/gougechek.libs
    gougechek.libs/               libgougechek.so.*, libgougechek_step.so.* and
                                  gougechek-brep-worker, which the library finds beside itself
    gougechek.pyi                 the module's stubs, when python/ has them

The wheel is for the machine it is built on: the libraries need Debian's runtime packages
(TBB, OpenCASCADE, libspng), as the .deb does. The build tree is build/wheel, kept for the next
build; GOUGECHEK_CMAKE_BUILD_DIR names a configured tree to build in instead (the tests use the
build tree they test).
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE_DIR = pathlib.Path(__file__).resolve().parent


def version():
    """The project's version, as CMakeLists.txt states it."""
    text = (SOURCE_DIR / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(gougechek VERSION ([0-9.]+)", text).group(1)


def cmake(*arguments):
    subprocess.run(["cmake", *arguments], check=True)


class CMakeBuild(build_ext):
    """Builds the module with CMake and installs the wheel component into the wheel's root."""

    def build_extension(self, ext):
        build_dir = os.environ.get("GOUGECHEK_CMAKE_BUILD_DIR")
        if not build_dir:
            build_dir = str(SOURCE_DIR / "build" / "wheel")
            launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []
            cmake("-S", str(SOURCE_DIR), "-B", build_dir, "-G", "Ninja",
                  "-DCMAKE_BUILD_TYPE=Release", "-DGOUGECHEK_BUILD_TESTS=OFF",
                  "-DGOUGECHEK_BUILD_BENCH=OFF", f"-DPython_EXECUTABLE={sys.executable}",
                  *launcher)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        cmake("--build", build_dir, "-j", jobs, "--target", "gougechek_python",
              "gougechek_brep_worker")
        root = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve().parent
        cmake("--install", build_dir, "--component", "wheel", "--prefix", str(root))
        # A wheel stores a symbolic link as a second copy: each library once, by its soname.
        libraries = root / "gougechek.libs"
        for link in [path for path in libraries.iterdir() if path.is_symlink()]:
            target = link.resolve()
            link.unlink()
            target.rename(link)
        for stub in (SOURCE_DIR / "python").glob("*.pyi"):
            shutil.copy(stub, root / stub.name)


setup(
    version=version(),
    packages=[],  # the module alone: src/ is C++, no Python package to discover there
    ext_modules=[Extension("gougechek", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
