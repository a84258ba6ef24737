"""A spy on the expert's world sampling: every view it samples from is recorded, so a test
can check that the search plans over worlds drawn from the seat's view only."""

from __future__ import annotations

import random

import pytest

from splendor.engine import GameState, View, sample_world
from splendor.gamedata import base_game


def record_samples(monkeypatch: pytest.MonkeyPatch) -> list[View]:
    """The list of views the expert samples worlds from, from now on (each must be one)."""
    import splendor.bots.expert as expert_module

    calls: list[View] = []

    def recording_sample_world(view: View, data: object, rng: random.Random) -> GameState:
        assert isinstance(view, View), "the expert must sample from its view"
        calls.append(view)
        return sample_world(view, base_game(), rng)

    monkeypatch.setattr(expert_module, "sample_world", recording_sample_world)
    return calls
