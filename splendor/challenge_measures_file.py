"""`challenges verify --write`: the measured difficulties kept in
`levels_data/challenges.yaml`, each challenge's `measured:` line written in place (added
at the end of its entry the first time), the file's comments and order left as they are.
The new text must load, with exactly those figures, before it replaces the file."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from splendor.gamedata import base_game
from splendor.plain_yaml import load_plain
from splendor.resources import levels_data_dir
from splendor.session.challenge_data import FILENAME, parse_campaign
from splendor.session.challenge_difficulty import Measured
from splendor.storage.atomic import atomic_write_text


def write_measured(figures: Mapping[str, Measured], folder: Path | None = None) -> Path:
    """Keep `figures` (challenge id: its measure) in the challenges' file of `folder`
    (default: the shipped levels_data); its path. ValueError when an id is not in the
    file or the result would not load; OSError (StorageError) when it cannot be written."""
    path = (folder or levels_data_dir()) / FILENAME
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    for challenge_id, measured in figures.items():
        lines = with_measured(lines, challenge_id, measured)
    text = "".join(lines)
    campaign = parse_campaign(load_plain(text), base_game())
    for challenge_id, measured in figures.items():
        found = campaign.find(challenge_id)
        if found is None or found.measured != measured:
            raise ValueError(f"{challenge_id}: its figures did not land in {FILENAME}")
    atomic_write_text(path, text)
    return path


def with_measured(lines: list[str], challenge_id: str, measured: Measured) -> list[str]:
    """`lines` of the file with the challenge's `measured:` line set to `measured`."""
    start = next((i for i, line in enumerate(lines)
                  if re.fullmatch(rf"(\s*)- id: {re.escape(challenge_id)}\s*", line)), None)
    if start is None:
        raise ValueError(f"no challenge {challenge_id} in {FILENAME}")
    dash = len(lines[start]) - len(lines[start].lstrip())
    field = " " * (dash + 2)
    end = start + 1  # after the entry's last line (its more indented lines)
    for i in range(start + 1, len(lines)):
        text = lines[i]
        if text.strip() and len(text) - len(text.lstrip()) <= dash:
            break
        if text.strip():
            end = i + 1
    new = f"{field}measured: {measured.flow_yaml()}\n"
    for i in range(start + 1, end):
        if lines[i].startswith(f"{field}measured:"):
            return [*lines[:i], new, *lines[i + 1:]]
    return [*lines[:end], new, *lines[end:]]
