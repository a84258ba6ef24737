"""Short sound effects synthesised in code (take, buy, reserve, noble, game end).

Without an audio device (or with SDL_AUDIODRIVER=dummy) the mixer may still open; if it
cannot, every effect is silently skipped: sound is never a reason for the game to fail.
"""

from __future__ import annotations

import array
import math

import pygame

RATE = 22050

#: Each effect: a list of (frequency Hz, duration s, loudness 0..1) notes played in turn.
EFFECTS: dict[str, list[tuple[float, float, float]]] = {
    "take": [(1320, 0.035, 0.5), (1760, 0.045, 0.4)],  # chips clicking together
    "buy": [(523, 0.07, 0.5), (659, 0.07, 0.5), (784, 0.12, 0.5)],
    "reserve": [(587, 0.08, 0.45), (880, 0.12, 0.4)],
    "noble": [(523, 0.1, 0.5), (659, 0.1, 0.5), (784, 0.1, 0.5), (1047, 0.25, 0.55)],
    "end": [(392, 0.15, 0.5), (523, 0.15, 0.5), (659, 0.15, 0.5), (784, 0.4, 0.55)],
    "refuse": [(220, 0.09, 0.35)],
}


def _samples(notes: list[tuple[float, float, float]], channels: int) -> array.array[int]:
    data = array.array("h")
    for freq, seconds, loud in notes:
        n = int(RATE * seconds)
        for i in range(n):
            # A soft attack and an exponential decay keep the notes from clicking.
            env = min(1.0, i / (RATE * 0.004)) * math.exp(-4.0 * i / n)
            tone = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(
                4 * math.pi * freq * i / RATE
            )
            value = int(12000 * loud * env * tone / 1.3)
            data.extend([value] * channels)
    return data


class Sounds:
    """The effects, ready to play at the current volume (0 silences them)."""

    def __init__(self, volume: float = 0.6) -> None:
        self.volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
        except pygame.error:
            init = None
        if not init:
            return  # no audio device: stay silent
        channels = init[2]
        for name, notes in EFFECTS.items():
            self._sounds[name] = pygame.mixer.Sound(buffer=_samples(notes, channels).tobytes())

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        """Play an effect by name; nothing happens without audio or at volume 0."""
        sound = self._sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        sound.set_volume(self.volume)
        sound.play()
