"""pytest's view of the book: the chapters as nbval checks them, and the assignments' sources left alone.

The assignment sources (``assignments/source/*.py``) are not modules to import: the notebooks made from them are
tested.  (One conftest for the whole of book/: a second one below it would share its module name, ``conftest``.)

nbval compares every mime type of an output but image/png and image/jpeg (a picture's bytes change with the
machine's fonts and libraries).  A figure of casino_math.plots also carries its phone rendering
(casino_math/plots/style.py's PHONE_PNG), a PNG as well: nbval skips it too, so that a chapter's figures are checked
as they were, by the cells that draw them running clean and by their text.
"""

from __future__ import annotations

from typing import Any

collect_ignore_glob = ["assignments/source/*.py"]

#: casino_math.plots.style.PHONE_PNG (not imported: collecting the notebooks need not import matplotlib).
PHONE_PNG = "image/x.casino-math.phone+png"


def pytest_collectstart(collector: Any) -> None:
    if hasattr(collector, "skip_compare") and PHONE_PNG not in collector.skip_compare:
        collector.skip_compare = (*collector.skip_compare, PHONE_PNG)
