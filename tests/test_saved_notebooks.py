"""The saved chapters carry JupyterLab's kernelspec and no machine's paths (book/_ext/saved_notebooks.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

from ipykernel.ipkernel import IPythonKernel
from saved_notebooks import KERNELSPEC, LANGUAGE_INFO, notebooks, tidy, untidy

#: A deliberate error's traceback as IPython saves it (colours included), run from a checkout at /home/ada/book.
TRACEBACK = [
    "\x1b[31mValueError\x1b[39m                                Traceback (most recent call last)",
    "\x1b[36mFile \x1b[39m\x1b[32m/home/ada/book/casino_math/roulette/bets.py:116\x1b[39m, in \x1b[36msplit\x1b[39m",
    "\x1b[36mFile \x1b[39m\x1b[32m/home/ada/book/.venv/lib/python3.11/site-packages/numpy/core.py:9\x1b[39m, in f",
    ("\x1b[31mValueError\x1b[39m: 1 and 5 are not adjacent on the layout; a split covers two numbers that share an "
     "edge, e.g. 1-2 or 1-4"),
]


def notebook_with_error() -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell("split(1, 5)", metadata={"tags": ["raises-exception"]})
    cell.outputs = [nbformat.v4.new_output("error", ename="ValueError", evalue="1 and 5 ...", traceback=TRACEBACK)]
    nb: nbformat.NotebookNode = nbformat.v4.new_notebook(cells=[cell], metadata={"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": dict(IPythonKernel.language_info)})
    return nb


def test_a_traceback_names_the_library_from_the_package_down() -> None:
    nb = notebook_with_error()
    assert tidy(nb)
    traceback = nb.cells[0].outputs[0]["traceback"]
    assert "\x1b[32mcasino_math/roulette/bets.py:116\x1b[39m" in traceback[1]
    assert "\x1b[32msite-packages/numpy/core.py:9\x1b[39m" in traceback[2]
    assert traceback[3] == TRACEBACK[3] and "/home/ada" not in "".join(traceback)


def test_the_kernelspec_becomes_jupyterlabs_and_nothing_else_changes() -> None:
    nb = notebook_with_error()
    tidy(nb)
    assert nb.metadata["kernelspec"] == KERNELSPEC == {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                       "name": "python3"}
    assert nb.cells[0].source == "split(1, 5)" and nb.cells[0].metadata == {"tags": ["raises-exception"]}


def test_a_tidy_notebook_is_left_as_it_is() -> None:
    nb = notebook_with_error()
    tidy(nb)
    assert not tidy(nb) and untidy(nb) == []


def test_an_untidy_notebook_is_named_with_what_is_wrong() -> None:
    assert untidy(notebook_with_error()) == [
        "its kernelspec says 'Python 3', not JupyterLab's 'Python 3 (ipykernel)'",
        "a traceback names /home/ada/book/", "a traceback names /home/ada/book/.venv/lib/python3.11/"]


def test_language_info_is_checked_for_every_field_the_kernel_reports() -> None:
    # JupyterLab sets the kernel's language_info when the kernel starts, and marks the notebook changed unless it is
    # equal, field for field, to the saved one: a field missing is a change under every Python.
    assert set(IPythonKernel.language_info) == LANGUAGE_INFO
    nb = notebook_with_error()
    tidy(nb)
    del nb.metadata["language_info"]["version"]
    assert untidy(nb) == ["its language_info lacks version, which JupyterLab would add, marking it changed"]


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: p.stem)
def test_every_saved_chapter_is_tidy(path: Path) -> None:
    # After running a chapter with nbconvert, `python book/_ext/saved_notebooks.py` tidies it (make notebooks does).
    assert untidy(nbformat.read(path, as_version=4)) == []
