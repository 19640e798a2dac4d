"""A submitted notebook, read as plain data: whether it can be graded, its code cells, and its hand-marked answers.

Nothing here runs a submission's code: the notebook is read as JSON, and its
cells are handed to the sandbox (:mod:`~casino_math.classroom.sandbox`) as text.

>>> nb = {"cells": [{"cell_type": "code", "source": "p = 1", "metadata": {"classroom": {"question": "red"}}},
...                 {"cell_type": "code", "source": 'check("demo.red", p)'}, {"cell_type": "markdown", "source": "x"}]}
>>> code_cells(nb, _demo_assignment())
[{'code': 'p = 1', 'question': 'red'}, {'code': '', 'question': None}]
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from . import magics, source
from .discovery import read_bytes

#: Plain JSON data: a notebook or one of its cells.
JSON = dict[str, Any]
#: The longest cell (in characters) whose magics the grader turns into Python itself, and the most characters of a
#: notebook it turns in all (IPython's transformation takes time that grows with the square of a cell's length).
MOST_TRANSFORMED = 5_000
MOST_TRANSFORMED_IN_ALL = 20_000
#: The largest notebook file the grader reads, outputs included (bytes), and the most of it that is not the cells'
#: outputs (their code, text and metadata: what is parsed).
MOST_FILE_BYTES = 64 * 2**20
MOST_BYTES = 16 * 2**20
#: The most characters of a hand-marked answer kept for its marking page.
MOST_ANSWER = 20_000
#: The JSON a notebook is scanned by for its cells' outputs: strings (quickly, however long) and punctuation.
TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}:,]')
#: The parts of a cell the grader never reads.
UNREAD = ('"outputs"', '"attachments"')


def classroom_of(part: object) -> JSON:
    """The ``classroom`` metadata of a notebook or a cell, if it has any (as a dict).

    >>> classroom_of({"metadata": {"classroom": ["odd"]}})
    {}
    """
    metadata = part.get("metadata") if isinstance(part, dict) else None
    classroom = metadata.get("classroom") if isinstance(metadata, dict) else None
    return classroom if isinstance(classroom, dict) else {}


def assignment_named(notebook: JSON) -> str | None:
    """The assignment a notebook says it belongs to (its ``classroom`` metadata), if it says.

    >>> assignment_named({"metadata": {"classroom": {"assignment": "craps"}}})
    'craps'
    """
    named = classroom_of(notebook).get("assignment")
    return named if isinstance(named, str) else None


def built_for(notebook: JSON) -> str | None:
    """The student whose variant a notebook was built with, if it says."""
    student = classroom_of(notebook).get("student")
    return student if isinstance(student, str) else None


def numbers_of(notebook: JSON) -> str | None:
    """The digest of the numbers a notebook was built with (:mod:`~casino_math.classroom.handout`), if it says.

    >>> numbers_of({"metadata": {"classroom": {"numbers": "0123456789abcdef"}}})
    '0123456789abcdef'
    """
    numbers = classroom_of(notebook).get("numbers")
    return numbers if isinstance(numbers, str) else None


def read_notebook(path: Path) -> tuple[JSON | None, str | None]:
    """The notebook in a file as plain JSON data, and None; or None and why it cannot be graded."""
    if path.suffix.lower() != ".ipynb":
        return None, f"not a notebook ({path.suffix or 'no extension'}): submit the assignment's .ipynb file"
    try:
        text = without_outputs(read_bytes(path, MOST_FILE_BYTES).decode("utf-8", "surrogatepass"))
        if len(text) > MOST_BYTES:
            raise OSError(f"its code and text, outputs left out, are {len(text) / 2**20:.0f} MB, more than the "
                          f"{MOST_BYTES // 2**20} MB the grader reads")
        notebook = json.loads(text)
    except (ValueError, OSError, RecursionError) as error:
        return None, f"cannot read the notebook ({type(error).__name__}: {str(error)[:200]}): grade it by hand"
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        return None, "cannot read the notebook (it has no list of cells)"
    return notebook, None


def without_outputs(text: str) -> str:
    """A notebook's JSON text with each cell's outputs and attachments left out (emptied), found without parsing
    them, so that a large image in an output costs neither memory nor the limit on what is read.  Text that is not
    a notebook's JSON is returned as it is (parsing it says what is wrong).

    >>> without_outputs('{"cells": [{"cell_type": "code", "source": "x = \\\\\"outputs\\\\\"", "outputs": [{"data": "..."}]}],'
    ...                 ' "metadata": {"outputs": 1}}')
    '{"cells": [{"cell_type": "code", "source": "x = \\\\\"outputs\\\\\"", "outputs": []}], "metadata": {"outputs": 1}}'
    """
    stack: list[tuple[str, str | None]] = []  # each open bracket, and the key whose value it is
    key: str | None = None
    cut: list[tuple[int, int]] = []
    skip_from, skip_depth = -1, 0
    for token in TOKEN.finditer(text):
        mark = token.group()
        if mark in "[{":
            if skip_from < 0 and key in UNREAD and [(b, k) for b, k in stack[:2]] == [("{", None), ("[", '"cells"')] \
                    and len(stack) == 3:
                skip_from, skip_depth = token.start(), len(stack)
            stack.append((mark, key))
            key = None
        elif mark in "]}":
            if not stack:
                return text
            stack.pop()
            if skip_from >= 0 and len(stack) == skip_depth:
                cut.append((skip_from, token.end()))
                skip_from = -1
        elif mark == ":":
            pass
        elif mark == ",":
            key = None
        elif stack and stack[-1][0] == "{" and key is None:
            key = mark
    if stack or not cut:
        return text
    parts, start = [], 0
    for begin, end in cut:
        parts += [text[start:begin], "[]" if text[begin] == "[" else "{}"]
        start = end
    return "".join(parts) + text[start:]


def refusal(notebook: JSON, assignment: source.Assignment) -> str | None:
    """Why a readable notebook scores zero without running: another assignment, or the teacher's version."""
    named = assignment_named(notebook)
    if named and named != assignment.name:
        return f"this is the {named} assignment, not {assignment.name}"
    if classroom_of(notebook).get("version") == source.TEACHER:
        return "this is the teacher's version of the assignment (with the solutions), not a student's"
    return None


def _text(cell: JSON) -> str:
    code = cell.get("source", "")
    return "".join(map(str, code)) if isinstance(code, list) else str(code)


def code_cells(notebook: JSON, assignment: source.Assignment) -> list[JSON]:
    """The notebook's code cells as the runner takes them: the code, and the question whose answer cell it is.

    A check cell left as it was made is not run: the grader runs the checks itself, and the public check's
    answer would be thrown away.  A question named in a cell's metadata counts only if it is one of this
    assignment's questions, named as text.
    """
    checks = {source.check_line(assignment.name, q) for q in assignment.questions if not q.by_hand}
    questions = {q.id for q in assignment.questions if not q.by_hand}
    cells, budget = [], MOST_TRANSFORMED_IN_ALL
    for cell in notebook["cells"]:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            code = _text(cell)
            question = classroom_of(cell).get("question")
            if code.strip() in checks:
                code = ""
            elif len(code) <= min(MOST_TRANSFORMED, budget):
                budget -= len(code)
                code = magics.python_of(code)  # IPython's text transformation only, once here rather than in each
                # sandbox, where importing IPython would cost a quarter of a second
            cells.append({"code": code, "question": question if isinstance(question, str) and question in questions
                          else None})
    return cells


def hand_marked(notebook: JSON, assignment: source.Assignment) -> dict[str, str]:
    """Each hand-marked question's answer in a notebook: its answer cell's text, found by the cell's metadata or,
    failing that, as the cell after the question's heading.

    >>> nb = {"cells": [{"cell_type": "markdown", "source": "## Question 1: Why (2 points, marked by hand)"},
    ...                 {"cell_type": "markdown", "source": ["Because ", "it is."]}]}
    >>> hand_marked(nb, source.parse('# %% [markdown] question="why" points=2 by_hand=true\\n# ## Why\\n# %% [markdown]\\n# .', "demo"))
    {'why': 'Because it is.'}
    """
    found: dict[str, str] = {}
    cells = [c for c in notebook["cells"] if isinstance(c, dict)]
    for question in (q for q in assignment.questions if q.by_hand):
        tagged = [c for c in cells if classroom_of(c).get("question") == question.id]
        if not tagged:
            start = f"## Question {question.number}:"
            after = [cells[i + 1] for i, c in enumerate(cells[:-1]) if _text(c).lstrip().startswith(start)]
            tagged = after[:1]
        found[question.id] = cut(_text(tagged[0])) if tagged else ""
    return found


def cut(answer: str, most: int = MOST_ANSWER) -> str:
    """A hand-marked answer as its marking page shows it: at most ``most`` characters, and a marker where it is cut.

    >>> cut("Because.", 20), cut("Because it is so, and so it is.", 20)
    ('Because.', 'Because it is so, an\\n[cut: 20 of 31 characters shown]')
    """
    return answer if len(answer) <= most else f"{answer[:most]}\n[cut: {most:,} of {len(answer):,} characters shown]"


def _demo_assignment() -> source.Assignment:
    return source.parse('# %% [markdown] question="red" points=1 answer="p"\n# ## Red\n# %%\np = 1  # SOLUTION\n'
                        '# %% [markdown] question="edge" points=2 answer="e"\n# ## Edge\n# %%\ne = 1  # SOLUTION', "demo")
