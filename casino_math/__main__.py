"""``python -m casino_math``: see :mod:`casino_math.cli`."""

import sys

from .cli import main

sys.exit(main())
