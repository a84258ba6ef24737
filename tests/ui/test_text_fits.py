"""Every screen and overlay, in every language, at the two smallest common sizes: no text
is cut, overflows its box or leaves the window, and every picture is produced."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor import i18n
from splendor.devtools.screenshots import PICTURES, render_all
from splendor.i18n import LANGUAGES
from splendor.ui import textfit


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_screen_fits_in_every_language(code: str, size: tuple[int, int],
                                             tmp_path: Path) -> None:
    with textfit.audit() as misfits:
        written = render_all(tmp_path, size, code)
    assert [p.stem for p in written] == list(PICTURES)
    report = "\n".join(f"  {m.text!r}: {m.problem}" for m in misfits)
    assert not misfits, f"{len(misfits)} misfits in {code} at {size}:\n{report}"
    fallbacks = {key for lang, key in i18n.fallbacks() if lang == code}
    assert not fallbacks, f"shown in English instead of {code}: {sorted(fallbacks)}"
    assert i18n.language() == "en", "rendering must not leave the language changed"


def test_the_language_changes_what_the_screens_show(tmp_path: Path) -> None:
    """Same screen, two languages: different pictures (and the same in the same one)."""
    english = render_all(tmp_path / "en", (1024, 600), "en")
    french = render_all(tmp_path / "fr", (1024, 600), "fr")
    again = render_all(tmp_path / "en2", (1024, 600), "en")

    def pixels(path: Path) -> bytes:
        return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")

    for en, fr, en2 in zip(english, french, again, strict=True):
        assert pixels(en) != pixels(fr), f"{en.stem} looks the same in French"
        if en.stem not in ("save_as", "pause", "load_game"):  # dates and names may change
            assert pixels(en) == pixels(en2), f"{en.stem} is not reproducible"


def test_audit_reports_what_does_not_fit() -> None:
    """The fit check itself can fail: a cut label and lines below their box are reported."""
    from splendor.ui.widgets import draw_lines, draw_text

    pygame.init()
    surface = pygame.Surface((400, 200))
    with textfit.audit() as misfits:
        draw_text(surface, "A label far too long for the small box it is given", 20,
                  (255, 255, 255), pygame.Rect(10, 10, 80, 30))
        draw_lines(surface, "many words " * 40, 16, (255, 255, 255),
                   pygame.Rect(10, 50, 200, 40))
        draw_text(surface, "off the edge", 16, (255, 255, 255), pygame.Rect(380, 10, 200, 30),
                  align="left")
        draw_text(surface, "fits", 16, (255, 255, 255), pygame.Rect(10, 150, 200, 30))
    problems = [m.problem for m in misfits]
    assert len(misfits) == 3, problems
    assert "cut to fit" in problems[0]
    assert "do not fit" in problems[1]
    assert "outside the surface" in problems[2]
