"""The chapters' sources as a contributor opens them in JupyterLab, the assignments' notebooks as a teacher opens
them, and the reader's copies, all under the Python that saved them: opening one must not change it.

JupyterLab writes its own kernelspec ("Python 3 (ipykernel)") and the kernel's language (its Python version
included) into a notebook that says otherwise, and marks it changed as it opens (book/_ext/saved_notebooks.py keeps
the saved chapters' kernelspec JupyterLab's; the classroom's build writes both into the notebooks it makes; the
site's copies keep the chapters').  Under another Python only the version changes: test_other_python.py.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from conftest import NOTEBOOKS, ROOT, SOURCES, reader_notebooks
from lab import Lab, changes, start_notebook

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser


def changed_on_opening(lab: Lab, browser: Browser, notebooks: dict[str, Path]) -> dict[str, object]:
    """Each notebook (a path in the lab, and its file) that opening marks changed, or that JupyterLab would save
    changed, with what changes."""
    changed: dict[str, object] = {}
    page = browser.new_page()
    try:
        for name, path in notebooks.items():
            opened = start_notebook(page, lab, name)
            found = changes(json.loads(path.read_text()), opened.notebook)
            if opened.dirty or found:
                changed[name] = found
            page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    finally:
        page.close()
    return changed


def test_opening_a_source_and_starting_its_kernel_leaves_it_unchanged(lab: Lab, browser: Browser) -> None:
    book = ROOT / "book"
    paths = (*sorted(book.glob("*.ipynb")), *sorted((book / "assignments").rglob("*.ipynb")))
    assert changed_on_opening(lab, browser, {f"{SOURCES}/{p.relative_to(book).as_posix()}": p for p in paths}) == {}


def test_opening_a_readers_copy_under_the_python_that_saved_it_leaves_it_unchanged(lab: Lab, browser: Browser) -> None:
    assert changed_on_opening(lab, browser, {name: NOTEBOOKS / name for name in reader_notebooks()}) == {}
