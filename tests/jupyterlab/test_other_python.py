"""Opening a notebook under another Python than the one that saved it: what JupyterLab changes, and that no way of
saving it avoids the change.

As a notebook's kernel starts, JupyterLab writes the kernel's ``language_info`` into the notebook whole
(``NotebookPanel._updateLanguage``), and marks the notebook changed unless what it held was equal, field by field
(``YNotebook.setMetadata``).  ipykernel reports the Python's full version (``platform.python_version()``), so a
notebook saved under 3.11.7 and opened under 3.11.2 is marked changed, with only that field changed.  Saved without
the version, or without ``language_info``, it would be marked changed under every Python, the one that saved it too.
(Upstream: jupyter/notebook#2123, open since 2017.)

The reader's Python here is :mod:`reader_python`'s; a chapter's reader copy is written in the variants saving could
give it, and each is opened under both Pythons.
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

import pytest
from conftest import NOTEBOOKS
from lab import ABSENT, Lab, Opened, changes, start_notebook

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from reader_python import ReaderPython

#: The chapter whose copy is written in each variant (any would do: the check is on its metadata).
CHAPTER = "chance.ipynb"
VARIANTS = "variants"


def saved() -> dict[str, Any]:
    notebook: dict[str, Any] = json.loads((NOTEBOOKS / CHAPTER).read_text())
    return notebook


def variant(name: str, version: str) -> dict[str, Any]:
    """The chapter's copy with its language_info as saved (``as saved``), without its version (``no version``),
    without language_info (``no language_info``), or with the version ``version`` (``version``)."""
    notebook = copy.deepcopy(saved())
    info = notebook["metadata"]["language_info"]
    if name == "no version":
        del info["version"]
    elif name == "no language_info":
        del notebook["metadata"]["language_info"]
    elif name == "version":
        info["version"] = version
    return notebook


def opened(lab: Lab, browser: Browser, notebook: dict[str, Any], name: str) -> Opened:
    """``notebook`` written into the lab's folder as ``name`` and opened there, its kernel started."""
    path = lab.root / VARIANTS / f"{name.replace(' ', '-')}.ipynb"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1))
    page = browser.new_page()
    try:
        return start_notebook(page, lab, path.relative_to(lab.root).as_posix())
    finally:
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
        page.close()


def test_the_readers_python_is_another_release_of_the_same_python(reader: ReaderPython) -> None:
    book = saved()["metadata"]["language_info"]["version"]
    assert reader.version != book
    assert reader.version.split(".")[:2] == book.split(".")[:2]


def test_under_another_python_opening_changes_only_the_python_version(reader_lab: Lab, reader: ReaderPython,
                                                                      browser: Browser) -> None:
    notebook = saved()
    version = notebook["metadata"]["language_info"]["version"]
    state = opened(reader_lab, browser, notebook, "as saved")
    assert state.dirty
    assert changes(notebook, state.notebook) == [("metadata.language_info.version", version, reader.version)]


@pytest.mark.parametrize("name", ["no version", "no language_info"])
def test_a_notebook_saved_without_its_python_version_is_marked_changed_under_every_python(
        lab: Lab, reader_lab: Lab, reader: ReaderPython, browser: Browser, name: str) -> None:
    book = saved()["metadata"]["language_info"]
    for server, version in ((lab, book["version"]), (reader_lab, reader.version)):
        notebook = variant(name, version)
        state = opened(server, browser, notebook, name)
        info = {**book, "version": version}
        wanted = ([("metadata.language_info.version", ABSENT, version)] if name == "no version"
                  else [("metadata.language_info", ABSENT, info)])
        assert (state.dirty, changes(notebook, state.notebook)) == (True, wanted)


def test_a_notebook_saved_under_the_readers_python_opens_unchanged_under_it(reader_lab: Lab, reader: ReaderPython,
                                                                           browser: Browser) -> None:
    notebook = variant("version", reader.version)
    state = opened(reader_lab, browser, notebook, "version")
    assert (state.dirty, changes(notebook, state.notebook)) == (False, [])
