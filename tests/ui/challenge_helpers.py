"""Shared steps of the challenges' window tests: a 1024x600 window, Menu → Challenges by
a click, the bests written to the statistics file, a challenge chosen and played."""

from __future__ import annotations

import pygame

from splendor.gamedata import base_game
from splendor.session.bot_process import InlineBots
from splendor.session.challenge_data import Campaign, load_campaign
from splendor.session.challenges import ChallengeSession
from splendor.storage.challenge_stats import ChallengeBest
from splendor.storage.stats import load_stats, save_stats
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.challenge_table import ChallengeTableScene
from splendor.ui.scenes.challenges import ChallengesScene
from splendor.ui.scenes.menu import MenuScene
from tests.ui.gestures import click, frame

SIZE = (1024, 600)
DATA = base_game()
CAMPAIGN: Campaign = load_campaign(DATA)


def window() -> App:
    """A 1024x600 window with no event left from an earlier test."""
    app = App(SIZE)
    app.running = True
    pygame.event.clear()
    return app


def open_challenges(app: App) -> tuple[Game, ChallengesScene]:
    """Menu → Challenges, by a click on the menu's entry (bots in this process)."""
    game = Game(app, bots=InlineBots)
    game.prefs.speed = 50.0
    app.stack.push(game.menu_scene())
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    frame(app)
    click(app, menu.buttons["challenges"].rect.center)
    listing = app.stack.top
    assert isinstance(listing, ChallengesScene), listing
    return game, listing


def keep_bests(**stars: int) -> None:
    """Write bests (challenge id: stars) to the statistics file, as won tries."""
    records, _ = load_stats()
    for challenge_id, count in stars.items():
        records.challenges[challenge_id] = ChallengeBest(stars=count, won=True, value=20,
                                                        date="2026-01-02", tries=1)
    save_stats(records)


def row_of(listing: ChallengesScene, challenge_id: str) -> pygame.Rect:
    """Where the row of `challenge_id` is (it must be in the open chapter, in sight)."""
    ids = [c.challenge.id for c in listing.entry.challenges]
    index = ids.index(challenge_id)
    return next(rect for i, rect in listing.rows if i == index)


def play_from_list(app: App, game: Game, listing: ChallengesScene, challenge_id: str,
                   ) -> tuple[ChallengeSession, ChallengeTableScene]:
    """Click the challenge's row, then Play: its table."""
    chapter = next(i for i, c in enumerate(listing.chapters)
                   if any(e.challenge.id == challenge_id for e in c.challenges))
    if chapter != listing.chapter:
        click(app, listing.tabs[chapter].center)
    click(app, row_of(listing, challenge_id).center)
    assert listing.current.challenge.id == challenge_id
    click(app, listing.card.play.center)
    table = app.stack.top
    assert isinstance(table, ChallengeTableScene), table
    session = game.session
    assert isinstance(session, ChallengeSession)
    frame(app)
    return session, table
