"""A deliberate error in a chapter shows only its last line: ``ValueError: 1 and 5 are not adjacent ...``.

A cell tagged ``raises-exception`` shows the library's clear error on purpose.
myst-nb prints the whole traceback: frames of library code the reader has not
met yet, and file paths of the machine that built the book, which push the one
line that matters off the right edge.  After a page is read, each traceback
block keeps only the exception's line (IPython's ``%xmode Minimal`` shows the
same).

    >>> error_line("Traceback ...\\n  File /home/b/x.py, line 3\\n    raise ValueError(...)\\nValueError: no such bet")
    'ValueError: no such bet'
    >>> error_line("KeyError: 'red'")
    "KeyError: 'red'"
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes

#: The line that starts an exception's message: its class name (maybe dotted), a colon; or the bare class name.
EXCEPTION_LINE = re.compile(r"^(?:[A-Za-z_][\w.]*(?:Error|Exception|Warning|Interrupt|Exit)\b|[A-Z]\w*Error)(?::.*)?$")


def error_line(traceback: str) -> str:
    """The exception's own line(s) at the end of a traceback (a multi-line message keeps its lines)."""
    lines = traceback.rstrip().splitlines()
    for start in range(len(lines) - 1, -1, -1):
        if EXCEPTION_LINE.match(lines[start]):
            return "\n".join(lines[start:])
    return lines[-1] if lines else ""


def keep_error_lines(app: Any, doctree: nodes.document) -> None:
    """Reduce every traceback block myst-nb rendered on this page to the exception's line."""
    for block in doctree.findall(nodes.literal_block):
        if "traceback" in block.get("classes", []):
            line = error_line(block.astext())
            block.children = [nodes.Text(line)]
            block.rawsource = line
            block["classes"] = [*block["classes"], "error-line"]


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-read", keep_error_lines)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
