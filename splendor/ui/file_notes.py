"""What the window says about the player's files: one kept aside or left as it was, a
second window on the same files, a game too long to save, a save name refused."""

from __future__ import annotations

from splendor.i18n import tr
from splendor.storage.aside import FileProblem
from splendor.storage.atomic import StorageError
from splendor.storage.saves import SaveNameError, SaveTooLong


def problem_title() -> str:
    """The title of the message that says what became of a file."""
    return tr("files.title")


def problem_text(problem: FileProblem) -> str:
    """What became of a file the game could not use, in the language in use: its name,
    where its bytes are now, and what that means."""
    what = problem.what if problem.what in ("settings", "statistics") else "autosave"
    if problem.kept is not None:
        case = "newer" if problem.reason == "newer" and what == "autosave" else "moved"
    else:
        case = "newer" if problem.reason == "newer" else "untouched"
    return tr(f"files.{what}.{case}", file=problem.path.name,
              kept=problem.kept.name if problem.kept is not None else problem.path.name,
              folder=str(problem.where.parent), detail=problem.detail)


def save_failed_text(exc: StorageError, autosave: bool) -> str:
    """Why a game was not saved: after a turn (`autosave`, the table's notice) or in the
    Save game dialog."""
    too_long = too_long_text(exc, autosave) if isinstance(exc, SaveTooLong) else None
    key = "dialog.autosave_failed" if autosave else "saves.save_as.failed"
    return too_long or tr(key, detail=str(exc))


def too_long_text(exc: SaveTooLong, autosave: bool) -> str | None:
    """Why a game was not saved because of its length, or None when it is not that."""
    if exc.size:
        return None  # too many bytes, not too many moves: the detail says it
    from splendor.storage.saves import MAX_SAVE_ACTIONS

    key = "files.too_long.autosave" if autosave else "files.too_long.save"
    return tr(key, actions=str(exc.actions), limit=str(MAX_SAVE_ACTIONS))


def save_name_text(exc: SaveNameError, typed: str) -> str:
    """Why the name typed in the Save game dialog cannot be used."""
    if exc.reason == "reserved":
        return tr("files.save_name.reserved", name=typed.strip())
    if exc.reason == "device":
        return tr("files.save_name.device", name=typed.strip())
    return tr("saves.save_as.bad_name")
