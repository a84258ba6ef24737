"""`python -m splendor` (and the packaged executable): see splendor.cli."""

import multiprocessing
import os
import sys

# pygame prints a banner on import unless told not to; the game speaks for itself.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if __name__ == "__main__":
    # The bots' process starts this program again; in a PyInstaller one-file build this
    # call turns that start into the child instead of a second window. The guard keeps
    # a spawned child, which imports this module under another name, from running main.
    multiprocessing.freeze_support()
    from splendor.cli import main

    sys.exit(main())
