"""A challenge played to its end in a 1024x600 window (the player's seat played by a bot
through the session, the screens driven by frames and posted clicks): the result says
won with the stars and their lines, or what failed, in the verdict's words; the try is
recorded once; Retry starts the same deal again; Challenges shows the new best."""

from __future__ import annotations

import datetime

import pygame

from splendor.devtools.challenge_shots import play_to_decided
from splendor.i18n import tr
from splendor.session.challenge_lines import words
from splendor.session.challenges import ChallengeSession, judge
from splendor.storage import paths
from splendor.storage.stats import load_stats
from splendor.ui.app import App
from splendor.ui.challenge_words import measure_text, row_status
from splendor.ui.main import Game
from splendor.ui.scenes.challenge_result import ChallengeResultScene
from splendor.ui.scenes.challenge_table import ChallengeTableScene
from splendor.ui.scenes.challenges import ChallengesScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from tests.ui.challenge_helpers import open_challenges, play_from_list, window
from tests.ui.gestures import click, frame, key


def result_of(app: App, session: ChallengeSession) -> ChallengeResultScene:
    """Frames until the result is up over the table."""
    for _ in range(40):
        frame(app)
        top = app.stack.top
        if isinstance(top, ChallengeResultScene):
            return top
    raise AssertionError(f"no result for {session.challenge.id}")


def texts(result: ChallengeResultScene) -> list[str]:
    return [text for _, text, *_ in result.parts]


def button(result: ChallengeResultScene, key_: str) -> tuple[int, int]:
    return next(rect.center for k, rect, _ in result.buttons if k == key_)


def won_from_list(app: App, game: Game, listing: ChallengesScene, challenge_id: str
                  ) -> tuple[ChallengeSession, ChallengeResultScene, int]:
    """Play `challenge_id` from the list with the hard bot in the player's seat, Retry
    after each loss, until a win: the won session, its result and the tries made."""
    session, _ = play_from_list(app, game, listing, challenge_id)
    for tries in range(1, 11):
        play_to_decided(session, "hard", seed=tries)
        result = result_of(app, session)
        if result.won:
            return session, result, tries
        click(app, button(result, "retry"))
        assert isinstance(game.session, ChallengeSession)
        session = game.session
    raise AssertionError(f"the hard bot never won {challenge_id}")


def test_a_won_challenge_shows_its_stars_records_once_and_the_list_shows_the_best() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, result, tries = won_from_list(app, game, listing, "first_win")
    verdict = judge(session)
    assert verdict.won and 1 <= verdict.stars <= 3
    shown = texts(result)
    assert shown[0] == tr("challenge_screen.result.won")
    assert tr("challenge_screen.result.new_best") in shown
    assert measure_text(verdict) in shown
    assert [words(line) for line in result.entry.star_rules] == shown[-2:]
    # Recorded once, however many frames pass.
    for _ in range(10):
        frame(app)
    best = load_stats()[0].challenges["first_win"]
    assert (best.won, best.stars, best.tries) == (True, verdict.stars, tries)
    assert best.date == datetime.date.today().isoformat()
    # Challenges: the list, with the new best on the challenge's row.
    click(app, button(result, "list"))
    listing = app.stack.top
    assert isinstance(listing, ChallengesScene)
    assert listing.current.challenge.id == "first_win"
    assert listing.current.stars == verdict.stars
    assert row_status(listing.current.best) == tr("challenge_screen.row.best",
                                                  date=best.date)
    assert game.session is None
    game.close()


def test_a_failed_challenge_says_what_failed_and_retry_deals_the_same_game() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, _ = play_from_list(app, game, listing, "lean_crown")  # a fresh deal each try
    first_market = session.view(0).market
    play_to_decided(session, "random")
    result = result_of(app, session)
    verdict = judge(session)
    assert not result.won and verdict.failed is not None
    shown = texts(result)
    assert shown[0] == tr("challenge_screen.result.failed")
    assert words(verdict.failed) in shown
    assert tr("challenge_screen.result.new_best") not in shown
    best = load_stats()[0].challenges["lean_crown"]
    assert (best.won, best.stars, best.tries) == (False, 0, 1)
    # Retry: one click, the same deal.
    click(app, button(result, "retry"))
    table = app.stack.top
    assert isinstance(table, ChallengeTableScene)
    again = game.session
    assert isinstance(again, ChallengeSession) and again is not session
    assert again.seed == session.seed and again.view(0).market == first_market
    assert again.view(0).turns == 0
    assert load_stats()[0].challenges["lean_crown"].tries == 1, "a retry is not a try yet"
    game.close()


def test_escape_on_the_result_goes_to_the_list_and_menu_to_the_menu() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, _ = play_from_list(app, game, listing, "noble_road")
    play_to_decided(session, "random")
    result_of(app, session)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ChallengesScene)
    listing = app.stack.top
    session, _ = play_from_list(app, game, listing, "noble_road")
    play_to_decided(session, "random")
    result = result_of(app, session)
    click(app, button(result, "menu"))
    assert isinstance(app.stack.top, MenuScene)
    assert load_stats()[0].challenges["noble_road"].tries == 2
    game.close()


def test_a_challenge_decided_before_the_game_ends_stops_asking_for_a_move() -> None:
    """A points goal reached mid-game: the table under the result says the game is over
    (no "your turn", no move offered), though the rules' game would go on."""
    from splendor.ui.table.view import header_text
    from tests.ui.challenge_helpers import keep_bests

    keep_bests(first_win=3, no_reserving=3, noble_road=3, lean_crown=3,
               behind_at_twelve=3, low_and_high=3)  # Trading Posts open
    app = window()
    game, listing = open_challenges(app)
    session, table = play_from_list(app, game, listing, "posts_race")
    # The advanced bot reaches the 12 points while the medium opponent is far from 15.
    play_to_decided(session, "advanced")
    assert not session.is_over(), "this try must end before the rules' game does"
    result_of(app, session)
    assert not session.human_to_act()
    assert not table.acting()
    assert tr("table.status.game_over") in header_text(table.view(), table.ui)
    game.close()


def test_a_statistics_file_damaged_during_a_try_is_kept_aside_and_the_player_told() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, _ = play_from_list(app, game, listing, "last_stretch")
    paths.stats_path().write_text('{"version": 1, "challenges": {"x": {"won": "yes"}}}')
    play_to_decided(session, "hard", seed=1)
    for _ in range(40):
        frame(app)
        if isinstance(app.stack.top, MessageScene):
            break
    assert isinstance(app.stack.top, MessageScene), "the player hears of the damaged file"
    assert isinstance(app.stack.scenes[-2], ChallengeResultScene), "over the result"
    names = [p.name for p in paths.stats_path().parent.iterdir()]
    assert any(n.startswith("statistics.unreadable-") for n in names), names
    assert load_stats()[0].challenges["last_stretch"].tries == 1, "the try counted anew"
    game.close()
