"""The screens of network play: the Play online menu, joining a table, the lobby before
the game (`flow` wires them into the game's flow)."""
