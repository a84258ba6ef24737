"""Start-up time: from launching the program to its first menu frame, from source and
from the one-file binary (if built). Targets: 0.5 s from source, 1.0 s from the binary.

    python benchmarks/startup.py [--runs 5]

Each run launches `--smoke` headless; the program prints the wall-clock time of its first
menu frame, and the launch time is taken just before the process starts. The program runs
as an installed game does, from compiled bytecode (pip compiles it at install, the binary
carries it): a first, untimed launch writes it, even where PYTHONDONTWRITEBYTECODE is set
(without it, compiling the sources adds about 0.3 s to every launch from source).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
TARGETS = {"source": 0.5, "binary": 1.0}


def first_frame_after_launch(command: list[str]) -> float:
    launched = time.time()
    out = subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=600,
                         cwd=ROOT.parent).stdout
    match = re.search(r"first menu frame at unix time ([0-9.]+)", out)
    if not match:
        raise SystemExit(f"no start-up figure from {command}:\n{out}")
    return float(match.group(1)) - launched


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    commands = {"source": [sys.executable, "-m", "splendor", "--smoke"]}
    binary = ROOT / "dist" / ("splendor.exe" if os.name == "nt" else "splendor")
    if binary.exists():
        commands["binary"] = [str(binary), "--smoke"]
    else:
        print("(no dist/ binary: build it with `python3 dev.py build` to time it too)")
    met = True
    for name, command in commands.items():
        first_frame_after_launch(command)  # untimed: writes the bytecode, warms the disk
        times = [first_frame_after_launch(command) for _ in range(args.runs)]
        median = statistics.median(times)
        ok = median <= TARGETS[name]
        met &= ok
        print(f"{name:<7} launch to first menu frame: median {median:.2f} s, "
              f"best {min(times):.2f} s over {args.runs} runs "
              f"(target {TARGETS[name]} s: {'met' if ok else 'MISSED'})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
