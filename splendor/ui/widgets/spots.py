"""Hover and keyboard focus for clickable places a scene draws by hand (the buttons and
check-box rows of the overlays): the same feedback the widgets give."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from splendor.ui import theme
from splendor.ui.widgets.events import CLICK, _button, _mods

#: A clickable place and what a click on it does.
Spot = tuple[pygame.Rect, Callable[[], object]]

_NEXT = (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT)
_PREVIOUS = (pygame.K_UP, pygame.K_LEFT)
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class SpotFocus:
    """The places' hover (from the pointer's last position) and keyboard focus.

    Tab, Down and Right move the focus to the next place, Shift+Tab, Up and Left to the
    previous one (wrapping around), and show it with a ring; Enter or Space activates
    the focused place only while its ring shows (else the first press shows it). A click,
    a press and a release on the same place, activates that place and moves the focus
    there (without the ring, as for the widgets); a drag that ends elsewhere does nothing.
    The scene hands the places over with `set_spots` whenever it lays them out, in
    reading order.
    """

    def __init__(self) -> None:
        self.spots: list[Spot] = []
        #: Index of the focused place (the first one until the player moves it).
        self.index = 0
        #: Whether the focus ring shows (after keyboard navigation).
        self.visible = False
        self.pointer: tuple[int, int] | None = None
        #: The place the mouse button went down on (until it comes up).
        self.pressed: int | None = None

    def forget_pointer(self) -> None:
        """The pointer is no longer over these places (a scene covers them): none lit
        until it moves again."""
        self.pointer = None

    def set_spots(self, spots: Sequence[Spot]) -> None:
        self.spots = list(spots)
        if self.index >= len(self.spots):
            self.index = 0

    @property
    def focused(self) -> Spot | None:
        return self.spots[self.index] if self.spots else None

    def hovered(self) -> int | None:
        """The index of the place under the pointer, or None."""
        if self.pointer is None:
            return None
        for i, (rect, _) in enumerate(self.spots):
            if rect.collidepoint(self.pointer):
                return i
        return None

    def move(self, step: int) -> None:
        """Focus the next (`step` 1) or previous (-1) place and show the ring."""
        if self.spots:
            self.index = (self.index + step) % len(self.spots)
        self.visible = True

    def activate(self) -> bool:
        """Do what the focused place does; False when there is none."""
        spot = self.focused
        if spot is None:
            return False
        spot[1]()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Follow the pointer, move the focus, activate; True when the event was used
        (a pointer move is used when it changes the place under the pointer)."""
        if event.type == pygame.MOUSEMOTION:
            before = self.hovered()
            self.pointer = event.pos
            return self.hovered() != before
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            self.pointer = event.pos
            self.pressed = self.hovered()
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and _button(event) == CLICK:
            self.pointer = event.pos
            pressed, self.pressed = self.pressed, None
            under = self.hovered()
            if pressed is None or under != pressed:
                return pressed is not None
            self.index, self.visible = under, False
            self.spots[under][1]()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in _NEXT:
            back = event.key == pygame.K_TAB and bool(_mods(event) & pygame.KMOD_SHIFT)
            self.move(-1 if back else 1)
            return True
        if event.key in _PREVIOUS:
            self.move(-1)
            return True
        if event.key in _ACTIVATE:
            if not self.visible:
                self.visible = True  # show what the key would act on, act on the next
                return True
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface, radius: int) -> None:
        """Light the place under the pointer and ring the focused one (over what the
        scene drew there)."""
        under = self.hovered()
        if under is not None:
            draw_hover(surface, self.spots[under][0], radius)
        spot = self.focused
        if self.visible and spot is not None:
            # Light, not gold: the overlays' buttons are gold already.
            rect = spot[0]
            gap = max(3, rect.h // 12)
            pygame.draw.rect(surface, theme.TEXT, rect.inflate(2 * gap, 2 * gap),
                             width=max(2, gap * 2 // 3), border_radius=radius + gap)


def draw_hover(surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
    """Show that the pointer is over `rect`: lighter, with a light edge."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = layer.get_rect()
    pygame.draw.rect(layer, (255, 255, 255, 46), local, border_radius=radius)
    pygame.draw.rect(layer, (*theme.TEXT, 220), local, width=max(2, rect.h // 20),
                     border_radius=radius)
    surface.blit(layer, rect.topleft)
