"""Saves of very long games: size on disk, autosave time per turn, and Continue's load
and replay time, up to the longest game a save holds (MAX_SAVE_ACTIONS).

    python benchmarks/save_size.py [--actions 1000,50000,100000,200000]

The games are legal take-and-give-back loops (tests/storage/long_games.py). "old" is the
size the game wrote before saves put lists on one line (it refused to read over 4 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", default="1000,50000,100000,200000")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="splendor-bench-") as home:
        os.environ["SPLENDOR_HOME"] = home
        from splendor.gamedata import base_game
        from splendor.storage import paths
        from splendor.storage.saves import (
            MAX_SAVE_ACTIONS,
            MAX_SAVE_BYTES,
            load_save,
            save_document,
            write_autosave,
        )
        from tests.storage.long_games import loop_game

        data = base_game()
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Bob"}]
        print(f"limits: {MAX_SAVE_ACTIONS:,} actions, {MAX_SAVE_BYTES:,} bytes read")
        print(f"{'actions':>9} {'bytes':>11} {'old bytes':>11} {'first save':>10} "
              f"{'next turn':>10} {'load+replay':>12}")
        for count in (int(n) for n in args.actions.split(",")):
            for path in (paths.autosave_path(), paths.autosave_backup_path()):
                path.unlink(missing_ok=True)
            state = loop_game(data, count)
            document = save_document(state, seats)
            old = len(json.dumps(document, indent=1)) + 1
            started = time.perf_counter()
            write_autosave(document, data)
            first = time.perf_counter() - started
            started = time.perf_counter()
            write_autosave(document, data)  # a turn later: the previous one becomes the backup
            turn = time.perf_counter() - started
            started = time.perf_counter()
            loaded = load_save(paths.autosave_path(), data)
            load = time.perf_counter() - started
            assert loaded.state == state
            size = paths.autosave_path().stat().st_size
            print(f"{count:>9,} {size:>11,} {old:>11,} {first * 1000:>8.0f}ms "
                  f"{turn * 1000:>8.0f}ms {load:>11.2f}s")


if __name__ == "__main__":
    main()
