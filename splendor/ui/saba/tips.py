"""What each part of Saba's table is and does, in words, for the tooltip under the pointer
(a player who never saw the box learns the board by pointing at it), and where the
tooltip goes."""

from __future__ import annotations

import pygame

from splendor.i18n import said, tr
from splendor.saba.engine import SabaData, SabaView
from splendor.saba.result_words import detail_text, points_text
from splendor.saba.words import (
    capital,
    card_name,
    join,
    quarter_does,
    quarter_name,
    reconstructed_tip,
    section_does,
    section_name,
    surcharge_text,
    units_text,
)
from splendor.ui.saba.choices import Target
from splendor.ui.widgets import line_height, wrap


def tip_text(target: Target, view: SabaView, data: SabaData, you: int | None = None) -> str:
    """The tooltip of `target` ('' when it has none); a row of `you`, the person at the
    screen, is said to them."""
    kind, key = target.kind, target.key
    if kind == "section" and isinstance(key, int):
        section = data.sections[key]
        return capital(
            tr(
                "saba_table.tip.section",
                section=section_name(data, section.id),
                capacity=section.capacity,
                does=section_does(data, section.id),
            )
        )
    if kind == "card" and isinstance(key, str):
        return _card_tip(key, view, data)
    if kind == "space" and isinstance(key, int):
        return tr("saba_table.tip.space", surcharge=surcharge_text(data.surcharges[key]))
    if kind == "deck":
        return _deck_tip(view, data) if view.deck_size else ""
    if kind == "garden" and isinstance(key, int):
        level = view.levels[key]
        pieces = ("arch", "fountain", "pillar")
        piece = tr(f"saba.piece.{pieces[level - 1]}") if level else tr("saba_table.tip.empty")
        return tr("saba_table.tip.garden", garden=key + 1, piece=piece)
    if kind == "quarter" and isinstance(key, str):
        text = capital(
            tr(
                "saba_table.tip.quarter",
                quarter=quarter_name(data, key),
                does=quarter_does(data, key),
            )
        )
        if data.quarters[view.vizier].id == key:
            text += " " + tr("saba_table.tip.vizier")
        return text
    if kind == "stock":
        return tr("saba_table.tip.stock", limit=data.stock_limit)
    if kind == "player" and isinstance(key, int):
        player = view.players[key]
        return said(
            "saba_table.tip.player",
            None if key == you else player.name,
            points=points_text(player.points),
            detail=detail_text(view, key),
        )
    if kind in (
        "treasury",
        "harem",
        "figures",
        "markers",
        "face",
        "hand",
        "supply",
        "action_deck",
        "discard",
    ):
        return tr(f"saba_table.tip.{kind}")
    return ""


def _card_tip(card_id: str, view: SabaView, data: SabaData) -> str:
    card = data.card_by_id[card_id]
    space = next(i for i, c in enumerate(view.display) if c.id == card_id)
    price = data.price_on(card, space)
    text = capital(
        tr("saba_table.tip.card", card=card_name(data, card_id), price=units_text(price))
    )
    if card.provenance.reconstructed:
        text += " " + reconstructed_tip(card.provenance)
    return text


def _deck_tip(view: SabaView, data: SabaData) -> str:
    """How many cards are left, and what the next one may be (the deck's order is known by
    its parts, S6)."""
    kinds = []
    for kind in sorted(view.deck_kinds[0]):
        if kind.startswith("level-"):
            level = int(kind.removeprefix("level-"))
            piece = next(c.piece for c in data.palace_cards if c.level == level)
            kinds.append(tr(f"saba.piece.{piece}"))
        else:
            kinds.append(card_name(data, kind))
    return tr("saba_table.tip.deck", cards=view.deck_size, next=join(kinds, "saba.list_or"))


def tip_box(
    text: str, px: int, pointer: tuple[int, int], width: int, window: pygame.Rect, pad: int
) -> pygame.Rect:
    """Where a tooltip of `text` goes: below and right of the pointer, kept inside the
    window (above the pointer when there is no room below)."""
    lines = wrap(text, px, width - 2 * pad)
    height = len(lines) * line_height(px) + 2 * pad
    box = pygame.Rect(pointer[0] + pad, pointer[1] + 2 * pad, width, height)
    if box.bottom > window.bottom:
        box.bottom = pointer[1] - pad
    box.clamp_ip(window)
    return box
