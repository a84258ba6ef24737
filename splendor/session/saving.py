"""A session and its save files: the one place that turns seats, mode and assists into a
save document and back (the window's autosave, Save game and Load all come here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from splendor.engine import GameData
from splendor.session.seated import Bots, SeatedSession, SessionCounters
from splendor.session.seats import GameOptions, SeatOption
from splendor.session.sessions import session_type
from splendor.storage.aside import FileProblem
from splendor.storage.saves import SavedGame, load_save, save_document, write_autosave, write_save

#: No game comes near this many undos or hints; larger counts in a file are not believed.
MAX_COUNT = 1_000_000


def seats_document(options: GameOptions) -> list[dict[str, str]]:
    """The seats as a save lists them: kind and name."""
    return [{"kind": s.kind, "name": s.name} for s in options.seats]


def session_document(session: SeatedSession, name: str | None = None) -> dict[str, Any]:
    """The save of `session`: its game, seats, mode and the assists used (and the save's
    `name` as the player typed it, for a named save)."""
    counters = session.counters
    # Whether the first player was drawn: the next New game offers a draw again.
    mode = {"competitive": session.options.competitive,
            "first_player_drawn": session.options.first_player is None}
    return save_document(session.state, seats_document(session.options), session={
        "mode": mode,
        "assists": {"undos": counters.undos, "hints": counters.hints},
    }, name=name)


def _count(value: object) -> int:
    return value if type(value) is int and 0 <= value <= MAX_COUNT else 0


def options_of(saved: SavedGame) -> GameOptions:
    """The options the saved game was started with (a missing or odd mode: not
    competitive, the first player chosen). A first player that was drawn stays None: the
    game's own is in its setup."""
    mode = saved.session.get("mode")
    competitive = isinstance(mode, dict) and mode.get("competitive") is True
    drawn = isinstance(mode, dict) and mode.get("first_player_drawn") is True
    state = saved.state
    return GameOptions(tuple(SeatOption(s["kind"], s["name"]) for s in saved.seats),
                       first_player=None if drawn else state.setup.first_player,
                       seed=state.setup.seed, competitive=competitive,
                       # Only Splendor's setups name a module.
                       module=getattr(state.setup, "module", None), game=saved.game.id)


def counters_of(saved: SavedGame) -> SessionCounters:
    """The assists used before the game was saved (counts a file cannot make negative)."""
    assists = saved.session.get("assists")
    if not isinstance(assists, dict):
        return SessionCounters()
    return SessionCounters(undos=_count(assists.get("undos")), hints=_count(assists.get("hints")))


def resume(saved: SavedGame, bots: Bots) -> SeatedSession:
    """The session a loaded save goes on with (its game's, bots deciding in `bots`)."""
    return session_type(saved.game)(saved.state.data, options_of(saved), bots,
                                    state=saved.state, counters=counters_of(saved))


def load(path: Path, data: GameData, bots: Bots) -> SeatedSession:
    """Load the save at `path` (of any game: a Splendor game plays with `data`) as a
    session; SaveError naming the file and the problem."""
    return resume(load_save(path, data, any_game=True), bots)


def autosave(session: SeatedSession, data: GameData) -> list[FileProblem]:
    """Write the autosave of `session` (see `write_autosave`: what it moved aside comes
    back; StorageError or SaveTooLong when nothing could be written)."""
    return write_autosave(session_document(session), data)


def save_as(session: SeatedSession, path: Path, name: str | None = None) -> None:
    """Write `session` to the named save `path` (its `name` as typed, which the load
    screen shows); StorageError or SaveTooLong."""
    write_save(path, session_document(session, name))
