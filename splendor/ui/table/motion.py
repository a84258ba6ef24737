"""Showing a bot's move: its tokens and cards fly across the table, then a short hold.

Time only moves in `advance` (the scene's update); drawing reads positions for the time
reached, so every draw at the same moment is the same.
"""

from __future__ import annotations

import pygame

from splendor.ui.table.flights import Flight

#: Seconds a bot's move takes to fly across the table at speed 1, then the pause after it.
FLIGHT_SECONDS = 0.45
HOLD_SECONDS = 0.35


class MoveShow:
    """The flights of one move and how far they have got."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []
        self.elapsed = 0.0
        self.running = False

    def start(self, flights: list[Flight]) -> None:
        self.flights, self.elapsed, self.running = flights, 0.0, True

    def advance(self, dt: float, speed: float) -> bool:
        """Move time on by `dt` seconds at `speed`; True once the show is over."""
        if not self.running:
            return False
        self.elapsed += dt * speed
        if self.elapsed >= FLIGHT_SECONDS + HOLD_SECONDS:
            self.running = False
            self.flights = []
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.elapsed / FLIGHT_SECONDS
        for flight in self.flights:
            image = flight.image
            surface.blit(image, image.get_rect(center=flight.at(t)))
