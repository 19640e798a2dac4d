"""Binder's environments pin everything they install (book/_ext/reader_binder.py)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

from reader_binder import main, pins, site_requirements


def test_the_repositorys_binder_pins_what_its_packages_pull_in() -> None:
    # After changing requirements.txt or .binder/requirements.txt, `python book/_ext/reader_binder.py` rewrites it.
    assert main(["--check"]) == 0


def test_every_binder_pin_is_the_version_the_book_is_built_and_tested_with() -> None:
    book = pins((ROOT / "requirements.txt").read_text())
    for text in ((ROOT / ".binder" / "requirements.txt").read_text(), site_requirements()):
        binder = pins(text)
        assert binder and all("==" in line and book[name] == line for name, line in binder.items())


def test_the_sites_binder_brings_neither_myst_nor_sphinx() -> None:
    # The reader's copies have their glued values written in: myst-nb (and the Sphinx it pulls in) is not needed,
    # and jupyterlab-myst would render the copies' Markdown as MyST.
    site = pins(site_requirements())
    assert {"jupyterlab", "ipywidgets", "matplotlib", "sympy", "numpy", "ipykernel"} <= set(site)
    assert not {name for name in site if "myst" in name or "sphinx" in name or name == "docutils"}
