"""`python -m splendor` (and the packaged executable): see splendor.cli."""

import os
import sys

# pygame prints a banner on import unless told not to; the game speaks for itself.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from splendor.cli import main

sys.exit(main())
