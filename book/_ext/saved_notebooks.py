"""What every saved chapter notebook carries, whoever ran it: JupyterLab's kernelspec, and no machine's paths.

``make notebooks`` re-executes the chapters with nbconvert, then runs this:

- the kernelspec becomes the one JupyterLab writes for Python ("Python 3 (ipykernel)"): a notebook that says
  "Python 3" is rewritten, and marked changed, the moment a reader opens it;
- a deliberate error's traceback names the library's files from the package down (``casino_math/roulette/bets.py``),
  not as the machine that ran it had them (``/home/someone/the-house-edge/casino_math/roulette/bets.py``); a
  library's or Python's own file likewise from ``site-packages/`` or ``python3.X/``;
- ``language_info`` stays whole, as the kernel reported it.  JupyterLab replaces it with the reader's kernel's own
  as soon as that kernel starts, and marks the notebook changed unless the two are equal (``NotebookPanel``'s
  ``_updateLanguage``, then ``YNotebook.setMetadata``, which compares them whole).  So a notebook opened under the
  Python that saved it (3.11.7 here) stays unchanged, and one opened under another Python (3.11.2, say) is marked
  changed whatever it carries, with only ``language_info.version`` changed; saved without its ``version`` (or
  without ``language_info``) it would be marked changed under every Python.  No way of saving avoids this; it is
  JupyterLab's (and Notebook's) behaviour, reported upstream as jupyter/notebook#2123.  The JupyterLab test
  (``tests/jupyterlab/test_other_python.py``) opens the notebooks under both Pythons and pins down each case.

Only notebook metadata and error outputs change::

    python book/_ext/saved_notebooks.py          # tidy every chapter notebook
    python book/_ext/saved_notebooks.py --check  # exit 1, naming each notebook that needs it
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[2]
#: The kernelspec JupyterLab writes for ipykernel's Python 3.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: An absolute path up to the part a reader can place: the package, a library in site-packages, Python's own lib.
MACHINE_PATH = re.compile(r"(?<![\w.~-])(?:/[^/\s:'\"]+)+/(?=casino_math/|site-packages/|python3\.\d+/)")
#: The fields of language_info that ipykernel reports, all of which JupyterLab compares.
LANGUAGE_INFO = frozenset({"name", "version", "mimetype", "codemirror_mode", "pygments_lexer", "nbconvert_exporter",
                           "file_extension"})
#: A terminal colour code, as IPython colours a traceback.
COLOUR = re.compile(r"(\x1b\[[\d;]*m)")


def notebooks() -> list[Path]:
    """The chapter notebooks (the assignments are written whole by ``python -m casino_math.classroom build``)."""
    return sorted(p for p in (ROOT / "book").rglob("*.ipynb")
                  if not {".ipynb_checkpoints", "_build", "assignments"} & set(p.relative_to(ROOT).parts))


def without_machine_paths(text: str) -> str:
    """A traceback line with each absolute path cut to where a reader can place it.

    >>> without_machine_paths("File /work/main/casino_math/roulette/bets.py:116, in split")
    'File casino_math/roulette/bets.py:116, in split'
    >>> without_machine_paths("File /usr/lib/python3.11/fractions.py:92, in __new__")
    'File python3.11/fractions.py:92, in __new__'
    >>> without_machine_paths("1/19 of the time, 35/1")
    '1/19 of the time, 35/1'
    >>> without_machine_paths("\\x1b[32m/srv/book/casino_math/dice.py:9\\x1b[39m")
    '\\x1b[32mcasino_math/dice.py:9\\x1b[39m'
    """
    return "".join(piece if COLOUR.fullmatch(piece) else MACHINE_PATH.sub("", piece) for piece in COLOUR.split(text))


def machine_paths(text: str) -> list[str]:
    """The absolute paths in a traceback line, up to where a reader can place them."""
    return [path for piece in COLOUR.split(text) if not COLOUR.fullmatch(piece) for path in MACHINE_PATH.findall(piece)]


def tidy(nb: nbformat.NotebookNode) -> bool:
    """Give a notebook JupyterLab's kernelspec and tracebacks without machine paths; True if anything changed."""
    changed: bool = nb.metadata.get("kernelspec") != KERNELSPEC
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                tidied = [without_machine_paths(line) for line in output["traceback"]]
                changed |= tidied != output["traceback"]
                output["traceback"] = tidied
    return changed


def untidy(nb: Any) -> list[str]:
    """What a saved notebook carries that it should not (empty when it is tidy)."""
    found = []
    if nb.metadata.get("kernelspec") != KERNELSPEC:
        shown = nb.metadata.get("kernelspec", {}).get("display_name")
        found.append(f"its kernelspec says {shown!r}, not JupyterLab's {KERNELSPEC['display_name']!r}")
    missing = sorted(LANGUAGE_INFO - set(nb.metadata.get("language_info", {})))
    if missing:
        found.append(f"its language_info lacks {', '.join(missing)}, which JupyterLab would add, marking it changed")
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            for line in output.get("traceback", []) if output.get("output_type") == "error" else []:
                found += [f"a traceback names {path}" for path in machine_paths(line)]
    return found


def main(argv: list[str]) -> int:
    if "--check" in argv:
        problems = {p: untidy(nbformat.read(p, as_version=4)) for p in notebooks()}
        for path, found in problems.items():
            for problem in found:
                print(f"{path.relative_to(ROOT)}: {problem}; run `python book/_ext/saved_notebooks.py`")
        return 1 if any(problems.values()) else 0
    for path in notebooks():
        nb = nbformat.read(path, as_version=4)
        if tidy(nb):
            nbformat.write(nb, path)
            print(f"tidied {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
