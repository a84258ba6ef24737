"""`python -m splendor`: see splendor.cli."""

import sys

from splendor.cli import main

sys.exit(main())
