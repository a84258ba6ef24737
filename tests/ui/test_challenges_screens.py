"""Menu → Challenges in a 1024x600 window, by posted clicks and keys: the chapters (a
locked one cannot be opened and says the stars it needs), a challenge's card with its
words, Play starting that challenge's game with its opponents, module and restrictions,
the goal strip on the table clear of the pieces, a forbidden move refused there with the
engine's reason, and leaving a try (confirmed, nothing kept, nothing autosaved)."""

from __future__ import annotations

import pygame

from splendor import i18n
from splendor.engine import Phase
from splendor.i18n import tr
from splendor.session.bot_process import InlineBots
from splendor.session.challenge_lines import words
from splendor.storage import paths
from splendor.storage.stats import load_stats
from splendor.ui.challenge_words import strip_parts
from splendor.ui.main import Game
from splendor.ui.scenes.challenge_table import ChallengeTableScene
from splendor.ui.scenes.challenges import ChallengesScene
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.table.panel import PanelText
from splendor.ui.wording import refusal_text
from tests.ui.challenge_helpers import (
    CAMPAIGN,
    keep_bests,
    open_challenges,
    play_from_list,
    row_of,
    window,
)
from tests.ui.gestures import click, drag, frame, key


def card_texts(listing: ChallengesScene) -> list[str]:
    return [text for _, text, _, _ in listing.card.parts]


def test_the_menu_opens_the_challenges_and_back_returns() -> None:
    app = window()
    game, listing = open_challenges(app)
    first = CAMPAIGN.chapters[0]
    assert listing.chapter == 0 and listing.entry.open
    assert [c.challenge.id for c in listing.entry.challenges] == \
        [c.id for c in first.challenges]
    assert len(listing.rows) == len(first.challenges), "every row in sight at 1024x600"
    click(app, listing.back_rect.center)
    assert isinstance(app.stack.top, MenuScene)
    game.close()


def test_a_locked_chapter_cannot_be_opened_and_says_what_it_needs() -> None:
    app = window()
    game, listing = open_challenges(app)
    locked = listing.chapters[1]
    assert not locked.open and locked.missing == locked.chapter.unlock
    click(app, listing.tabs[1].center)
    assert listing.chapter == 0, "the locked chapter stayed closed"
    assert listing.notice == tr("challenge_screen.chapter.refused", locked.missing,
                                chapter=tr(locked.title_key))
    key(app, pygame.K_RIGHT)
    assert listing.chapter == 0
    game.close()


def test_choosing_another_challenge_clears_the_locked_chapters_notice() -> None:
    app = window()
    game, listing = open_challenges(app)
    click(app, listing.tabs[1].center)
    assert listing.notice
    click(app, row_of(listing, "steady_hands").center)
    assert listing.current.challenge.id == "steady_hands" and listing.notice == ""
    click(app, listing.tabs[1].center)
    key(app, pygame.K_UP)
    assert listing.notice == "", "the keys choose too"
    game.close()


def test_stars_held_open_the_next_chapter() -> None:
    keep_bests(first_win=3, no_reserving=3, noble_road=2)
    app = window()
    game, listing = open_challenges(app)
    assert listing.chapters[1].open
    click(app, listing.tabs[0].center)
    key(app, pygame.K_RIGHT)
    assert listing.chapter == 1 and listing.notice == ""
    # The chapter after it still needs stars.
    key(app, pygame.K_RIGHT)
    assert listing.chapter == 1
    assert listing.notice == tr("challenge_screen.chapter.refused",
                                listing.chapters[2].missing,
                                chapter=tr(listing.chapters[2].title_key))
    game.close()


def test_a_click_on_a_row_shows_that_challenges_card() -> None:
    app = window()
    game, listing = open_challenges(app)
    click(app, row_of(listing, "steady_hands").center)
    entry = listing.current
    assert entry.challenge.id == "steady_hands"
    texts = card_texts(listing)
    assert texts[:2] == [tr(entry.title_key), tr(entry.story_key)]
    for line in (*entry.goal, *entry.constraints, *entry.star_rules):
        assert words(line) in texts
    assert tr("challenge_screen.card.never") in texts[-1]
    # The keyboard moves the selection and the card follows.
    key(app, pygame.K_UP)
    assert listing.current.challenge.id != "steady_hands"
    assert tr(listing.current.title_key) == card_texts(listing)[0]
    game.close()


def test_the_card_says_how_hard_the_challenge_is_as_measured() -> None:
    app = window()
    game, listing = open_challenges(app)
    click(app, row_of(listing, "steady_hands").center)
    measured = listing.current.challenge.measured
    assert measured is not None
    said = tr("challenge_screen.difficulty.card", measured.tries, wins=measured.wins,
              level=tr(f"challenge_screen.difficulty.{measured.level}"))
    assert said in card_texts(listing)
    assert f"{measured.wins} of its {measured.tries} tries" in said
    game.close()


def test_play_starts_the_challenge_with_its_opponents_and_restrictions() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, table = play_from_list(app, game, listing, "steady_hands")
    challenge = CAMPAIGN.find("steady_hands")
    assert challenge is not None and session.challenge == challenge
    assert [s.kind for s in session.options.seats[1:]] == list(challenge.opponents)
    view = session.view(0)
    assert view.restrictions[0] == challenge.restrictions
    assert view.module == challenge.module
    assert session.options.competitive, "no undo, no hints"
    # The goal strip says it all at 1024x600, on the top line, over no piece.
    assert table.strip_text.endswith(" · ".join(strip_parts(challenge)))
    assert_strip_clear(table)
    game.close()


def assert_strip_clear(table: ChallengeTableScene) -> None:
    """The goal strip is shown, inside the window, over none of the table's pieces."""
    lay = table.layout
    assert lay is not None and table.strip_text
    pieces = [*lay.nobles, *lay.cities, *lay.posts, *lay.bank, *lay.decks, lay.legend,
              *(r for row in lay.market for r in row), lay.action_panel, lay.my_area,
              *lay.opponents, lay.log]
    assert table.strip.collidelist(pieces) < 0, pieces[table.strip.collidelist(pieces)]
    assert pygame.Rect((0, 0), lay.size).contains(table.strip)


def test_a_module_chapter_plays_with_its_module() -> None:
    keep_bests(first_win=3, no_reserving=3, noble_road=2)
    app = window()
    game, listing = open_challenges(app)
    session, table = play_from_list(app, game, listing, "city_gates")
    assert session.view(0).module == "cities"
    assert_strip_clear(table)
    # Every chapter's table keeps its goal strip clear of its pieces.
    for chapter in CAMPAIGN.chapters:
        for challenge in chapter.challenges:
            game.challenges.play(challenge)
            table = app.stack.top
            assert isinstance(table, ChallengeTableScene)
            frame(app)
            assert table.session.view(0).module == chapter.module
            assert_strip_clear(table)
    game.close()


def test_a_forbidden_move_is_refused_at_the_table_with_the_engines_reason() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, table = play_from_list(app, game, listing, "no_reserving")
    assert session.view(0).phase is Phase.MAIN and table.acting()
    lay = table.layout
    assert lay is not None
    card = next(c for row in session.view(0).market for c in row if c is not None)
    before = session.version
    # Dragged into the player's area: a reservation, which this challenge forbids.
    drag(app, lay.market[0][0].center, lay.my_area.center)
    assert session.version == before, "nothing was played"
    assert table.ui.refusal is not None
    said = refusal_text(table.ui.refusal, session.options.names)
    assert said == tr(f"reason.{table.ui.refusal.code}")
    assert table.panel is not None
    assert said in [i.text for i in table.panel.items if isinstance(i, PanelText)], \
        "the reason is on the panel"
    assert card.id in [c.id for row in session.view(0).market for c in row if c]
    game.close()


def test_h_and_ctrl_z_say_a_challenge_has_no_hints_nor_undo() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, table = play_from_list(app, game, listing, "first_win")
    assert table.acting()
    for code, press in (("hint_challenge", (pygame.K_h, 0)),
                        ("undo_challenge", (pygame.K_z, pygame.KMOD_CTRL))):
        before = session.version
        key(app, press[0], press[1])
        assert session.version == before and session.hint is None
        assert table.ui.refusal is not None and table.ui.refusal.code == code
        said = refusal_text(table.ui.refusal, session.options.names)
        assert table.panel is not None
        assert said in [i.text for i in table.panel.items if isinstance(i, PanelText)]
    game.close()


def test_leaving_a_try_is_confirmed_keeps_nothing_and_goes_back_to_the_list() -> None:
    app = window()
    game, listing = open_challenges(app)
    session, _ = play_from_list(app, game, listing, "first_win")
    session.autoplay(4, seed=1)
    frame(app)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    assert pause.on_save is None, "a challenge is not saved"
    pause.on_leave()
    frame(app)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    click(app, confirm._yes.center)
    back = app.stack.top
    assert isinstance(back, ChallengesScene), back
    assert back.current.challenge.id == "first_win"
    assert game.session is None
    records, _ = load_stats()
    assert "first_win" not in records.challenges, "a try left counts for nothing"
    assert not paths.autosave_path().exists(), "a challenge is never autosaved"
    # Closing the window mid-challenge keeps nothing either.
    play_from_list(app, game, back, "first_win")
    game.autosave()
    assert not paths.autosave_path().exists()
    game.close()


def test_the_list_follows_a_change_of_language() -> None:
    app = window()
    game, listing = open_challenges(app)
    english = card_texts(listing)[0]
    game.change_language("fr")  # as the settings do: every screen is laid out again
    try:
        assert card_texts(listing)[0] == tr(listing.current.title_key) != english
    finally:
        i18n.set_language(i18n.DEFAULT)
    game.close()


def test_a_damaged_statistics_file_is_kept_aside_and_the_player_told() -> None:
    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text(
        '{"version": 1, "records": {}, "challenges": {"first_win": {"stars": "3"}}}')
    app = window()
    game = Game(app, bots=InlineBots)
    app.stack.push(game.menu_scene())
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    frame(app)
    click(app, menu.buttons["challenges"].rect.center)
    told = app.stack.top
    assert isinstance(told, MessageScene), "the player hears of the damaged file"
    assert isinstance(app.stack.scenes[-2], ChallengesScene), "over the list"
    kept = [p.name for p in paths.stats_path().parent.iterdir()]
    assert any(n.startswith("statistics.unreadable-") for n in kept), kept
    assert not paths.stats_path().exists()
    key(app, pygame.K_RETURN)
    listing = app.stack.top
    assert isinstance(listing, ChallengesScene)
    assert all(c.best is None for c in listing.chapters[0].challenges)
    game.close()


def test_the_players_name_given_by_the_game_is_in_the_language_in_use() -> None:
    i18n.set_language("fr")
    try:
        app = window()
        game, listing = open_challenges(app)
        assert game.settings.default_seats[0]["name"] == "Player 1"  # as first written
        session, _ = play_from_list(app, game, listing, "first_win")
        assert session.options.names[0] == tr("bots.default_name.human", n=1) != "Player 1"
        assert session.options.names[1] == tr("bots.default_name.easy")
        game.close()
        # A name the player typed is kept as it is.
        game, listing = open_challenges(window())
        game.settings.default_seats = [{"kind": "human", "name": "Ada"}]
        session, _ = play_from_list(game.app, game, listing, "first_win")
        assert session.options.names[0] == "Ada"
        game.close()
    finally:
        i18n.set_language(i18n.DEFAULT)
