"""The four materials. Materials are small ints so that counts fit in plain lists."""

from __future__ import annotations

from typing import Final

ALABASTER: Final = 0
SANDSTONE: Final = 1
EBONY: Final = 2
GOLD: Final = 3

#: All four materials; material counts are 4-tuples indexed by these.
MATERIALS: Final = (ALABASTER, SANDSTONE, EBONY, GOLD)
#: The building materials (what palace cards cost, what the Bazaar swaps).
BUILDING: Final = (ALABASTER, SANDSTONE, EBONY)

MATERIAL_NAMES: Final = ("alabaster", "sandstone", "ebony", "gold")
_INDEX: Final = {name: i for i, name in enumerate(MATERIAL_NAMES)}


def material_index(name: str) -> int:
    """The index of a material name; ValueError naming the known ones if unknown."""
    try:
        return _INDEX[name]
    except KeyError:
        raise ValueError(
            f"unknown material {name!r} (the materials: {', '.join(MATERIAL_NAMES)})"
        ) from None


def units_text(counts: tuple[int, ...] | list[int]) -> str:
    """Counts in words, e.g. (2, 0, 1, 2) -> '2 alabaster, 1 ebony, 2 gold'; 'nothing'."""
    parts = [f"{n} {MATERIAL_NAMES[m]}" for m, n in enumerate(counts) if n]
    return ", ".join(parts) or "nothing"
