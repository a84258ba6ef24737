"""Forgetting every cached surface of the art."""

from __future__ import annotations

from splendor.ui.art.abilities import _ability, _coin, _double_gold
from splendor.ui.art.backs import _card_back, _empty_slot, _orient_back
from splendor.ui.art.badges import _badge
from splendor.ui.art.card_marks import _cost_disc
from splendor.ui.art.cards import _card
from splendor.ui.art.cities import _city
from splendor.ui.art.marks import dashed_frame_surface, dashed_ring_surface, sparkle_surface
from splendor.ui.art.nobles import _noble, _noble_metrics, _progress_bar, _req_square
from splendor.ui.art.orient_cards import _bonus_mark
from splendor.ui.art.posts import _board, _power
from splendor.ui.art.seats import _coat, _stronghold
from splendor.ui.art.stacks import _stack
from splendor.ui.art.symbols import SYMBOLS, symbol_surface
from splendor.ui.art.text import _label
from splendor.ui.art.tokens import _count_badge, chip_surface, token_surface
from splendor.ui.art.wheel import any_colour_surface


def clear_caches() -> None:
    """Forget every cached surface (after a resize, or in tests)."""
    for fn in (symbol_surface, chip_surface, _count_badge, token_surface, _cost_disc, _card,
               _card_back, _empty_slot, _req_square, _progress_bar, _noble_metrics, _noble,
               _badge, _label, _stack, dashed_frame_surface, dashed_ring_surface,
               sparkle_surface, _orient_back, _ability, _double_gold, _coin, _bonus_mark,
               any_colour_surface, _city, _power, _board, _coat, _stronghold):
        fn.cache_clear()


def set_symbols(shown: bool) -> None:
    """Show or hide the colour symbols on every gem, token, card and badge."""
    if SYMBOLS["shown"] != shown:
        SYMBOLS["shown"] = shown
        clear_caches()
