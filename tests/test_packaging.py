"""The game runs from the source tree and from an installed wheel, finding its data."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
#: What the installed wheel's commands see: not the source tree through PYTHONPATH, where
#: it would stand in for the package installed (and the egg-info `pip wheel` leaves there
#: tells pip the game is installed already, so it installs no `splendor` command).
INSTALLED_ENV = {k: v for k, v in ENV.items() if k != "PYTHONPATH"}


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "splendor").rglob("__init__.py")}
    assert found <= listed, f"add to pyproject's packages: {sorted(found - listed)}"
    assert {"splendor.levels_data", "splendor.assets"} <= listed


#: How long `--smoke` may take: it draws every picture in four languages (the expert's
#: review of a game among them) and plays five games; generous for a busy 2-core machine.
SMOKE_SECONDS = 240


def test_smoke_from_the_source_tree() -> None:
    result = subprocess.run([sys.executable, "-m", "splendor", "--smoke"], env=ENV,
                            capture_output=True, text=True, timeout=SMOKE_SECONDS, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "data: 90 cards, 10 nobles" in out
    assert "start-up to the first menu frame" in out
    assert "bot game through the table, bots in their own process" in out
    for module in ("cities", "trading-posts", "orient", "strongholds"):
        assert f"{module} bot game through the table: " in out, module
    assert "Saba bot game through its table, bots in their own process: " in out
    assert "smoke test passed" in out


def test_an_installed_wheel_runs_from_another_directory(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "--disable-pip-version-check", "-w", str(wheels), str(ROOT)],
                   check=True, env=ENV, capture_output=True, timeout=300)
    wheel = next(wheels.glob("*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q",
                    "--disable-pip-version-check", str(wheel)],
                   check=True, env=INSTALLED_ENV, capture_output=True, timeout=600)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run([str(bin_dir / "splendor"), "--smoke"], env=INSTALLED_ENV,
                            cwd=elsewhere, capture_output=True, text=True,
                            timeout=SMOKE_SECONDS)
    assert result.returncode == 0, result.stdout + result.stderr
    # The installed entry point can start the bots' process (spawn re-imports it).
    assert "bots in their own process" in result.stdout
    assert "smoke test passed" in result.stdout
    where = subprocess.run(
        [str(bin_dir / "python"), "-c",
         "from splendor.resources import levels_data_dir, assets_dir;"
         "print(levels_data_dir()); print(assets_dir())"],
        env=INSTALLED_ENV, cwd=elsewhere, capture_output=True, text=True, check=True)
    for line in where.stdout.split():
        assert Path(line).is_relative_to(venv), f"{line} is not inside the installed package"


def test_a_second_window_after_the_first_closed_still_draws_text() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from splendor.ui import theme
    from splendor.ui.app import App

    first = App((1280, 720))
    theme.font(21).size("cached")  # a Font cached while the first window is open
    first.close()
    app = App((1280, 720))
    assert theme.font(21).size("fresh")[0] > 0  # fonts are reopened, not stale
    app.close()


def test_desktop_integration_files() -> None:
    import struct

    icons = ROOT / "assets" / "icons"
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        assert (icons / f"splendor-{size}.png").stat().st_size > 0
    head = (icons / "splendor.ico").read_bytes()[:6]
    reserved, kind, count = struct.unpack("<HHH", head)
    assert (reserved, kind, count) == (0, 1, 7), "an .ico with 7 sizes for Windows"
    desktop = (ROOT / "assets" / "splendor.desktop").read_text()
    for line in ("[Desktop Entry]", "Type=Application", "Exec=splendor", "Icon=splendor",
                 "Terminal=false"):
        assert line in desktop.splitlines(), line


def test_the_build_spec_bundles_the_data_and_refuses_to_build_without_it() -> None:
    spec = (ROOT / "build.spec").read_text()
    assert 'folder("assets"), folder("levels_data")' in spec
    assert "upx=False" in spec and "console=False" in spec and 'NAME = "splendor"' in spec
