"""Colours and the type aliases the art shares, and colour mixing."""

from __future__ import annotations

from collections.abc import Sequence

Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]
Box = tuple[float, float, float, float]


#: Deck colours by level: green, amber, blue.
LEVEL_COLORS: dict[int, Color] = {1: (40, 128, 72), 2: (204, 144, 30), 3: (42, 88, 172)}
LEVEL_NUMERALS = {1: "I", 2: "II", 3: "III"}
PARCHMENT: Color = (238, 224, 190)
PARCHMENT_DARK: Color = (218, 198, 154)
NOBLE_FRAME: Color = (104, 74, 42)
NOBLE_INK: Color = (66, 42, 22)
#: The colour of "still missing" marks on cards.
MISSING: Color = (196, 40, 40)
#: The colour of "covered" ticks.
COVERED: Color = (34, 140, 66)
#: The ring of a card the player can buy now: sky blue, unlike the gold of a selection,
#: the green of a hint and the marks of the last move (see table.marks).
AFFORDABLE: Color = (96, 200, 255)
#: A cost symbol beside its disc, on the light card face: the gem's own colour (blue's
#: circle drawn dark was read as black's square), white's outline diamond in grey.
COST_SYMBOL_INK: tuple[Color, ...] = (
    (118, 120, 134),
    (36, 92, 196),
    (28, 128, 62),
    (192, 40, 40),
    (44, 38, 34),
    (176, 132, 20),
)

WHITE: Color = (255, 255, 255)
BLACK: Color = (0, 0, 0)
_WHITE_GEM, _BLACK_GEM = 0, 4


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _rgba(c: Sequence[int], alpha: int) -> RGBA:
    return (c[0], c[1], c[2], alpha)


# Cities of Splendor.

#: The Orient cards' frame: aubergine with a gold filigree line, a warmer face.
ORIENT_FRAME: Color = (78, 38, 82)
ORIENT_EDGE: Color = (40, 18, 44)
ORIENT_GOLD: Color = (222, 180, 80)
ORIENT_FACE: Color = (251, 241, 220)
#: The band of a paired card, which has no colour of its own until it is paired.
PAIR_BAND: Color = (176, 160, 190)
#: City tiles: sandstone with a terracotta frame.
CITY_STONE: Color = (232, 214, 176)
CITY_STONE_DARK: Color = (210, 184, 138)
CITY_FRAME: Color = (132, 78, 50)
CITY_INK: Color = (70, 40, 24)
#: The Trading Posts board: a wooden board carrying parchment stations.
BOARD_WOOD: Color = (112, 76, 46)
BOARD_WOOD_DARK: Color = (70, 46, 26)

#: Player colours for strongholds and coats of arms: orange, sky blue, pink, violet.
#: Chosen apart from each other and from the six gem colours by at least 20 CIELAB units
#: in normal vision and in simulated protanopia, deuteranopia and tritanopia.
SEAT_COLORS: tuple[Color, ...] = (
    (210, 106, 16),
    (0, 182, 246),
    (222, 112, 178),
    (128, 76, 152),
)


def seat_colours(n: int = 4) -> tuple[Color, ...]:
    """The colours of the first `n` seats (1-4), distinct and colour-blind friendly, and
    unlike any gem colour; a seat beyond four repeats the palette."""
    return tuple(SEAT_COLORS[i % len(SEAT_COLORS)] for i in range(max(0, int(n))))
