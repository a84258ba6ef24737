"""Property tests over random legal Saba play.

A position is a seed, a player count and a list of choice indices: the game is played
choosing legal actions by index. At every step the invariants of docs/RULES_SABA.md 9.1
hold; at the last position every action over the data's ids (legal or not, and values
that are no action) is accepted by `apply` exactly when `legal_actions()` lists it, and
a refused one raises `IllegalActionError` with a reason and changes nothing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.saba.engine import IllegalActionError, Refusal, SabaState, new_game
from tests.saba.helpers import DATA
from tests.saba.invariants import check_invariants
from tests.saba.universe import universe

UNIVERSE = universe(DATA)
BOGUS: list[object] = [None, 7, "draw", ("buy", "arch-1")]


def played(players: int, seed: int, choices: list[int]) -> SabaState:
    s = new_game(DATA, players, seed)
    check_invariants(s)
    for choice in choices:
        if s.is_over():
            break
        legal = s.legal_actions()
        assert legal, f"no legal action at {s!r}"
        before = s.clone()
        s.apply(legal[choice % len(legal)])
        check_invariants(s, before)
    return s


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=300),
)
def test_random_legal_play_keeps_the_invariants_and_apply_agrees_with_legal_actions(
    players: int, seed: int, choices: list[int]
) -> None:
    s = played(players, seed, choices)
    legal = s.legal_actions()
    assert len(set(legal)) == len(legal), "an action listed twice"
    key = s.key()
    for action in [*UNIVERSE, *BOGUS]:
        reason = s.why_illegal(action)
        assert (reason is None) == (action in legal), action
        if reason is None:
            copy = s.clone()
            copy.apply(action)  # type: ignore[arg-type]
            continue
        assert isinstance(reason, Refusal) and reason
        try:
            s.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as exc:
            assert exc.reason == reason
        else:
            raise AssertionError(f"{action!r} was applied though refused: {reason}")
        assert s.key() == key, f"refusing {action!r} changed the game"
