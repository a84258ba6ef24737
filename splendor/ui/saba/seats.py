"""Drawing Saba's players: the supply line, a row per player (colour, name, points,
materials against the limit, figures, markers, action cards, harbour cards) and, along the
bottom of the board, the things of the player at the screen that a click uses (materials,
figures, harbour cards, action cards in hand)."""

from __future__ import annotations

import pygame

from splendor.i18n import tr
from splendor.saba.engine import ActionCard, SabaData, SabaView
from splendor.saba.result_words import points_text
from splendor.saba.words import section_name
from splendor.ui import theme
from splendor.ui.saba.art import draw_figure, draw_marker, draw_material
from splendor.ui.saba.board import CARD, CARD_INK, MARK, Marks, draw_word, ring
from splendor.ui.saba.choices import Target
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.saba.targets import hand_slots, seat_order
from splendor.ui.widgets import draw_lines, draw_panel, draw_text


def draw_supply(surface: pygame.Surface, lay: SabaLayout, view: SabaView) -> None:
    """The supply's units of each material, then the action deck and the discard pile."""
    rect = lay.supply
    r = lay.px(9)
    x = rect.x + lay.px(4)
    for m, n in enumerate(view.supply):
        draw_material(surface, (x + r, rect.centery), r, m)
        x = draw_word(
            surface, str(n), lay.text(15), theme.TEXT, x + 2 * r + lay.px(3), rect, True
        ) + lay.px(10)
    for box, count, face_up in (
        (lay.action_deck, view.action_deck_size, False),
        (lay.discard, len(view.discard), True),
    ):
        card = pygame.Rect(box.x, box.y + lay.px(3), lay.px(17), box.h - lay.px(6))
        pygame.draw.rect(surface, CARD if face_up else (92, 60, 44), card, border_radius=lay.px(3))
        pygame.draw.rect(surface, CARD_INK, card, 1, border_radius=lay.px(3))
        draw_word(surface, str(count), lay.text(15), theme.TEXT, card.right + lay.px(5), box, True)


def draw_players(
    surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData, you: int | None
) -> None:
    """A row per player, in turn order; the one deciding now is framed in gold."""
    for seat, rect in zip(seat_order(view), lay.players, strict=True):
        player = view.players[seat]
        deciding = seat == view.current_player
        draw_panel(
            surface,
            rect,
            lay.px(8),
            fill=theme.PANEL if seat != you else (36, 88, 72),
            edge=theme.ACCENT if deciding else theme.PANEL_EDGE,
        )
        figure = pygame.Rect(rect.x + lay.px(8), rect.y + lay.px(6), lay.px(22), lay.px(30))
        draw_figure(surface, figure, seat)
        line = lay.px(24)
        points = draw_text(
            surface,
            points_text(player.points),
            lay.text(15),
            theme.ACCENT,
            pygame.Rect(rect.right - lay.px(120), rect.y + lay.px(3), lay.px(112), line),
            align="right",
            bold=True,
        )
        draw_text(
            surface,
            player.name,
            lay.text(15),
            theme.TEXT,
            pygame.Rect(
                figure.right + lay.px(8),
                rect.y + lay.px(3),
                points.x - figure.right - lay.px(16),
                line,
            ),
            align="left",
            bold=True,
        )
        _draw_counts(
            surface,
            lay,
            pygame.Rect(
                figure.right + lay.px(8),
                rect.y + lay.px(28),
                rect.right - figure.right - lay.px(16),
                lay.px(22),
            ),
            view,
            seat,
            data,
        )


def _draw_counts(
    surface: pygame.Surface,
    lay: SabaLayout,
    box: pygame.Rect,
    view: SabaView,
    seat: int,
    data: SabaData,
) -> None:
    """One line of a player's things: materials (held out of the limit), figures and
    markers in supply, action cards held, and the harbour sections the cards show."""
    player = view.players[seat]
    r = lay.px(7)
    x = box.x
    px = lay.text(14)
    for m, n in enumerate(player.stock):
        draw_material(surface, (x + r, box.centery), r, m)
        x = draw_word(surface, str(n), px, theme.TEXT, x + 2 * r + lay.px(2), box) + lay.px(5)
    held = tr("saba_table.held", held=sum(player.stock), limit=data.stock_limit)
    over = sum(player.stock) > data.stock_limit
    x = draw_word(surface, held, px, theme.DANGER if over else theme.TEXT_DIM, x, box) + lay.px(8)
    icon = pygame.Rect(x, box.y + lay.px(2), lay.px(13), box.h - lay.px(3))
    draw_figure(surface, icon, seat)
    x = draw_word(
        surface, str(player.figures), px, theme.TEXT, icon.right + lay.px(2), box
    ) + lay.px(6)
    draw_marker(surface, (x + r, box.centery), r, seat)
    x = draw_word(
        surface, str(player.markers), px, theme.TEXT, x + 2 * r + lay.px(2), box
    ) + lay.px(6)
    card = pygame.Rect(x, box.y + lay.px(2), lay.px(12), box.h - lay.px(4))
    pygame.draw.rect(surface, CARD, card, border_radius=lay.px(2))
    x = draw_word(
        surface, str(player.hand_size), px, theme.TEXT, card.right + lay.px(3), box
    ) + lay.px(6)
    for face in player.faces:
        position = data.sections[data.section_index(face)].position
        tile = pygame.Rect(x, box.y + lay.px(1), lay.px(18), box.h - lay.px(2))
        pygame.draw.rect(surface, theme.TABLE_DARK, tile, border_radius=lay.px(3))
        draw_text(surface, str(position), lay.text(14), theme.ACCENT, tile, bold=True)
        x = tile.right + lay.px(3)


def draw_own(
    surface: pygame.Surface, lay: SabaLayout, view: SabaView, data: SabaData, marks: Marks
) -> None:
    """The player at the screen's materials, figures and markers in supply, harbour
    cards and action cards in hand, each lit when a click on it decides now."""
    me = view.me
    for m, rect in enumerate(lay.stock):
        draw_panel(surface, rect, lay.px(8))
        draw_material(surface, (rect.centerx, rect.y + lay.px(24)), lay.px(14), m)
        draw_text(
            surface,
            str(me.stock[m]),
            lay.text(17),
            theme.TEXT,
            pygame.Rect(rect.x, rect.bottom - lay.px(28), rect.w, lay.px(24)),
            bold=True,
        )
        ring(surface, rect, Target("stock", m), marks, lay.px(8))
    for rect, count, kind in (
        (lay.figures, me.figures, "figures"),
        (lay.markers, me.markers, "markers"),
    ):
        draw_panel(surface, rect, lay.px(8))
        icon = pygame.Rect(0, 0, lay.px(22), lay.px(30))
        icon.midtop = (rect.centerx, rect.y + lay.px(6))
        if kind == "figures":
            draw_figure(surface, icon, me.seat)
        else:
            draw_marker(surface, icon.center, lay.px(11), me.seat)
        draw_text(
            surface,
            str(count),
            lay.text(17),
            theme.TEXT,
            pygame.Rect(rect.x, rect.bottom - lay.px(28), rect.w, lay.px(24)),
            bold=True,
        )
    for i, rect in enumerate(lay.faces):
        draw_face(surface, lay, rect, data, me.faces[i])
        ring(surface, rect, Target("face", i), marks, lay.px(8))
    hand = me.hand
    slots = hand_slots(lay, len(hand) if hand is not None else me.hand_size)
    for i, rect in enumerate(slots):
        if hand is None:  # another player's turn at a shared screen: backs only
            draw_panel(surface, rect, lay.px(6), fill=(92, 60, 44), edge=(52, 34, 24))
            continue
        draw_action_card(surface, lay, rect, data.action_by_id[hand[i]])
        ring(surface, rect, Target("hand", hand[i]), marks, lay.px(6))


def draw_face(
    surface: pygame.Surface,
    lay: SabaLayout,
    rect: pygame.Rect,
    data: SabaData,
    section_id: str,
    scale: float = 1.0,
) -> None:
    """One face of a harbour card: the section's place in the row, in a badge, and its
    name (`scale`: larger, for a zoomed card)."""

    def px(value: float) -> int:
        return lay.px(value * scale)

    draw_panel(surface, rect, px(8), fill=(70, 58, 40))
    position = data.sections[data.section_index(section_id)].position
    badge = px(14)
    center = (rect.x + px(6) + badge, rect.centery)
    pygame.draw.circle(surface, theme.TABLE_DARK, center, badge)
    draw_text(
        surface,
        str(position),
        lay.text(17 * scale),
        theme.ACCENT,
        pygame.Rect(center[0] - badge, center[1] - badge, 2 * badge, 2 * badge),
        bold=True,
    )
    words = pygame.Rect(
        center[0] + badge + px(6),
        rect.y + px(4),
        rect.right - center[0] - badge - px(10),
        rect.h - px(8),
    )
    draw_lines(surface, section_name(data, section_id), lay.text(14 * scale), theme.TEXT, words)


def draw_action_card(
    surface: pygame.Surface, lay: SabaLayout, rect: pygame.Rect, card: ActionCard
) -> None:
    """An action card face up: the materials it may be played for (one in the middle,
    several two by two), a dot in the corner when they are reconstructed."""
    radius = max(2, rect.w // 12)
    pygame.draw.rect(surface, CARD, rect, border_radius=radius)
    pygame.draw.rect(surface, CARD_INK, rect, max(1, rect.w // 30), border_radius=radius)
    r = min(rect.w // 5, rect.h // 8)
    shown = card.materials
    for j, m in enumerate(shown):
        col, row = j % 2, j // 2
        cx = rect.x + rect.w // 4 + col * rect.w // 2 if len(shown) > 1 else rect.centerx
        cy = rect.y + rect.h // 3 + row * rect.h // 3
        draw_material(surface, (cx, cy), r, m)
    if card.provenance.reconstructed:
        dot = max(2, rect.w // 14)
        pygame.draw.circle(surface, MARK, (rect.right - 2 * dot, rect.y + 2 * dot), dot)
