"""The challenges for `--screenshots`: the list, a challenge's card, a locked chapter
refused, the table with the goal strip, its pause menu, a forbidden move refused there,
a won and a failed result (real tries, played through the session by bots in the player's seat), and
the list again with the best kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from splendor.session.challenges import ChallengeSession
    from splendor.ui.main import Game

#: The pictures, in order (see screenshots.PICTURES).
CHALLENGE_PICTURES = ("challenges", "challenge_card", "challenge_locked", "challenge_table",
                      "challenge_pause", "challenge_refused", "challenge_won", "challenge_failed",
                      "challenges_best")
#: Played for the won and failed results (ids of levels_data/challenges.yaml).
WON, FAILED = "first_win", "noble_road"
#: Shown on the table: a challenge with restrictions; and one that forbids reserving.
ON_TABLE, NO_RESERVE = "steady_hands", "no_reserving"


def play_to_decided(session: ChallengeSession, kind: str, seed: int = 0) -> None:
    """Play the player's seat with the bot `kind` (the opponents as the challenge has
    them, in this process) until the challenge is decided."""
    from splendor.bots import make_bot

    me = make_bot(kind, seed, data=session.data)
    for _ in range(2000):
        if session.decided:
            return
        if session.human_to_act():
            refused = session.play(me.choose(session.view(0)))
            assert refused is None, refused
        else:
            session.poll()
            session.commit_incoming()
    raise AssertionError(f"{session.challenge.id} was never decided")


def won_try(game: Game, challenge_id: str, kind: str = "hard") -> ChallengeSession:
    """A try of `challenge_id` that the bot `kind` wins in the player's seat (the first
    of its seeds that does), started through the game's flow."""
    from splendor.session.challenges import ChallengeSession, judge

    flow = game.challenges
    challenge = flow.campaign.find(challenge_id)
    assert challenge is not None
    for seed in range(20):
        flow.play(challenge)
        session = game.session
        assert isinstance(session, ChallengeSession)
        play_to_decided(session, kind, seed)
        if judge(session).won:
            return session
    raise AssertionError(f"{kind} never won {challenge_id}")


def render_challenges(game: Game, shot: Callable[[str], None]) -> None:
    """Shoot the challenges' screens as the menu opens them (results in the throw-away
    home)."""
    from splendor.engine import Reserve
    from splendor.session.challenges import ChallengeSession
    from splendor.ui.scenes.challenge_result import ChallengeResultScene
    from splendor.ui.scenes.challenge_table import ChallengeTableScene
    from splendor.ui.scenes.challenges import ChallengesScene

    app = game.app
    flow = game.challenges
    app.stack.replace(game.menu_scene())
    flow.open_list()
    listing = app.stack.top
    assert isinstance(listing, ChallengesScene)
    shot("challenges")
    listing.select(4)  # a set position: its card says so
    shot("challenge_card")
    listing.choose_chapter(len(listing.chapters) - 1)
    shot("challenge_locked")

    def table_of(challenge_id: str) -> tuple[ChallengeSession, ChallengeTableScene]:
        challenge = flow.campaign.find(challenge_id)
        assert challenge is not None
        flow.play(challenge, seed=7)  # the same deal in every picture
        table = app.stack.top
        assert isinstance(table, ChallengeTableScene)
        assert isinstance(game.session, ChallengeSession)
        table.update(0.0)
        return game.session, table

    session, table = table_of(ON_TABLE)
    session.autoplay(6, seed=2)
    table.update(0.0)
    shot("challenge_table")
    flow.pause()  # what is off in a challenge, and the aids that are the player's
    shot("challenge_pause")
    app.stack.pop()
    session, table = table_of(NO_RESERVE)
    card = next(c for row in session.view(0).market for c in row if c is not None)
    table.play(Reserve(card.id))
    table.update(0.0)
    shot("challenge_refused")

    for decided in (won_try(game, WON), None):
        if decided is None:
            session, table = table_of(FAILED)
            play_to_decided(session, "random")
        top = app.stack.top
        assert isinstance(top, ChallengeTableScene)
        top.update(0.0)  # decided: the result over the final table
        shot("challenge_won" if decided is not None else "challenge_failed")
    result = app.stack.top
    assert isinstance(result, ChallengeResultScene)
    result.on_list()
    shot("challenges_best")
