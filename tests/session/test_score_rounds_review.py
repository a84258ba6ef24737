"""Points by round as data, and the review of a game: whose eyes, what it replays, and
that positions set up by hand (not played from a deal) have no review."""

from __future__ import annotations

import itertools

from splendor.bots import make_bot
from splendor.devtools.screens_demo import tie_break_state
from splendor.engine import Card, GameState, HiddenCard, new_game, observe, parse_action
from splendor.gamedata import base_game
from splendor.session.replay import ReplayCursor, public_view
from splendor.session.review import review_of, review_seat
from splendor.session.score_rounds import score_rounds, score_rounds_of

DATA = base_game()


def bot_game(players: int, seed: int, stop_after: int | None = None) -> GameState:
    """A game between medium bots, to its end or for `stop_after` turns."""
    state = new_game(DATA, players, seed, first_player=seed % players)
    bots = [make_bot("medium", seed + i, data=DATA) for i in range(players)]
    while not state.is_over() and (stop_after is None or state.turns < stop_after):
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return state


def points_at_round_ends(state: GameState) -> list[tuple[int, ...]]:
    """The scores each time the number of turns reaches a multiple of the players, found
    by stepping a replay cursor (an independent walk through the same game)."""
    cursor = ReplayCursor(DATA, _record(state))
    log = cursor.log
    found = [(0,) * state.num_players]
    for position in range(1, len(cursor) + 1):
        ended_round = position == len(cursor) or log[position].round != log[position - 1].round
        if ended_round:
            cursor.jump(position)
            found.append(cursor.scores())
    return found


def _record(state: GameState) -> dict:  # type: ignore[type-arg]
    from splendor.engine import make_record

    return make_record(state)


def test_a_finished_game_gives_the_points_at_the_end_of_every_round() -> None:
    for players, seed in ((2, 3), (3, 8), (4, 21)):
        state = bot_game(players, seed)
        rounds = score_rounds_of(state)
        assert rounds.players == players
        assert rounds.rounds == tuple(range(0, state.turns // players + 1))
        assert rounds.last_complete
        assert [tuple(p[i] for p in rounds.points) for i in range(len(rounds.rounds))] == \
            points_at_round_ends(state)
        assert tuple(p[-1] for p in rounds.points) == state.scores()
        assert rounds.top == max(state.scores()) and rounds.target == DATA.target_points
        assert rounds.leader_after(len(rounds.rounds) - 1) == tuple(
            s for s, p in enumerate(state.scores()) if p == max(state.scores()))
        for row in rounds.points:
            assert all(a <= b for a, b in itertools.pairwise(row)), "points never fall"


def test_a_game_stopped_mid_round_ends_with_the_points_as_they_stand() -> None:
    state = bot_game(3, 4, stop_after=3 * 9 + 1)  # one turn into round 10
    rounds = score_rounds_of(state)
    assert not rounds.last_complete
    assert rounds.rounds[-1] == state.round == 10
    assert rounds.rounds[:-1] == tuple(range(0, 10))
    assert tuple(p[-1] for p in rounds.points) == state.scores()


def test_the_deal_alone_is_round_zero_with_nobody_scoring() -> None:
    state = new_game(DATA, 2, 1)
    rounds = score_rounds(DATA, state.setup, ())
    assert rounds.rounds == (0,) and rounds.points == ((0,), (0,)) and rounds.top == 0


def test_the_review_shows_the_only_human_else_everyone() -> None:
    assert review_seat(["hard", "human", "easy"]) == 1
    assert review_seat(["human", "human"]) is None
    assert review_seat(["hard", "medium"]) is None


def test_own_blind_reservations_show_to_the_one_human_and_to_nobody_else() -> None:
    state = new_game(DATA, 2, 17, ("Ada", "Bo"), first_player=0)
    state.apply(parse_action("reserve deck 1"))  # Ada, blind
    state.apply(parse_action("reserve deck 2"))  # Bo, blind
    solo = review_of(state, ["human", "hard"])
    assert solo is not None and solo.seat == 0
    ada, bo = solo.cursor().view(solo.seat).players
    assert isinstance(ada.reserved[0], Card) and isinstance(bo.reserved[0], HiddenCard)
    for kinds in (["human", "human"], ["easy", "hard"]):
        review = review_of(state, kinds)
        assert review is not None and review.seat is None
        view = review.cursor().view(review.seat)
        assert all(isinstance(p.reserved[0], HiddenCard) for p in view.players)
        assert view == public_view(state)


def test_a_review_replays_the_game_and_carries_its_points_by_round() -> None:
    state = bot_game(3, 12)
    review = review_of(state, ["human", "medium", "medium"], ["Ada", "Mo", "Mia"])
    assert review is not None
    assert review.names == ("Ada", "Mo", "Mia") and review.moves == len(state.history)
    assert review.scores == score_rounds_of(state)
    cursor = review.cursor()
    assert cursor.position == review.moves and cursor.view(0) == observe(state, 0)
    cursor.jump(0)
    assert cursor.view(0) == observe(GameState.from_setup(DATA, state.setup), 0)
    # Each cursor is its own: stepping one leaves the game and the next cursor alone.
    assert review.cursor().position == review.moves
    assert len(state.history) == review.moves


def test_a_position_set_up_by_hand_has_no_review() -> None:
    assert review_of(tie_break_state(), ["human", "hard", "hard"]) is None
