"""Tools for developers and packagers, not the game itself: every screen rendered to PNG
(`--screenshots`: screenshots.py, with the module tables and decisions it sets up) and
the headless check of an installed game (`--smoke`: smoke.py)."""
