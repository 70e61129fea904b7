"""Kitchen Table from a checkout: python3 main.py [--help] (installed, the same is the kitchen-table command)."""
import sys

from kitchen_table.cli import main

if __name__ == "__main__":
    sys.exit(main())
