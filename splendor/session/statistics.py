"""Counting a finished game in the player's statistics: the table it was played at, its
Cities of Splendor module and its mode (module games and competitive games are each kept
apart) and whether undo or hints helped; a network game at the online table."""

from __future__ import annotations

from splendor.engine import GameState
from splendor.session.seated import SeatedSession
from splendor.session.seats import HUMAN
from splendor.storage.stats import Record, add_game


def count_game(session: SeatedSession, records: dict[str, Record]) -> str | None:
    """Count `session`'s finished game in `records`; its table key, or None when the game
    does not count (bots only, a challenge, not finished, or finished before this
    session: a finished save loaded again was counted when it ended)."""
    if not session.finished_here or not session.counts_in_statistics:
        return None
    counters = session.counters
    # The module is the game's own (`session.state.setup.module`, as its options asked).
    return add_game(records, session.state, [s.kind for s in session.options.seats],
                    competitive=session.options.competitive,
                    assisted=counters.undos > 0 or counters.hints > 0)


def count_online_game(state: GameState, kinds: list[str], records: dict[str, Record]
                      ) -> str | None:
    """Count a network game that ended in this window in `records` (the online table of
    its size and module; never helped: a network game has no undo nor hints); `kinds`:
    HUMAN for this window's seats, whose result it is. Its table key."""
    if HUMAN not in kinds:
        return None  # watched only: nobody here played it
    return add_game(records, state, kinds, online=True)
