"""`python -m splendor saba-data [--copy [--force]]`: where Saba's card data lies, where a
player's copy of it goes (the user-data folder) and whether that copy is played or was
refused and why; `--copy` writes the shipped file there as a copy to edit, never over an
existing copy without `--force` (docs/RULES_SABA.md, section 8)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from splendor.console_text import one_line, printable


def add_saba_data_command(sub: Any) -> None:
    cmd = sub.add_parser(
        "saba-data",
        help="where Saba's card data is, where your edited copy goes and whether it is "
        "played; --copy writes the shipped data there to edit",
    )
    cmd.add_argument(
        "--copy",
        action="store_true",
        help="write the shipped card data as your copy to edit (in the user-data folder)",
    )
    cmd.add_argument(
        "--force", action="store_true", help="with --copy: write over a copy you already have"
    )


def run_saba_data(args: argparse.Namespace) -> int:
    """Tell where the data and the copy are (and write the copy with `--copy`); exit code
    0, 1 when the copy cannot be written, 2 for `--force` without `--copy`."""
    from splendor.saba.data import saba_game
    from splendor.saba.words import data_file
    from splendor.storage.paths import saba_data_path

    if args.force and not args.copy:
        return _refuse("--force goes with --copy", 2)
    copy = saba_data_path()
    if args.copy:
        status = _write_copy(copy, args.force)
        if status:
            return status
    data = saba_game()
    print(f"Shipped card data: {printable(str(data_file()))}")
    print(f"Your copy goes to: {printable(str(copy))}")
    if data.edited_from is not None:
        print(f"In use: your copy (card data edited by you, fingerprint {data.fingerprint()}).")
    elif data.refused is not None:
        print(f"Refused: {one_line(data.refused)}")
        print("In use: the shipped card data. Mend the entry named above, or delete the copy.")
    else:
        print("In use: the shipped card data (there is no copy).")
        print("`python -m splendor saba-data --copy` writes one to edit.")
    return 0


def _write_copy(copy: Path, force: bool) -> int:
    """Write the shipped file to `copy`; 0, or 1 (said why) when it is not written."""
    from splendor.saba.words import data_file
    from splendor.storage.atomic import atomic_write_bytes

    if copy.exists() and not force:
        return _refuse(f"{copy} exists already: --copy --force writes the shipped data over it")
    try:
        atomic_write_bytes(copy, data_file().read_bytes())
    except OSError as exc:  # StorageError is one
        return _refuse(f"the copy was not written: {exc}")
    print(
        f"Wrote the shipped card data to {printable(str(copy))}: edit it there. Saba's next "
        "game plays it once it passes the checks."
    )
    return 0


def _refuse(message: str, status: int = 1) -> int:
    print(f"splendor saba-data: {one_line(message)}", file=sys.stderr)
    return status
