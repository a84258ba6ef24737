"""Splendor, the desktop game: a pure rules engine, bots and a pygame-ce front end."""

__version__ = "0.1.0"
