"""The two notebooks made from a source: the student's, with a check cell after each question and the checks it
needs in a hidden cell, and the teacher's, with the solutions.

Both begin with a hidden cell that installs ``casino_math`` on Colab (when the
course names a requirement to install), since Colab opens a notebook without
anything around it.  Just before the first code cell of the source comes the
hidden cell of checks: the public data of every question's check
(:mod:`~casino_math.classroom.public`), packed, and loaded by
:func:`~casino_math.classroom.public.load_checks`.

>>> from casino_math.classroom.source import parse
>>> demo = parse('# %% [markdown] question="six" points=1 answer="p"\\n# ## Six\\n# %%\\np = 1  # SOLUTION', "dice")
>>> [(cell.id, cell.source[:30]) for cell in cells(demo, STUDENT, checks="XYZ")]
[('cell-00', '## Question 1: Six (1 point)'), ('checks', '# The checks of the check cell'), ('cell-01', 'p = ...'), ('cell-02', 'check("dice.six", p)')]
>>> notebook(demo, Version.TEACHER, checks="XYZ").metadata["classroom"]
{'assignment': 'dice', 'version': 'teacher'}
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import nbformat
from nbformat import NotebookNode

from .source import (
    STUDENT,
    Assignment,
    Question,
    Version,
    check_line,
    heading,
    student_code,
    student_markdown,
    teacher_code,
    teacher_markdown,
)
from .variants import fill

#: The kernelspec JupyterLab writes for Python, as the book's chapters carry it: JupyterLab rewrites any other, and
#: marks the notebook changed, the moment it opens one.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def language_info() -> dict[str, Any]:
    """The language an IPython kernel of this Python reports, which JupyterLab writes into a notebook it opens:
    a notebook that carries anything else (a bare ``{"name": "python"}``) is marked changed as it opens.

    >>> from ipykernel.ipkernel import IPythonKernel
    >>> language_info() == IPythonKernel.language_info
    True
    """
    return {"name": "python", "version": sys.version.split()[0], "mimetype": "text/x-python",
            "codemirror_mode": {"name": "ipython", "version": sys.version_info[0]}, "pygments_lexer": "ipython3",
            "nbconvert_exporter": "python", "file_extension": ".py"}


#: The tag of the Colab install cell (as the book's chapters have it) and of the cell of checks.
INSTALL_TAG, CHECKS_TAG = "colab-install", "classroom-checks"
#: Characters per line of the packed checks in their cell.
LINE = 100


def install_source(requirement: str) -> str:
    """The Colab install cell's code for a pip requirement (nothing happens outside Colab).

    >>> print(install_source("casino_math"))
    # On Colab, install casino_math (nothing happens elsewhere).
    import sys
    <BLANKLINE>
    if "google.colab" in sys.modules:
        %pip install --quiet "casino_math"
    """
    return ("# On Colab, install casino_math (nothing happens elsewhere).\n"
            "import sys\n"
            "\n"
            'if "google.colab" in sys.modules:\n'
            f'    %pip install --quiet "{requirement}"')


def install_cell(requirement: str) -> NotebookNode:
    """The hidden first cell that installs casino_math on Colab."""
    cell: NotebookNode = nbformat.v4.new_code_cell(install_source(requirement), id=INSTALL_TAG)
    cell.metadata["tags"] = ["remove-cell", INSTALL_TAG]
    return cell


def checks_source(assignment: str, packed: str) -> str:
    """The cell of checks' code: the packed checks, loaded for the check cells.

    >>> print(checks_source("dice", "ABC"))
    # The checks of the check cells: hashes and hints, never the answers. Run this cell; there is nothing to edit.
    from casino_math.classroom import load_checks
    <BLANKLINE>
    load_checks("dice", (
        "ABC"
    ))
    """
    lines = "\n".join(f'    "{packed[i:i + LINE]}"' for i in range(0, len(packed), LINE))
    return ("# The checks of the check cells: hashes and hints, never the answers. Run this cell; there is nothing "
            "to edit.\n"
            "from casino_math.classroom import load_checks\n"
            "\n"
            f'load_checks("{assignment}", (\n{lines}\n))')


def checks_cell(assignment: str, packed: str) -> NotebookNode:
    """The hidden cell of checks: folded in Jupyter and Colab, left out of the book."""
    cell: NotebookNode = nbformat.v4.new_code_cell(checks_source(assignment, packed), id="checks")
    cell.metadata["tags"] = ["remove-cell", CHECKS_TAG]
    cell.metadata["jupyter"] = {"source_hidden": True}
    cell.metadata["cellView"] = "form"
    return cell


def cells(assignment: Assignment, version: Version, variant: Mapping[str, Any] | None = None,
          checks: str | None = None) -> list[NotebookNode]:
    """The notebook cells of one version, with a variant's parameters written in, without outputs, with fixed IDs.

    ``checks`` (packed public checks) makes the cell of checks, before the first code cell.
    """
    variant = variant or {}
    prompts = {_prompt_line(assignment, q): q for q in assignment.questions}
    out: list[NotebookNode] = []
    pending: Question | None = None
    for cell in assignment.cells:
        if cell.settings.get("only", version) != version:
            continue
        text = fill(cell.text, variant, f"{assignment.name}, line {cell.line}")
        prompt = prompts.get(cell.line)
        if cell.kind == "markdown":
            new = nbformat.v4.new_markdown_cell(_markdown(text, prompt, version))
        else:
            if checks is not None and not any(c.cell_type == "code" for c in out):
                out.append(checks_cell(assignment.name, checks))
            new = nbformat.v4.new_code_cell(student_code(text) if version == STUDENT else teacher_code(text))
        if pending:
            new.metadata["classroom"] = {"question": pending.id, "points": pending.points}
            if pending.by_hand:
                new.metadata["classroom"]["by_hand"] = True
        if cell.settings.get("tags"):
            new.metadata["tags"] = list(cell.settings["tags"])
        out.append(new)
        if pending and not pending.by_hand:
            check = nbformat.v4.new_code_cell(check_line(assignment.name, pending))
            check.metadata["classroom"] = {"check": pending.id}
            out.append(check)
        pending = prompt
    for index, made in enumerate(c for c in out if c.get("id") not in ("checks", INSTALL_TAG)):
        made.id = f"cell-{index:02d}"
    return out


def _markdown(text: str, prompt: Question | None, version: Version) -> str:
    if prompt:
        first, _, rest = text.partition("\n")
        text = heading(prompt, first[3:].strip()) + ("\n\n" + rest.strip("\n") if rest.strip() else "")
    return student_markdown(text) if version == STUDENT else teacher_markdown(text)


def _prompt_line(assignment: Assignment, question: Question) -> int:
    return next(c.line for c in assignment.cells if c.settings.get("question") == question.id)


def notebook(assignment: Assignment, version: Version, variant: Mapping[str, Any] | None = None,
             checks: str | None = None, install: str | None = None, student: str | None = None,
             numbers: str | None = None) -> NotebookNode:
    """One version of the assignment as a notebook (without outputs): its cells, the cell of checks, and the
    install cell for ``install`` (a pip requirement) first.  ``student`` names the student of a variant, and
    ``numbers`` is the digest of their numbers (:mod:`~casino_math.classroom.handout`)."""
    nb: NotebookNode = nbformat.v4.new_notebook()
    nb.metadata = {
        "classroom": {"assignment": assignment.name, "version": version.value},
        "kernelspec": dict(KERNELSPEC),
        "language_info": language_info(),
    }
    if student is not None:
        nb.metadata["classroom"]["student"] = student
    if numbers is not None:
        nb.metadata["classroom"]["numbers"] = numbers
    nb.cells = cells(assignment, version, variant, checks)
    if install:
        nb.cells.insert(0, install_cell(install))
    return nb
