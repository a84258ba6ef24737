"""The program icon, drawn with the game's own art: `python -m splendor.ui.icons OUTDIR`
writes splendor-<size>.png for Linux launchers and splendor.ico for Windows."""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

import pygame

from splendor.ui import theme
from splendor.ui.widgets import gem_image

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def icon_surface(size: int) -> pygame.Surface:
    """A diamond on a rounded table-green tile with a gold rim, `size` pixels square."""
    big = 512
    tile = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = tile.get_rect().inflate(-16, -16)
    pygame.draw.rect(tile, theme.TABLE, rect, border_radius=96)
    pygame.draw.rect(tile, theme.ACCENT, rect, width=22, border_radius=96)
    gem = gem_image(0, 175)
    tile.blit(gem, gem.get_rect(center=(big // 2, big // 2 + 8)))
    return pygame.transform.smoothscale(tile, (size, size)) if size != big else tile


def write_ico(path: Path, images: dict[int, bytes]) -> None:
    """An .ico whose entries are PNG files (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, png in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in the ICO format
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset + len(blobs))
        blobs += png
    path.write_bytes(header + entries + blobs)


def write_icons(folder: Path) -> list[Path]:
    """Write every icon file into `folder`; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    pngs: dict[int, bytes] = {}
    for size in SIZES:
        path = folder / f"splendor-{size}.png"
        image = icon_surface(size)
        pygame.image.save(image, str(path))
        written.append(path)
        if size in ICO_SIZES:
            buffer = io.BytesIO()
            pygame.image.save(image, buffer, "png")
            pngs[size] = buffer.getvalue()
    ico = folder / "splendor.ico"
    write_ico(ico, pngs)
    written.append(ico)
    return written


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.display.set_mode((1, 1))
    for p in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "assets/icons")):
        print(p)
