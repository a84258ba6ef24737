"""Overlay: return the tokens above ten. Click tokens to mark them; confirm exactly the excess."""

from __future__ import annotations

import pygame

from splendor.engine import COLOR_NAMES, Return
from splendor.ui import art, theme
from splendor.ui.controller import GameController
from splendor.ui.scenes.overlay_base import Overlay


class TokenReturnScene(Overlay):
    title = "Too many tokens"
    box_size = (640, 330)

    def __init__(self, controller: GameController) -> None:
        super().__init__()
        self.controller = controller
        self.marked = [0] * 6
        self.message = ""
        self._token_rects: list[pygame.Rect] = []
        self._confirm = pygame.Rect(0, 0, 0, 0)
        self._reset = pygame.Rect(0, 0, 0, 0)

    @property
    def excess(self) -> int:
        return self.controller.state.excess_tokens()

    def held(self) -> list[int]:
        return list(self.controller.state.players[self.controller.state.current].tokens)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for color, rect in enumerate(self._token_rects):
                if rect.collidepoint(event.pos):
                    self.toggle(color)
            if self._confirm.collidepoint(event.pos):
                self.confirm()
            elif self._reset.collidepoint(event.pos):
                self.marked = [0] * 6
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        return True

    def toggle(self, color: int) -> None:
        """Mark one more token of `color` to return (up to the excess)."""
        held = self.held()
        if self.marked[color] < held[color] and sum(self.marked) < self.excess:
            self.marked[color] += 1
            self.message = ""
        elif self.marked[color]:
            self.marked[color] -= 1

    def confirm(self) -> None:
        reason = self.controller.play(Return(tuple(self.marked)))
        if reason is not None:
            self.message = reason[0].upper() + reason[1:] + "."
            return
        assert self.app is not None
        self.app.stack.pop()

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        excess = self.excess
        line = f"You hold {sum(self.held())} tokens: give back {excess} (any colour, gold too)."
        image = theme.text(line, px(16), theme.TEXT)
        surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + px(54))))
        held = self.held()
        size = px(64)
        gap = px(18)
        x = box.centerx - (6 * size + 5 * gap) // 2
        y = box.y + px(96)
        self._token_rects = []
        for color in range(6):
            rect = pygame.Rect(x + color * (size + gap), y, size, size)
            self._token_rects.append(rect)
            left = held[color] - self.marked[color]
            if held[color]:
                surface.blit(art.token_surface(color, size, count=left), rect)
            else:
                pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, size // 2, 1)
            if self.marked[color]:
                tag = theme.text(f"−{self.marked[color]}", px(16), theme.DANGER, bold=True)
                surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + px(6))))
            name = theme.text(COLOR_NAMES[color], px(14), theme.TEXT_DIM)
            surface.blit(name, name.get_rect(midtop=(rect.centerx, rect.bottom + px(28))))
        chosen = sum(self.marked)
        status = theme.text(f"{chosen} of {excess} chosen", px(16),
                            theme.OK if chosen == excess else theme.TEXT)
        surface.blit(status, status.get_rect(midtop=(box.centerx, box.y + px(220))))
        bw, bh = px(180), px(40)
        self._confirm = pygame.Rect(box.centerx + px(10), box.bottom - bh - px(18), bw, bh)
        self._reset = pygame.Rect(box.centerx - bw - px(10), box.bottom - bh - px(18), bw, bh)
        self.button(surface, self._confirm, "Return", chosen == excess)
        self.button(surface, self._reset, "Clear", chosen > 0)
        if self.message:
            msg = theme.text(self.message, px(15), theme.DANGER)
            surface.blit(msg, msg.get_rect(midtop=(box.centerx, box.y + px(246))))
