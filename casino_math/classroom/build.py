"""Writing the assignments' notebooks from their sources (``python -m casino_math.classroom build``).

For each source ``book/assignments/source/<name>.py`` it writes the student's
notebook ``book/assignments/<name>.ipynb`` (published with the book) and the
teacher's ``book/assignments/solutions/<name>.ipynb`` (kept out of the book),
each run in a fresh kernel so that its outputs are saved.  It refuses to write
them unless every check in the teacher's version says "right" and every check
in the student's says "not answered yet", and unless the source's questions
and tests and the checks of its answer key (:mod:`casino_math.classroom.keys`) match one to one.  It also
writes the package's public checks (:mod:`casino_math.classroom.public`) from the keys, since the student's
check cells run them.

Both notebooks begin with the book's hidden Colab install cell (the one
``book/_ext/colab.py`` writes into every chapter), since Colab opens a
notebook without the repository around it.

A file is rewritten only when its content changes, so running the build twice
changes nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path

import nbformat
from nbformat import NotebookNode

from . import public, source
from .checks import NOT_ANSWERED, RIGHT, Check
from .grade import SOURCES, source_files
from .kernel import execute
from .keys import questions_of, tests_of

#: Where the student notebooks go (the book publishes them).
ASSIGNMENTS = SOURCES.parent
#: Where the teacher notebooks go (the book leaves them out).
SOLUTIONS = ASSIGNMENTS / "solutions"
#: The book's tool that keeps a Colab install cell in every chapter.
COLAB = ASSIGNMENTS.parent / "_ext" / "colab.py"


def colab_cell() -> NotebookNode | None:
    """The book's hidden first cell that installs casino_math on Colab (None if the book has no such tool).

    >>> cell = colab_cell()
    >>> cell.id, cell.metadata["tags"], 'if "google.colab" in sys.modules:' in cell.source
    ('colab-install', ['remove-cell', 'colab-install'], True)
    """
    if not COLAB.is_file():
        return None
    spec = spec_from_file_location("book_colab", COLAB)
    if spec is None or spec.loader is None:
        raise ValueError(f"{COLAB} cannot be loaded as a Python module")
    colab = module_from_spec(spec)
    spec.loader.exec_module(colab)
    cell: NotebookNode = nbformat.v4.new_code_cell(colab.colab_source(colab.repository_url()), id="colab-install")
    cell.metadata["tags"] = ["remove-cell", colab.TAG]
    return cell


def source_paths(sources: str | Path = SOURCES, names: Collection[str] | None = None) -> list[Path]:
    """The source files to build: all of them, or those of the assignments ``names``.

    >>> [path.name for path in source_paths(names=["craps"])]
    ['craps.py']
    >>> source_paths(names=["poker"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no source for poker in ...; the assignments are: baccarat, craps, long-run, roulette
    """
    paths = source_files(sources)
    if not paths:
        raise ValueError(f"no assignment sources in {sources}; pass --sources DIR, the folder that holds them "
                         "(book/assignments/source in the repository)")
    if names:
        unknown = sorted(set(names) - {p.stem for p in paths})
        if unknown:
            raise ValueError(f"no source for {', '.join(unknown)} in {sources}; "
                             f"the assignments are: {', '.join(p.stem for p in paths)}")
        paths = [p for p in paths if p.stem in names]
    return paths


def match_checks(assignment: source.Assignment, sources: str | Path = SOURCES) -> dict[str, Check]:
    """The key's public checks, by short ID; raise ValueError unless they and the source's questions and tests match.

    >>> match_checks(source.parse('# %% [markdown] question="red" points=1 answer="p_red"\\n# ## Red\\n# %%\\np_red = 1', "roulette"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: roulette: questions without a check: none; checks without a question: straight_ev, splits, ...
    """
    asked = [q.id for q in assignment.questions]
    key = questions_of(assignment.name, sources)
    checked = list(key)
    if asked != checked:
        unchecked = [q for q in asked if q not in checked] or ["none"]
        unasked = [q for q in checked if q not in asked] or ["none"]
        detail = "" if set(asked) != set(checked) else f"; the order differs: {', '.join(asked)} vs {', '.join(checked)}"
        raise ValueError(f"{assignment.name}: questions without a check: {', '.join(unchecked)}; "
                         f"checks without a question: {', '.join(unasked)}{detail}")
    for question in assignment.questions:
        named, there = sorted(dict(question.tests)), sorted(tests_of(assignment.name, question.id, sources))
        if named != there:
            raise ValueError(f"{assignment.name}: question {question.id} names the tests {', '.join(named)} but its key "
                             f"has {', '.join(there)}")
    return key


def verify(nb: NotebookNode, version: str) -> None:
    """Raise ValueError unless every check cell of an executed version says what it must.

    The teacher's checks must all be right and the student's all unanswered.

    >>> verify(nbformat.read(SOLUTIONS / "craps.ipynb", as_version=4), source.TEACHER)
    >>> verify(nbformat.read(SOLUTIONS / "craps.ipynb", as_version=4), source.STUDENT)
    Traceback (most recent call last):
    ...
    ValueError: the student's check of natural says 'craps.natural: right.', not 'not answered yet'
    """
    expected = RIGHT if version == source.TEACHER else NOT_ANSWERED
    for cell in nb.cells:
        question = cell.get("metadata", {}).get("classroom", {}).get("check")
        if question is None:
            continue
        said = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        if not said.startswith(f"{nb.metadata['classroom']['assignment']}.{question}: {expected}."):
            raise ValueError(f"the {version}'s check of {question} says {said or 'nothing'!r}, not {expected!r}")


def write_if_changed(nb: NotebookNode, path: Path) -> bool:
    """Write the notebook to ``path`` unless the file already holds exactly it; whether it wrote.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "demo.ipynb"
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1", id="cell-00")])
    >>> write_if_changed(nb, path), write_if_changed(nb, path)
    (True, False)
    """
    text = nbformat.writes(nb) + "\n"
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def build(sources: str | Path = SOURCES, out: str | Path = ASSIGNMENTS, solutions: str | Path = SOLUTIONS,
          names: Collection[str] | None = None, run: bool = True) -> list[Path]:
    """Write both versions of each assignment; returns the files that changed.

    With ``run=False`` the notebooks are written without running them (no outputs).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> [path.relative_to(folder).as_posix() for path in build(out=folder, solutions=folder / "s", names=["craps"], run=False)]
    ['craps.ipynb', 's/craps.ipynb']
    >>> build(out=folder, solutions=folder / "s", names=["craps"], run=False)
    []
    """
    changed: list[Path] = []
    install = colab_cell()
    for path in source_paths(sources, names):
        assignment = source.read(path)
        public.write(assignment.name, match_checks(assignment, sources))  # first: the check cells read them
        made = []
        for version, folder in ((source.STUDENT, Path(out)), (source.TEACHER, Path(solutions))):
            nb = source.notebook(assignment, version)
            if install is not None:
                nb.cells.insert(0, nbformat.from_dict(install))
            if run:
                execute(nb)
                verify(nb, version)
            made.append((nb, folder / f"{assignment.name}.ipynb"))
        changed += [target for nb, target in made if write_if_changed(nb, target)]  # both verified, or neither written
    return changed
