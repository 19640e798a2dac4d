"""The code of a reader's notebook: what the chapter runs, without what only the book's build needs.

- **Glue.**  A chapter glues each result its prose shows (casino_math.notebook's ``glue_*`` helpers, myst-nb's
  ``glue``).  The reader's copy has those values written into its text, so its code neither glues nor imports the
  glue helpers, and runs without myst-nb (which would bring Sphinx into Binder and Colab).  A statement that only
  glues goes, and so does a loop or an ``if`` that only glues; an import keeps its other names.
- **Colab's install cell** installs casino_math from the wheel the same build wrote and the site serves, so that a
  notebook and its library always match.

>>> print(without_glue("from casino_math.notebook import as_text, glue_percent\\n"
...                    "edge = Fraction(1, 19)\\nglue_percent('edge', edge)\\nfor n in (1, 2):\\n    glue_text(f'n{n}', n)"))
from casino_math.notebook import as_text
edge = Fraction(1, 19)
"""

from __future__ import annotations

import ast

from reader_markdown import ConversionError

#: The functions that glue a value for the prose (casino_math.notebook's helpers and myst-nb's own).
GLUE_CALLS = frozenset({"glue", "glue_decimal", "glue_fraction", "glue_percent", "glue_text"})
#: The modules the glue functions are imported from.
GLUE_MODULES = frozenset({"myst_nb", "casino_math.notebook"})
#: The tag of the cell that installs casino_math on Colab (book/_ext/colab.py).
COLAB_TAG = "colab-install"


def colab_install(wheel_url: str) -> str:
    """The Colab install cell of a reader's copy: casino_math from the wheel the site serves.

    >>> print(colab_install("https://a.github.io/b/_static/live/casino_math-0.2.0-py3-none-any.whl"))
    # On Colab, install casino_math from the wheel the book's site serves (nothing happens elsewhere).
    import sys
    <BLANKLINE>
    if "google.colab" in sys.modules:
        %pip install --quiet "casino_math[plots,symbolic] @ https://a.github.io/b/_static/live/casino_math-0.2.0-py3-none-any.whl"
    """
    return ("# On Colab, install casino_math from the wheel the book's site serves (nothing happens elsewhere).\n"
            "import sys\n\n"
            'if "google.colab" in sys.modules:\n'
            f'    %pip install --quiet "casino_math[plots,symbolic] @ {wheel_url}"')


def without_glue(source: str) -> str:
    """A code cell's source without its glue: the statements that only glue, and the glue functions' imports.

    >>> without_glue("x = 1\\nglue_fraction(\\n    'x',\\n    x,\\n)\\nprint(x)")
    'x = 1\\nprint(x)'
    >>> without_glue("from myst_nb import glue")
    ''
    """
    if "glue" not in source:
        return source
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise ConversionError(f"a code cell that glues is not plain Python ({error.msg}, line {error.lineno}); the "
                              "reader's copy cannot take its glue out") from error
    lines = source.splitlines()
    edits: dict[int, tuple[int, str | None]] = {}  # first line -> (last line, its replacement or None to drop)
    collect(tree.body, lines, edits, nested=False)
    kept: list[str] = []
    index = 0
    while index < len(lines):
        if index in edits:
            last, replacement = edits[index]
            kept += [] if replacement is None else [replacement]
            index = last + 1
        else:
            kept.append(lines[index])
            index += 1
    return "\n".join(kept).strip("\n")


def collect(body: list[ast.stmt], lines: list[str], edits: dict[int, tuple[int, str | None]], nested: bool = True) -> None:
    """Note, for each statement of ``body`` (and of the blocks inside it), whether it goes or is rewritten."""
    if nested and all(only_glues(statement) for statement in body):
        raise ConversionError(f"line {body[0].lineno}: a block that only glues, inside one that does more; the "
                              "reader's copy cannot take its glue out")
    for statement in body:
        if only_glues(statement):
            edits[whole_lines(statement, lines)] = (statement.end_lineno - 1, None)  # type: ignore[operator]
        elif isinstance(statement, ast.ImportFrom) and statement.module in GLUE_MODULES:
            names = [alias for alias in statement.names if alias.name not in GLUE_CALLS]
            if len(names) < len(statement.names):
                rewritten = ast.unparse(ast.ImportFrom(statement.module, names, statement.level))
                indent = lines[statement.lineno - 1][:statement.col_offset]
                edits[whole_lines(statement, lines)] = (statement.end_lineno - 1,  # type: ignore[operator]
                                                        indent + rewritten if names else None)
        else:
            for block in ("body", "orelse", "finalbody"):
                inner = getattr(statement, block, None)
                if isinstance(inner, list) and any(isinstance(s, ast.stmt) and uses_glue(s) for s in inner):
                    collect(inner, lines, edits)


def only_glues(statement: ast.stmt) -> bool:
    """Whether a statement does nothing but glue: a glue call, or a loop or ``if`` whose every branch only glues."""
    if isinstance(statement, ast.Expr):
        call = statement.value
        return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GLUE_CALLS
    if isinstance(statement, (ast.For, ast.If)):
        return all(only_glues(s) for s in statement.body + statement.orelse)
    if isinstance(statement, ast.ImportFrom) and statement.module in GLUE_MODULES:
        return all(alias.name in GLUE_CALLS for alias in statement.names)
    return False


def uses_glue(statement: ast.stmt) -> bool:
    """Whether a glue function is called anywhere in a statement."""
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in GLUE_CALLS
               for node in ast.walk(statement))


def whole_lines(statement: ast.stmt, lines: list[str]) -> int:
    """The first line (from 0) of a statement that has its lines to itself (an error if it shares one, ``a; b``)."""
    first, last = statement.lineno - 1, statement.end_lineno - 1  # type: ignore[operator]
    before = lines[first][:statement.col_offset]
    after = lines[last][statement.end_col_offset:]
    if before.strip() or (after.strip() and not after.strip().startswith("#")):
        raise ConversionError(f"line {statement.lineno}: a glue statement shares its line with other code; the "
                              "reader's copy cannot take it out alone")
    return first
