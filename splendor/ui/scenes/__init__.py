"""The game's scenes: menu, new game, table, overlays, results."""
