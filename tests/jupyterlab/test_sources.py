"""The chapters' sources as a contributor opens them in JupyterLab, and the assignments' notebooks as a teacher
opens them: opening one must not change it.

JupyterLab writes its own kernelspec ("Python 3 (ipykernel)") and the kernel's language (its Python version
included) into a notebook that says otherwise, and marks it changed as it opens (book/_ext/saved_notebooks.py keeps
the saved chapters' kernelspec JupyterLab's; the classroom's build writes both into the notebooks it makes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from conftest import ROOT, SOURCES
from lab import Lab, open_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Browser

KERNEL_IDLE = """() => { const s = window.jupyterapp.shell.currentWidget.sessionContext;
                         return s.session && s.session.kernel && s.session.kernel.status === 'idle'; }"""


def test_opening_a_notebook_and_starting_its_kernel_leaves_it_unchanged(lab: Lab, browser: Browser) -> None:
    changed = []
    page = browser.new_page()
    try:
        book = ROOT / "book"
        for path in (*sorted(book.glob("*.ipynb")), *sorted((book / "assignments").rglob("*.ipynb"))):
            name = path.relative_to(book).as_posix()
            open_notebook(page, lab, f"{SOURCES}/{name}")
            page.wait_for_function(KERNEL_IDLE, timeout=120_000)
            page.wait_for_timeout(1000)  # the kernel's reply has been written into the notebook's model
            if page.evaluate("() => window.jupyterapp.shell.currentWidget.model.dirty"):
                changed.append(name)
            page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    finally:
        page.close()
    assert changed == []
