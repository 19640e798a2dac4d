"""The reader's notebooks, served by one headless JupyterLab, and one headless Chromium to run them in.

The notebooks are the site's copies (``_build/html/notebooks/``, written by ``book/_ext/reader_notebooks.py``);
``make lab-test`` builds the site first.  They are copied to a scratch folder that JupyterLab serves, so a run
never writes into the build.  jupyterlab-myst, which requirements.txt installs for contributors reading the MyST
sources, is disabled: the copies are written for JupyterLab as a student installs it, Colab and Binder.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from lab import CHROMIUM, CHROMIUM_FLAGS, Lab

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "_build" / "html" / "notebooks"
SCREENSHOTS = ROOT / "_build" / "screenshots" / "jupyterlab"
#: Where the lab also serves the chapters' sources (book/*.ipynb) and the assignments' built notebooks
#: (book/assignments/), as a contributor or a teacher opens them.
SOURCES = "sources"


def reader_notebooks() -> list[str]:
    """The copies under test, as paths under the notebooks folder (chapters first, then assignments)."""
    return sorted((str(p.relative_to(NOTEBOOKS)) for p in NOTEBOOKS.rglob("*.ipynb")),
                  key=lambda name: (name.count("/"), name))


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    if not NOTEBOOKS.is_dir():
        pytest.fail(f"{NOTEBOOKS} is missing: build the book first (make strict-book)")
    home = tmp_path_factory.mktemp("jupyterlab")
    shutil.copytree(NOTEBOOKS, home / "notebooks")
    shutil.copytree(ROOT / "book", home / "notebooks" / SOURCES, ignore=shutil.ignore_patterns("_*", "source"))
    server = Lab(home / "notebooks", home, disabled=("jupyterlab-myst",)).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()
