"""IPython's magics in a graded notebook: the cell's text turned into Python, and the shell it calls while grading.

A notebook's cells may use IPython's syntax (``%%time``, ``%matplotlib``,
``!ls``).  The grader turns it into plain Python with IPython's own transformer
(the text only: nothing runs), and the sandbox's ``get_ipython()`` is a
:class:`Shell` that runs the code a timing magic is given, ignores display
settings, and refuses anything else, so a ``%%time`` on an answer cell costs
nothing and a ``%pip install`` or ``!curl`` does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NoReturn

#: Magics that only time or quieten the code they are given: while grading, that code simply runs.
RUN_ANYWAY = frozenset({"time", "timeit", "capture"})
#: Magics that change nothing a grade depends on: while grading, they do nothing.
IGNORED = frozenset({"matplotlib", "config", "load_ext", "autoreload"})


class Shell:
    """``get_ipython()`` while grading: ``%%time``, ``%time``, ``%timeit`` and ``%%capture`` run the code they are
    given (once), display settings do nothing, and any other magic or shell command (``%pip``, ``!ls``) refuses.

    >>> namespace = {}
    >>> Shell(namespace).run_cell_magic("time", "", "x = 6 * 7")
    >>> namespace["x"]
    42
    >>> Shell(namespace).system("ls")
    Traceback (most recent call last):
    ...
    RuntimeError: magics and shell commands (%, !) do not run while grading
    """

    def __init__(self, namespace: dict[str, Any]):
        self._namespace = namespace

    def run_cell_magic(self, name: str, line: str, cell: str) -> None:
        if name in RUN_ANYWAY:
            exec(compile(python_of(cell), "<cell>", "exec"), self._namespace)  # noqa: S102  (the submission's own code)
        elif name not in IGNORED:
            self._refuse()

    def run_line_magic(self, name: str, line: str, *args: object) -> None:
        if name in RUN_ANYWAY - {"capture"}:
            exec(compile(python_of(line), "<cell>", "exec"), self._namespace)  # noqa: S102
        elif name not in IGNORED:
            self._refuse()

    def __getattr__(self, name: str) -> Callable[..., NoReturn]:
        def refuse(*args: object, **kwargs: object) -> NoReturn:
            self._refuse()
        return refuse

    @staticmethod
    def _refuse() -> NoReturn:
        raise RuntimeError("magics and shell commands (%, !) do not run while grading")


def python_of(cell: str) -> str:
    """A cell's code as plain Python: IPython's magics become calls that refuse to run while grading.

    Code that is plain Python already is left as it is (and IPython, slow to import, is not needed).

    >>> python_of("x = 1"), python_of("%time x = 1")
    ('x = 1', "get_ipython().run_line_magic('time', 'x = 1')\\n")
    """
    try:
        compile(cell, "<cell>", "exec")
    except (SyntaxError, ValueError):
        transform = _transformer()
        return transform(cell) if transform else cell
    return cell


@cache
def _transformer() -> Callable[[str], str] | None:
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:
        return None
    transform: Callable[[str], str] = TransformerManager().transform_cell
    return transform


