"""The game's art, drawn in code: gem symbols, tokens, cards, deck backs, nobles, badges,
and the Cities of Splendor pieces (Orient cards, city tiles, the Trading Posts board, coats
of arms, strongholds, double golds).

All of it is the project's own drawing; no image files are used. Every function is pure:
it draws from its arguments alone. The `*_surface` functions are cached, so a frame costs
blits, not redraws; the surfaces they return are shared, so treat them as read-only (copy
one before changing it). Call `clear_caches()` after a large resize to free old sizes.

How it is drawn: shapes go onto a supersampled canvas (`_Pen`, 2-8x the final size) that
is smoothscaled down, which gives clean anti-aliased edges; text is rendered afterwards at
the final size through `theme.text`, never below `theme.MIN_TEXT_PX`. Where a small size
leaves no room, decoration is dropped and text keeps its size.

Sizes: every surface is exactly the size asked for. Cards, deck backs and empty slots
take `(width, height)` or a width (height is `CARD_RATIO` times it); nobles a side or
`(side, side)`; badges `(width, height)` or a height; tokens a diameter (the surface is
that square, the chip a little smaller to leave room for its shadow and glow).

The package, one module per kind of picture: `palette` (colours and type aliases),
`sizes`, `pen` (the supersampled canvas), `text`, `paths` (outlines, dashes, ticks),
`symbols`, `tokens`, `decor` (sheen and the cut-gem illustration), `card_frame`,
`card_marks` (cost discs), `small_cards`, `cards`, `backs` (deck backs and empty slots),
`crest`, `nobles`, `badges`, `stacks` (purchased cards by colour), `marks` (frames and
sparkles laid over pictures) and `caches`; for the Cities of Splendor modules `wheel` (the
"any colour" disc), `abilities` (the Orient abilities' symbols and the double gold),
`orient_cards`, `cities`, `posts` (the Trading Posts board and its powers) and `seats`
(coats of arms and strongholds in the players' colours, see `palette.seat_colours`).
"""

from __future__ import annotations

from splendor.ui.art.abilities import ability_symbol_surface, double_gold_surface
from splendor.ui.art.backs import card_back_surface, empty_slot_surface
from splendor.ui.art.badges import bonus_badge_surface
from splendor.ui.art.caches import clear_caches, set_symbols
from splendor.ui.art.cards import card_cost_fits, card_surface, readable_card_width
from splendor.ui.art.cities import CityProgress, city_note_rect, city_surface
from splendor.ui.art.marks import dashed_frame_surface, dashed_ring_surface, sparkle_surface
from splendor.ui.art.nobles import noble_surface
from splendor.ui.art.palette import (
    AFFORDABLE,
    BLACK,
    COVERED,
    LEVEL_COLORS,
    LEVEL_NUMERALS,
    MISSING,
    NOBLE_FRAME,
    NOBLE_INK,
    PARCHMENT,
    PARCHMENT_DARK,
    RGBA,
    WHITE,
    Box,
    Color,
    Point,
    seat_colours,
)
from splendor.ui.art.posts import post_power_surface, posts_board_surface
from splendor.ui.art.seats import coat_of_arms_surface, stronghold_surface
from splendor.ui.art.sizes import CARD_RATIO, SizeArg
from splendor.ui.art.stacks import card_stack_surface
from splendor.ui.art.symbols import draw_symbol, symbol_surface
from splendor.ui.art.tokens import (
    chip_surface,
    count_badge_rect,
    token_chip_diameter,
    token_margin,
    token_surface,
)
from splendor.ui.art.wheel import any_colour_surface

__all__ = [
    "AFFORDABLE",
    "BLACK",
    "CARD_RATIO",
    "COVERED",
    "LEVEL_COLORS",
    "LEVEL_NUMERALS",
    "MISSING",
    "NOBLE_FRAME",
    "NOBLE_INK",
    "PARCHMENT",
    "PARCHMENT_DARK",
    "RGBA",
    "WHITE",
    "Box",
    "CityProgress",
    "Color",
    "Point",
    "SizeArg",
    "ability_symbol_surface",
    "any_colour_surface",
    "bonus_badge_surface",
    "card_back_surface",
    "card_cost_fits",
    "card_stack_surface",
    "card_surface",
    "chip_surface",
    "city_note_rect",
    "city_surface",
    "clear_caches",
    "coat_of_arms_surface",
    "count_badge_rect",
    "dashed_frame_surface",
    "dashed_ring_surface",
    "double_gold_surface",
    "draw_symbol",
    "empty_slot_surface",
    "noble_surface",
    "post_power_surface",
    "posts_board_surface",
    "readable_card_width",
    "seat_colours",
    "set_symbols",
    "sparkle_surface",
    "stronghold_surface",
    "symbol_surface",
    "token_chip_diameter",
    "token_margin",
    "token_surface",
]
