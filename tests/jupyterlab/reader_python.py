"""A reader's Python for the JupyterLab test: not the one that saved the notebooks, and holding only what they need.

The chapters are executed and saved by the book's own Python (the virtual environment's, 3.11.7); a reader opens
them under theirs.  :func:`reader_python` makes a virtual environment of another Python (Debian's ``python3``,
3.11.2, or ``$READER_PYTHON``) under ``_build/reader-python/``, holding

- the packages the site's Binder names for the notebooks, less the server (ipykernel, ipywidgets, matplotlib,
  numpy, sympy: neither myst-nb nor Sphinx), and everything they pull in, each pinned as in requirements.txt
  (``book/_ext/reader_binder.py`` reads the pins);
- casino_math from the wheel the built site serves (``_static/live/``), as Colab and Binder install it.

It is made once and kept, and made afresh when a pin or the Python changes; casino_math is installed again when the
wheel changes.
:func:`register_kernel` writes it as the ``python3`` kernelspec, under the name and title ipykernel gives its own
("Python 3 (ipykernel)"), into a folder the test's JupyterLab finds first on ``JUPYTER_PATH``: a notebook opened
there starts the reader's Python as a reader's JupyterLab starts theirs, and nothing is written into the user's
Jupyter folders.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

from reader_binder import MARKER, SOURCES_ONLY, pinned, pins

#: The Python a reader has: Debian's, a patch release other than the one that saved the notebooks.
PYTHON = os.environ.get("READER_PYTHON", "/usr/bin/python3")
VENV = ROOT / "_build" / "reader-python"
#: What Binder's environment holds for the server only: the kernel's environment leaves it out.
SERVER_ONLY = frozenset({"jupyterlab"})
#: How long making the environment may take (pip fetches about 45 packages; it took 45 s here).
INSTALL_TIMEOUT = 900


@dataclass(frozen=True)
class ReaderPython:
    """The reader's Python, installed: its interpreter and its version."""

    python: Path
    version: str


def requirements(root: Path = ROOT) -> list[str]:
    """The kernel's packages, as the site's Binder names them less the server, then what they pull in, pinned."""
    book = pins((root / "requirements.txt").read_text())
    named = {name: line for name, line in pins((root / ".binder" / "requirements.txt").read_text().split(MARKER)[0]).items()
             if name not in SOURCES_ONLY | SERVER_ONLY}
    return [*named.values(), *pinned(named, book)]


def served_wheel(root: Path = ROOT) -> Path:
    """casino_math's wheel as the built site serves it."""
    wheels = sorted((root / "_build" / "html" / "_static" / "live").glob("casino_math-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"the built site serves {len(wheels)} casino_math wheels, not one: build the book first")
    return wheels[0]


def python_version(python: Path | str) -> str:
    """The version of the Python at ``python``, as ipykernel reports it in ``language_info``."""
    return subprocess.run([str(python), "-c", "import platform; print(platform.python_version())"],
                          check=True, capture_output=True, text=True).stdout.strip()


def reader_python(python: str = PYTHON, venv: Path = VENV) -> ReaderPython:
    """The reader's virtual environment, made (or made afresh) if it does not hold what it should; casino_math is
    installed again whenever the site's wheel changes (each build writes it anew)."""
    if not Path(python).exists():
        raise RuntimeError(f"{python} is missing: the JupyterLab test needs a second Python (apt-get install "
                           "python3-venv, or set READER_PYTHON)")
    wheel = served_wheel()
    packages = "\n".join([f"# {python} {python_version(python)}", *requirements(), ""])
    library = f"{wheel.name} sha256 {hashlib.sha256(wheel.read_bytes()).hexdigest()}\n"
    interpreter = venv / "bin" / "python"
    pip = [str(interpreter), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if not (read(venv / "requirements.txt") == packages and read(venv / ".installed") is not None
            and interpreter.exists()):
        shutil.rmtree(venv, ignore_errors=True)
        run([python, "-m", "venv", str(venv)])
        (venv / "requirements.txt").write_text(packages)
        run([*pip, "-r", str(venv / "requirements.txt")])
        (venv / ".installed").write_text("")
    if read(venv / ".installed") != library:
        run([*pip, "--no-deps", "--force-reinstall", str(wheel)])
        (venv / ".installed").write_text(library)
    return ReaderPython(interpreter, python_version(interpreter))


def read(path: Path) -> str | None:
    return path.read_text() if path.exists() else None


def run(command: list[str]) -> None:
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{(done.stdout + done.stderr)[-3000:]}")


def register_kernel(jupyter_path: Path, python: Path) -> Path:
    """Write ``python`` as the ``python3`` kernelspec under ``jupyter_path`` (a folder for ``JUPYTER_PATH``).

    The kernel runs with ``-E``, so that a ``PYTHONPATH`` set for the book's own Python (to import the working
    tree's casino_math) does not reach it: it imports the wheel it installed."""
    spec = jupyter_path / "kernels" / "python3"
    spec.mkdir(parents=True, exist_ok=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-E", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)", "language": "python", "metadata": {"debugger": True}}, indent=1))
    return jupyter_path
