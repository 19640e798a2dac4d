"""Running a notebook's cells in a fresh kernel of this Python, with a time limit.

The kernel is always this interpreter (``sys.executable``), whatever kernel
the notebook's metadata names, so that it imports this ``casino_math``.  Each
run gets a fresh kernel whose working directory is a fresh temporary folder,
and (on Linux and macOS) the kernel's sockets live in that folder too.

A cell that runs past its time is interrupted (as the stop button does) and
the run goes on: the caller decides whether to run more cells.
"""

from __future__ import annotations

import logging
import math
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ipykernel.kernelspec
import nbformat
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import DeadKernelError
from nbformat import NotebookNode

#: Kernel start-up time allowed (seconds); not counted in any notebook's time limit.
STARTUP_SECONDS = 60


# nbclient logs each interrupted cell as an error; the callers report it themselves.
_LOG = logging.getLogger(__name__)
_LOG.addHandler(logging.NullHandler())
_LOG.propagate = False

#: The reply nbclient gives for a cell it interrupted at its time limit.
TIMED_OUT = {"ename": "CellTimeLimit", "evalue": "the cell ran past its time limit and was interrupted", "traceback": []}


class ThisPython(KernelSpecManager):
    """A kernel spec manager whose every kernel is an IPython kernel of this Python."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        """The spec of an IPython kernel running ``sys.executable``, whatever the name asked for.

        >>> import sys
        >>> ThisPython().get_kernel_spec("python3").argv[0] == sys.executable
        True
        """
        spec: KernelSpec = self.kernel_spec_class(resource_dir=ipykernel.kernelspec.RESOURCES,
                                                  **ipykernel.kernelspec.get_kernel_dict())
        return spec


@dataclass
class Outcome:
    """How running one cell went."""

    finished: bool
    """Whether the cell ran to its end (with or without an error) within its time."""
    error: str | None = None
    """The error's name and message when the cell raised one (``KeyboardInterrupt`` when it was stopped)."""


class Kernel:
    """A live kernel and the notebook whose cells it runs (see :func:`fresh_kernel`).

    >>> nb = nbformat.v4.new_notebook()
    >>> with fresh_kernel(nb) as kernel:
    ...     cell = kernel.append("6 * 7")
    ...     kernel.run(cell, seconds=30), cell.outputs[0]["data"]["text/plain"]
    ...     kernel.run(kernel.append("1 / 0"), seconds=30)
    ...     kernel.run(kernel.append("while True: pass"), seconds=1)
    (Outcome(finished=True, error=None), '42')
    Outcome(finished=True, error='ZeroDivisionError: division by zero')
    Outcome(finished=False, error='stopped at the time limit')
    """

    def __init__(self, client: NotebookClient):
        self._client = client
        self._reply: dict[str, Any] | None = None
        client.on_cell_executed = self._keep_reply

    def run(self, cell: NotebookNode, seconds: float) -> Outcome:
        """Run ``cell`` (a code cell of the notebook), stopping it after ``seconds``.

        The cell's outputs are stored in it.  A cell still running at the limit is
        interrupted and reported as not finished.  Raises DeadKernelError if the
        kernel dies (a submission that exits its own process, for one).
        """
        nb = self._client.nb  # the cell must be one of the notebook's: nbclient stores outputs by index
        index = next(i for i, c in enumerate(nb.cells) if c is cell)
        self._client.timeout = max(1, math.ceil(seconds))
        self._reply = None
        self._client.execute_cell(cell, index)
        reply: dict[str, Any] = self._reply or {}
        content: dict[str, Any] = reply.get("content", {})
        if content.get("ename") == TIMED_OUT["ename"]:
            return Outcome(False, "stopped at the time limit")
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        return Outcome(True, f"{errors[0]['ename']}: {errors[0]['evalue']}" if errors else None)

    def _keep_reply(self, cell: NotebookNode, cell_index: int, execute_reply: dict[str, Any]) -> None:
        self._reply = execute_reply

    def append(self, source: str) -> NotebookNode:
        """Add a code cell with ``source`` at the end of the notebook (to run it next); returns the cell (see the class)."""
        cell: NotebookNode = nbformat.v4.new_code_cell(source)
        self._client.nb.cells.append(cell)
        return cell


@contextmanager
def fresh_kernel(nb: NotebookNode, allow_errors: bool = True) -> Iterator[Kernel]:
    """A fresh kernel of this Python for running ``nb``'s cells, shut down on leaving the block.

    With ``allow_errors=False`` a cell that raises stops the run with
    ``nbclient.exceptions.CellExecutionError`` (unless it is tagged
    ``raises-exception``).
    """
    folder = Path(tempfile.mkdtemp(prefix="classroom-"))
    # Local sockets in the run's own folder where the system has them (not on Windows): nothing listens on a port.
    sockets = {"transport": "ipc", "ip": str(folder / "kernel")} if os.name == "posix" else {}
    manager = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=ThisPython(), **sockets)
    client = NotebookClient(
        nb,
        km=manager,
        allow_errors=allow_errors,
        interrupt_on_timeout=True,
        shutdown_kernel="immediate",  # nothing in the kernel needs saving: stop it at once
        error_on_timeout=TIMED_OUT,
        record_timing=False,
        startup_timeout=STARTUP_SECONDS,
        resources={"metadata": {"path": str(folder)}},
        log=_LOG,
    )
    try:
        with _quiet_asyncio(), client.setup_kernel(cleanup_kc=True):  # the kernel is ours: shut it down after
            yield Kernel(client)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def _quiet_asyncio() -> Iterator[None]:
    # An interrupted cell leaves nbclient's output-polling task to end with an
    # error nobody reads; asyncio would log it as "never retrieved".
    logger = logging.getLogger("asyncio")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def execute(nb: NotebookNode, seconds_per_cell: float = 300) -> NotebookNode:
    """Run every code cell of ``nb`` in order in a fresh kernel, storing the outputs; return ``nb``.

    A cell that raises (unless tagged ``raises-exception``) or runs past
    ``seconds_per_cell`` stops the run with an error naming the cell.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("from fractions import Fraction"),
    ...                                      nbformat.v4.new_code_cell("Fraction(18, 38)")])
    >>> execute(nb).cells[1].outputs[0]["data"]["text/plain"]
    'Fraction(9, 19)'
    """
    with fresh_kernel(nb, allow_errors=False) as kernel:
        count = 0
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            count += 1
            outcome = kernel.run(cell, seconds_per_cell)
            if not outcome.finished:
                raise TimeoutError(f"cell {cell.get('id', count)} ran past {seconds_per_cell} s:\n{cell.source}")
    return nb


__all__ = ["DeadKernelError", "Kernel", "Outcome", "execute", "fresh_kernel"]
