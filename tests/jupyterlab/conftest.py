"""The reader's notebooks, served by headless JupyterLabs, and one headless Chromium to run them in.

The notebooks are the site's copies (``_build/html/notebooks/``, written by ``book/_ext/reader_notebooks.py``);
``make lab-test`` builds the site first.  They are copied to a scratch folder that each JupyterLab serves, so a run
never writes into the build.  jupyterlab-myst, which requirements.txt installs for contributors reading the MyST
sources, is disabled: the copies are written for JupyterLab as a student installs it, Colab and Binder.

Two JupyterLabs, the same server with different kernels:

- ``lab``: its ``python3`` kernel is the book's own Python, the one that executed and saved the notebooks;
- ``reader_lab``: its ``python3`` kernel is a reader's Python (:mod:`reader_python`: another Python, with only the
  packages the reader's Binder names and casino_math from the wheel the site serves).
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
from reader_python import ReaderPython, reader_python, register_kernel

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


def served_folder(home: Path) -> Path:
    """The reader's copies and the chapters' sources, copied under ``home`` for a lab to serve."""
    if not NOTEBOOKS.is_dir():
        pytest.fail(f"{NOTEBOOKS} is missing: build the book first (make strict-book)")
    shutil.copytree(NOTEBOOKS, home / "notebooks")
    shutil.copytree(ROOT / "book", home / "notebooks" / SOURCES, ignore=shutil.ignore_patterns("_*", "source"))
    return home / "notebooks"


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab whose Python is the book's own."""
    home = tmp_path_factory.mktemp("jupyterlab")
    server = Lab(served_folder(home), home, disabled=("jupyterlab-myst",)).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def reader() -> ReaderPython:
    """The reader's Python, installed (the first run makes it, in about a minute; later runs find it made)."""
    if not NOTEBOOKS.is_dir():
        pytest.fail(f"{NOTEBOOKS} is missing: build the book first (make strict-book)")
    return reader_python()


@pytest.fixture(scope="session")
def reader_lab(tmp_path_factory: pytest.TempPathFactory, reader: ReaderPython) -> Iterator[Lab]:
    """JupyterLab whose ``python3`` kernel is the reader's Python."""
    home = tmp_path_factory.mktemp("reader-jupyterlab")
    kernels = register_kernel(home / "share", reader.python)
    server = Lab(served_folder(home), home, disabled=("jupyterlab-myst",),
                 environment={"JUPYTER_PATH": str(kernels)}).start()
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
