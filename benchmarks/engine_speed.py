"""Engine speed: decisions (legal actions + checked apply) and games per second.

    python benchmarks/engine_speed.py [--seconds S]      (same as `python -m splendor bench`)
"""

import sys

from splendor.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
