"""What keeps a long session's memory and frame times flat: art drawn once per look.

(Item 13 of issue 15; `benchmarks/long_play.py` measures the whole session.)
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from splendor.gamedata import base_game
from splendor.ui import art
from splendor.ui.art.nobles import _noble


def test_a_noble_tile_is_drawn_again_only_when_the_progress_it_shows_changes() -> None:
    pygame.init()
    art.clear_caches()
    # A noble that needs no white: white bonuses do not show on it.
    noble = next(n for n in base_game().nobles if n.requires[0] == 0)
    needed = [c for c, n in enumerate(noble.requires) if n]
    progress = [0, 0, 0, 0, 0]
    progress[needed[0]] = 1
    first = art.noble_surface(noble, 96, progress=progress)
    # Bonuses the tile does not show: white, and more of a colour than it needs.
    more_white = list(progress)
    more_white[0] = 4
    assert art.noble_surface(noble, 96, progress=more_white) is first
    done = list(progress)
    done[needed[1]] = noble.requires[needed[1]]
    shown = art.noble_surface(noble, 96, progress=done)
    assert shown is not first, "progress the tile shows must change it"
    beyond = list(done)
    beyond[needed[1]] += 3
    assert art.noble_surface(noble, 96, progress=beyond) is shown
    # A whole game's worth of bonus changes elsewhere keeps the tile drawn once.
    before = _noble.cache_info().misses
    for white in range(10):
        art.noble_surface(noble, 96, progress=[white, *beyond[1:]])
    assert _noble.cache_info().misses == before
