"""What a zoomed card of Saba's table says, value by value (no pygame): a palace card's
piece, garden space, cost and price on its build space; a special card's effect; the two
faces of a harbour card; what an action card may be played for. Each value whose data
entry is reconstructed carries the mark and the sentence naming its rulings
(RULES_SABA.md section 8: every invented value is marked)."""

from __future__ import annotations

from dataclasses import dataclass

from splendor.i18n import tr
from splendor.saba.engine import (
    ActionCard,
    HarbourCard,
    PalaceCard,
    Provenance,
    SabaData,
    SabaView,
    SpecialCard,
)
from splendor.saba.words import (
    capital,
    card_name,
    join,
    material_name,
    reconstructed_tip,
    section_does,
    section_name,
    surcharge_text,
    units_text,
)

#: The kinds of parts of the table that zoom: a card of the build spaces, one of the
#: player's harbour cards, an action card in the player's hand.
ZOOMED = ("card", "face", "hand")


@dataclass(frozen=True)
class ZoomRow:
    """One value of a card in words; `mark`: the sentence of its reconstructed mark
    ('' when the value is sourced)."""

    text: str
    mark: str = ""


@dataclass(frozen=True)
class ZoomWords:
    """A zoomed card's title and its values."""

    title: str
    rows: tuple[ZoomRow, ...]

    @property
    def marks(self) -> tuple[str, ...]:
        """The marks' sentences, each once, in the order of the rows."""
        return tuple(dict.fromkeys(row.mark for row in self.rows if row.mark))


def _row(text: str, entry: Provenance, *fields: str) -> ZoomRow:
    """`text` marked when a value it shows (`fields` of `entry`; none: the entry as a
    whole) is reconstructed."""
    tags = [entry.of(name) for name in fields] if fields else [entry.tag]
    invented = "reconstructed" in tags
    return ZoomRow(capital(text), reconstructed_tip(entry) if invented else "")


def zoom_words(kind: str, key: str | int | None, view: SabaView, data: SabaData) -> ZoomWords:
    """The words of the part `kind`/`key` of the table (one of `ZOOMED`) as `view` shows
    it; ValueError for a part that does not zoom."""
    if kind == "card" and isinstance(key, str):
        space = next(i for i, c in enumerate(view.display) if c.id == key)
        return _deck_card(data.card_by_id[key], space, data)
    if kind == "face" and isinstance(key, int):
        return _harbour_card(view.me.faces[key], data)
    if kind == "hand" and isinstance(key, str):
        return _action_card(data.action_by_id[key], data)
    raise ValueError(f"no zoom for {kind} {key!r}")


def _deck_card(card: PalaceCard | SpecialCard, space: int, data: SabaData) -> ZoomWords:
    entry = card.provenance
    rows: list[ZoomRow] = []
    if isinstance(card, PalaceCard):
        piece = tr(f"saba.piece.{card.piece}")
        rows.append(_row(tr("saba_zoom.piece", piece=piece, level=card.level), entry, "piece"))
        rows.append(_row(tr("saba.place.garden", garden=card.garden), entry, "garden"))
    else:
        rows.append(_row(tr(f"saba_zoom.effect.{card.effect}"), entry, "effect"))
    rows.append(_row(tr("saba_zoom.cost", units=units_text(card.cost)), entry, "cost"))
    build = data.build_spaces[space]
    price = data.price_on(card, space)
    on_space = tr(
        "saba_zoom.space",
        space=space + 1,
        surcharge=surcharge_text(build.surcharge),
        price=units_text(price),
    )
    rows.append(_row(on_space, build.provenance))
    return ZoomWords(capital(card_name(data, card.id)), tuple(rows))


def _harbour_card(face: str, data: SabaData) -> ZoomWords:
    """The card showing `face`: the side up, the other side, each a section with its
    place, room and action; and that the two sides share the card."""
    card, other = harbour_sides(face, data)
    rows = []
    for key, side in (("face_up", face), ("face_down", other)):
        section = data.sections[data.section_index(side)]
        words = tr(
            f"saba_zoom.{key}",
            section=section_name(data, side),
            position=section.position,
            capacity=section.capacity,
            does=section_does(data, side),
        )
        rows.append(_row(words, section.provenance, "position", "capacity", "action"))
    pair = tr("saba_zoom.pair", first=section_name(data, face), second=section_name(data, other))
    rows.append(_row(pair, card.provenance))
    return ZoomWords(tr("saba_zoom.harbour_card"), tuple(rows))


def harbour_sides(face: str, data: SabaData) -> tuple[HarbourCard, str]:
    """The harbour card with `face` on one side, and the section on its other side."""
    card = next(c for c in data.harbour_cards if face in (c.up_at_start, c.other_face))
    return card, card.other_face if card.up_at_start == face else card.up_at_start


def _action_card(card: ActionCard, data: SabaData) -> ZoomWords:
    materials = join([material_name(m) for m in card.materials], "saba.list_or")
    row = _row(tr("saba_zoom.play", materials=materials), card.provenance, "materials")
    return ZoomWords(capital(card_name(data, card.id)), (row,))
