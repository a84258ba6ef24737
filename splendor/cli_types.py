"""Argument types the commands share (argparse `type=` callables)."""

from __future__ import annotations

import argparse


def at_least_one(text: str) -> int:
    """A whole number of at least 1 (a count of games, jobs, simulations)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
