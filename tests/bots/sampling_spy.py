"""A spy on the expert's world sampling: every view it samples from is recorded, so a test
can check that the search plans over worlds drawn from the seat's view only."""

from __future__ import annotations

import random

import pytest

from splendor.engine import GameData, GameState, View, WorldSampler


def record_samples(monkeypatch: pytest.MonkeyPatch) -> list[View]:
    """The views the expert samples worlds from, one a world, from now on (each must be
    one)."""
    import splendor.bots.expert as expert_module

    calls: list[View] = []

    class RecordingSampler(WorldSampler):
        def __init__(self, view: View, data: GameData) -> None:
            assert isinstance(view, View), "the expert must sample from its view"
            super().__init__(view, data)

        def deal(self, rng: random.Random) -> GameState:
            calls.append(self.view)
            return super().deal(rng)

    monkeypatch.setattr(expert_module, "WorldSampler", RecordingSampler)
    return calls
