"""The chapters' sources as a contributor opens them in JupyterLab: opening one must not change it.

JupyterLab writes its own kernelspec ("Python 3 (ipykernel)") into a notebook whose kernelspec says otherwise, and
marks it changed as it opens (book/_ext/saved_notebooks.py keeps the saved chapters' kernelspec JupyterLab's).
"""

from __future__ import annotations

from conftest import ROOT, SOURCES
from lab import open_notebook

KERNEL_IDLE = """() => { const s = window.jupyterapp.shell.currentWidget.sessionContext;
                         return s.session && s.session.kernel && s.session.kernel.status === 'idle'; }"""


def test_opening_a_chapter_and_starting_its_kernel_leaves_it_unchanged(lab, browser):
    changed = []
    page = browser.new_page()
    try:
        for path in sorted((ROOT / "book").glob("*.ipynb")):
            open_notebook(page, lab, f"{SOURCES}/{path.name}")
            page.wait_for_function(KERNEL_IDLE, timeout=120_000)
            page.wait_for_timeout(1000)  # the kernel's reply has been written into the notebook's model
            if page.evaluate("() => window.jupyterapp.shell.currentWidget.model.dirty"):
                changed.append(path.name)
            page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
    finally:
        page.close()
    assert changed == []
