"""Seats as the New game screen offers them: kinds, labels, automatic names, checks."""

from __future__ import annotations

from splendor.bots.base import BOT_NAMES
from splendor.engine.modules import module_ids
from splendor.games import Game, default_game
from splendor.i18n import LANGUAGES, has, tr, translate
from splendor.i18n import language as current_language
from splendor.session.seats import HUMAN, MAX_SEATS, MIN_SEATS, REMOTE, GameOptions, SeatOption

__all__ = ["HUMAN", "MAX_SEATS", "MIN_SEATS", "REMOTE", "GameOptions", "SeatOption"]

#: Longest player name the new-game screen accepts.
MAX_NAME_LENGTH = 16
#: The bots kept for tests and tools, never offered for a new seat.
TEST_BOTS = ("random", "greedy")
#: Bots the new-game screen offers: the difficulty ladder without the test bots.
LADDER = tuple(name for name in BOT_NAMES if name not in TEST_BOTS)


def ladder(game: Game | None = None) -> tuple[str, ...]:
    """The bot levels the New game screen offers for `game` (by default Splendor): the
    game's levels without the test bots."""
    return tuple(n for n in (game or default_game()).bot_levels() if n not in TEST_BOTS)


def module_choices(game: Game | None = None) -> tuple[str | None, ...]:
    """What the New game screen's module choice cycles through for `game`: none (the game
    alone), then each module the game can be played with (the registry says which)."""
    game = game or default_game()

    def accepts(module: str) -> bool:
        try:
            game.with_module(module)
        except ValueError:
            return False
        return True

    return (None, *(m for m in module_ids() if accepts(m)))


def options_problem(names: tuple[str, ...], seats: int, first_player: int | None,
                    unnamed: frozenset[int] = frozenset()) -> str | None:
    """The first problem with a seat list, for an inline message (in the language in use);
    None when valid. The seats in `unnamed` bring their own names (remote players)."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        return tr("new_game.problem.seat_count", min=MIN_SEATS, max=MAX_SEATS)
    seen: dict[str, int] = {}
    for seat, raw in enumerate(names):
        if seat in unnamed:
            continue
        name = raw.strip()
        if not name:
            return tr("new_game.problem.no_name", seat=seat + 1)
        if len(name) > MAX_NAME_LENGTH:
            return tr("new_game.problem.too_long", seat=seat + 1, max=MAX_NAME_LENGTH)
        key = name.casefold()
        if key in seen:
            return tr("new_game.problem.same_name", first=seen[key] + 1, second=seat + 1,
                      name=name)
        seen[key] = seat
    if first_player is not None and not 0 <= first_player < seats:
        return tr("new_game.problem.first_player")
    return None


#: What a seat can be, in the order the seat selector cycles: 'human', then the ladder.
KINDS = (HUMAN, *LADDER)


def kind_label(kind: str) -> str:
    """A seat kind as the player reads it: 'Human', 'Hard' (bots.yaml in i18n)."""
    if kind == HUMAN:
        return tr("bots.human")
    if kind == REMOTE:
        return tr("bots.remote")
    if has(f"bots.level.{kind}.name"):
        return tr(f"bots.level.{kind}.name")
    return kind  # a bot the catalogs do not know: its id is all there is


def offered_kinds(kind: str, game: Game | None = None) -> tuple[str, ...]:
    """What the selector of a seat of `kind` cycles through: 'human' and `game`'s ladder
    (by default Splendor's), with `kind` in its place when it is a bot off the ladder
    ('random', 'greedy': seated from a save or an edited settings file), so the seat shows
    the bot it has and can go back to it. The ladder stays what a new seat is offered:
    those two are test bots."""
    levels = (game or default_game()).bot_levels()
    kinds = (HUMAN, *ladder(game))
    if kind in kinds or kind not in levels:
        return kinds
    return (HUMAN, *(k for k in levels if k in kinds or k == kind))


def default_name(kind: str, seat: int, language: str | None = None) -> str:
    """The name a seat gets until the player types one: 'Player 2', 'Hard bot' (in
    `language`, by default the one in use)."""
    lang = language or current_language()
    if kind in (HUMAN, REMOTE):
        return translate(lang, f"bots.default_name.{kind}", n=seat + 1)
    if has(f"bots.default_name.{kind}"):
        return translate(lang, f"bots.default_name.{kind}")
    return kind


def numbered_name(name: str, n: int, language: str | None = None) -> str:
    """An automatic name made distinct with a number: 'Hard bot 2'."""
    return translate(language or current_language(), "bots.default_name.numbered",
                     name=name, n=n)


def bot_seat_name(level: str, n: int) -> str:
    """The name of a table's `n`th bot of `level` (from 1) the server left to this window
    to word: 'Hard bot', 'Hard bot 2' (splendor/net/seat_names.py)."""
    name = default_name(level, 0)
    return name if n == 1 else numbered_name(name, n)


def is_default_name(name: str, kind: str) -> bool:
    """True when `name` is one the game gives a seat of `kind` automatically, in any of
    the languages ('Player 3', 'Medium bot', 'Medium bot 2'), so that the screen may
    show it in the language in use instead; names the player typed are not."""
    name = name.strip()
    if not name:
        return False
    for lang in LANGUAGES:
        if kind in (HUMAN, REMOTE):
            names = {default_name(kind, i, lang) for i in range(2 * MAX_SEATS)}
        else:
            base = default_name(kind, 0, lang)
            names = {base} | {numbered_name(base, n, lang) for n in range(2, 2 * MAX_SEATS)}
        if name in names:
            return True
    return False


def default_options() -> GameOptions:
    """The seats of a first game: a person against a medium bot, named in the language
    in use."""
    return GameOptions(seats=(SeatOption(HUMAN, default_name(HUMAN, 0)),
                              SeatOption("medium", default_name("medium", 1))))
