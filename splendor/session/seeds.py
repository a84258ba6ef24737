"""Where a new game's, a challenge try's or a served table's seed comes from when none is
given (the window, the command line, the server).

One place, so that a test can replace `new_seed` and replay a run of the window (the
monkey does), whichever game or mode the run opens.
"""

from __future__ import annotations

import secrets


def new_seed() -> int:
    """A seed for a fresh deal: from the system's randomness, so nobody can predict it."""
    return secrets.randbelow(2**31)
