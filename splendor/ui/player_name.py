"""The player's own name, kept in the settings: the one they last gave themselves (New
game's first person, Join, Host) is offered again wherever they are named (New game,
Join, Host, challenges). A name the game gave ('Player 1', in any language) is offered in
the language in use; a name they typed, as typed."""

from __future__ import annotations

from dataclasses import replace

from splendor.session.seats import HUMAN, GameOptions, SeatOption
from splendor.storage.settings import Settings
from splendor.ui.options import MAX_NAME_LENGTH, default_name, is_default_name


def player_name(settings: Settings) -> str:
    """The name to offer the player. Before they gave one here, the first person of the
    last game's seats (a settings file written before the name was kept on its own)."""
    name = settings.player_name or next(
        (str(s["name"]) for s in settings.default_seats
         if s.get("kind") == HUMAN and s.get("name")), "")
    name = " ".join(name.split())[:MAX_NAME_LENGTH]
    return name if name and not is_default_name(name, HUMAN) else default_name(HUMAN, 0)


def remember_name(settings: Settings, name: str) -> None:
    """`name` is the one the player just gave themselves (blank: nothing changes)."""
    name = " ".join(name.split())
    if name:
        settings.player_name = name


def remember_first_person(settings: Settings, options: GameOptions) -> None:
    """The first person of a game's seats is the player: their name is kept."""
    me = next((s for s in options.seats if s.kind == HUMAN), None)
    if me is not None:
        remember_name(settings, me.name)


def with_player_name(options: GameOptions, settings: Settings) -> GameOptions:
    """`options` with the player's name on its first person (the New game screen's seats)."""
    seats = list(options.seats)
    first = next((i for i, s in enumerate(seats) if s.kind == HUMAN), None)
    if first is None:
        return options
    seats[first] = SeatOption(HUMAN, player_name(settings))
    return replace(options, seats=tuple(seats))
