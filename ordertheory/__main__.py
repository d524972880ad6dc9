"""``python -m ordertheory`` runs the command-line interface."""

import sys

from ordertheory.cli import main

sys.exit(main())
