"""What a served table is: player count, module, which seats bots play; and its text form
for the command line (`players=3,module=orient,bots=hard+easy`)."""

from __future__ import annotations

from dataclasses import dataclass

from splendor.bots import BOT_NAMES


@dataclass(frozen=True, slots=True)
class TableSpec:
    """`bots` are the levels of the bot seats, which are the last seats; the others are
    remote. At least one seat is remote."""

    players: int = 2
    module: str | None = None
    bots: tuple[str, ...] = ()

    @property
    def remote(self) -> int:
        return self.players - len(self.bots)

    def seat_bot(self, seat: int) -> str | None:
        """The bot level playing `seat`, or None for a remote seat."""
        return self.bots[seat - self.remote] if seat >= self.remote else None


def parse_table(text: str) -> TableSpec:
    """The table `text` describes (`players=N,module=NAME,bots=LEVEL+LEVEL`, every key
    optional); ValueError saying what is wrong."""
    from splendor.engine.modules import find_module

    fields: dict[str, str] = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not value:
            raise ValueError(f"expected key=value, not {part.strip()!r}")
        if key not in {"players", "module", "bots"}:
            raise ValueError(f"unknown key {key!r} (known: players, module, bots)")
        if key in fields:
            raise ValueError(f"{key!r} given twice")
        fields[key] = value
    players_text = fields.get("players", "2")
    if players_text not in {"2", "3", "4"}:
        raise ValueError(f"players must be 2, 3 or 4, not {players_text!r}")
    players = int(players_text)
    module = None
    if "module" in fields and fields["module"] not in {"none", "base"}:
        module = find_module(fields["module"]).module
    bots = tuple(b.strip() for b in fields["bots"].split("+")) if "bots" in fields else ()
    for name in bots:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOT_NAMES)})")
    if len(bots) >= players:
        raise ValueError(f"{len(bots)} bots leave no seat of {players} for a remote player")
    return TableSpec(players, module, bots)
