"""python -m kitchen_table: the same as the kitchen-table command."""
import sys

from kitchen_table.cli import main

sys.exit(main())
