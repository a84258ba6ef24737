#!/usr/bin/env python3
"""Developer entry point: creates or reuses `.venv`, then plays, tests or lints.

    python3 dev.py play [ARGS...]   start the game (arguments go to `python -m splendor`)
    python3 dev.py test [ARGS...]   run the whole test suite on every core (arguments go
                                    to pytest; `-n 0` runs it in one process)
    python3 dev.py lint             ruff on everything, mypy on the game (strict on the
                                    engine) and the benchmarks
    python3 dev.py build            the one-file executable in dist/, then its --smoke check

Only the standard library is used here, so a machine with nothing but Python 3.11
can run it. The virtual environment is (re)installed whenever pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    exe = "python.exe" if os.name == "nt" else "python"
    return VENV / scripts / exe


def ensure_venv() -> Path:
    """Create the virtual environment if needed and install the project into it."""
    if sys.version_info < (3, 11):  # noqa: UP036 -- dev.py runs under any system Python
        sys.exit(f"Splendor needs Python 3.11 or newer (this is {sys.version.split()[0]}).")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    python = venv_python()
    if python.exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return python
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    print("Installing Splendor and its test tools into .venv ...", flush=True)
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "install", "-e", f"{ROOT}[test,build]"], check=True)
    STAMP.write_text(wanted + "\n")
    return python


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"play", "test", "lint", "build"}:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    python = str(ensure_venv())
    if command == "play":
        return subprocess.call([python, "-m", "splendor", *rest], cwd=ROOT)
    if command == "test":
        # pytest-xdist: one test process a core (about half the time on two cores).
        chosen = any(a.startswith(("-n", "--numprocesses")) for a in rest)
        spread = [] if chosen else ["-n", "auto"]
        return subprocess.call([python, "-m", "pytest", *spread, *rest], cwd=ROOT)
    if command == "build":
        return build(python)
    status = subprocess.call([python, "-m", "ruff", "check", "."], cwd=ROOT)
    status |= subprocess.call([python, "-m", "mypy", "splendor"], cwd=ROOT)
    # The benchmarks too: their figures are quoted, and a broken one shows only when run.
    status |= subprocess.call([python, "-m", "mypy", "benchmarks"], cwd=ROOT)
    status |= subprocess.call([python, "-m", "mypy", "--strict", "splendor/engine"], cwd=ROOT)
    status |= subprocess.call([python, "-m", "mypy", "--strict", "splendor/saba/engine"], cwd=ROOT)
    return status


#: The Linux one-file executable must stay this small (issue: a download, not an install);
#: numpy, for the expert's learned policy, is about 14 MB of it.
MAX_BINARY_MB = 36


def build(python: str) -> int:
    """PyInstaller one-file build, then the binary's own headless smoke test and size check."""
    status = subprocess.call(
        [python, "-m", "PyInstaller", "--noconfirm", "--clean", "build.spec"], cwd=ROOT
    )
    if status:
        return status
    binary = ROOT / "dist" / ("splendor.exe" if os.name == "nt" else "splendor")
    size_mb = binary.stat().st_size / 2**20
    print(f"built {binary.relative_to(ROOT)}: {size_mb:.1f} MB", flush=True)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    status = subprocess.call([str(binary), "--smoke"], cwd=ROOT.parent, env=env)
    if status:
        return status
    if size_mb > MAX_BINARY_MB and sys.platform.startswith("linux"):
        print(f"the executable is {size_mb:.1f} MB, above {MAX_BINARY_MB} MB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
