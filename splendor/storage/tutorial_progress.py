"""Where the player left the guided first game: the id of the step to resume, in the
data folder as versioned JSON, written atomically.

A file that cannot be read (damaged, a newer version's, a step this version does not
have) means starting over: it is logged, never a crash.
"""

from __future__ import annotations

import json
from pathlib import Path

from splendor.storage import paths
from splendor.storage.atomic import StorageError, atomic_write_text, read_bytes_limited
from splendor.storage.logfile import logger as log

VERSION = 1
MAX_BYTES = 4096


def progress_path() -> Path:
    return paths.data_dir() / "tutorial.json"


def read_progress() -> str | None:
    """The id of the step to resume, or None: no tutorial left half-way (or a file that
    cannot be used, logged)."""
    path = progress_path()
    if not path.exists():
        return None
    try:
        doc = json.loads(read_bytes_limited(path, MAX_BYTES).decode("utf-8"))
    except (StorageError, ValueError, RecursionError) as exc:
        log().warning("tutorial progress unreadable, starting over: %s", exc)
        return None
    if not isinstance(doc, dict) or doc.get("version") != VERSION \
            or not isinstance(doc.get("step"), str):
        log().warning("tutorial progress not understood, starting over: %.80r", doc)
        return None
    step: str = doc["step"]
    return step


def save_progress(step_id: str) -> None:
    """Remember that the tutorial resumes at `step_id`; StorageError if the folder refuses."""
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps({"version": VERSION, "step": step_id}) + "\n")


def forget_progress() -> None:
    """The tutorial was finished or skipped: the next one starts from the beginning."""
    try:
        progress_path().unlink(missing_ok=True)
    except OSError as exc:
        log().warning("tutorial progress not removed: %s", exc)
