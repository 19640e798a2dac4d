"""The assignments' questions against the book: copying from a chapter does not answer them, and deriving does.

At least half of each assignment's questions ask about a bankroll, pay table, shoe, wheel or rule that no chapter
uses.  Each right answer (an exact question's number; a function question's results on the inputs of its public
and hidden tests; a simulation's exact chances) is looked for in every chapter's saved outputs, glued values and
prose, as an exact fraction and as a decimal or a percentage to 4 significant digits; a question counts as new when
its answer (or most of its answers) is found nowhere.

And each assignment asks for one function whose hidden tests call it on inputs the library's ready-made answers do
not cover (a wheel with 1, 3 or 5 zeros, a field that wins on other totals, a shoe with cards dealt, bets
other than red): graded by the command, the library's ready-made answer scores less than the teacher's solution,
and a function right only on the check cell's own inputs scores only the public test's points.
"""

import json
import re
import subprocess
from decimal import Decimal
from fractions import Fraction as F
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import COURSE, NAMES, STUDENT, TEACHER, by_student, grade, key

from casino_math.classroom.checks import Estimate, Exact, Rule, Simulation
from casino_math.classroom.grade import Grading
from casino_math.classroom.source import Assignment

BOOK = Path(__file__).resolve().parents[1] / "book"


def load_assignment(name: str) -> Assignment:
    return Grading(COURSE, name).assignment

# ---------------------------------------------------------------- what the chapters print

FRACTIONS = (r"(?<![\d.])(\d+)\s*/\s*(\d+)(?![\d.])", r"\\[dt]?frac\{(\d+)\}\{(\d+)\}", r"Fraction\((-?\d+),\s*(\d+)\)")
DECIMAL = r"(?<![\d.])(\d[\d,]*\.\d+)(\s*%)?"
TAG = r"<[^>]*>"  # an HTML tag: its attributes (sort keys, styles) are not what a reader sees
WHOLE = r"(?<![\d.,])\d[\d,]*(?![\d.])"


def chapter_text() -> str:
    """Every chapter's prose, and every output it saved (glued values included), images aside."""
    pieces = []
    for path in sorted(BOOK.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                pieces.append("".join(cell["source"]))
            for output in cell.get("outputs", []):
                pieces.append("".join(output.get("text", "")))
                pieces.extend("".join(value) if isinstance(value, list) else str(value)
                              for mime, value in output.get("data", {}).items() if "image" not in mime)
    return re.sub(TAG, " ", "\n".join(pieces))


def four_digits(value: F | Decimal) -> str:
    """A number to 4 significant digits, the way a decimal or percentage is compared.

    >>> four_digits(F(1, 19)), four_digits(100 * F(1, 19)), four_digits(Decimal("0.08333"))
    ('0.05263', '5.263', '0.08333')
    """
    value = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, F) else Decimal(value)
    return f"{value:.4g}" if value else "0"


@cache
def printed() -> tuple[frozenset[F], frozenset[int], frozenset[str]]:
    """The fractions, whole numbers and 4-digit decimals the chapters show."""
    text = chapter_text()
    fractions = {F(int(a), int(b)) for pattern in FRACTIONS for a, b in re.findall(pattern, text) if int(b)}
    decimals = {four_digits(Decimal(token.replace(",", "")) / (100 if percent else 1))
                for token, percent in re.findall(DECIMAL, text)
                if len(token.replace(",", "").replace(".", "").lstrip("0")) >= 4}
    wholes = {int(token.replace(",", "")) for token in re.findall(WHOLE, text)}
    return frozenset(abs(f) for f in fractions), frozenset(wholes), frozenset(decimals)


def where_printed(value: F | int) -> str | None:
    """How a chapter shows ``value`` (its size, whatever the sign), or None if no chapter does."""
    fractions, wholes, decimals = printed()
    value = abs(F(value))
    if value in fractions:
        return f"{value} as a fraction"
    if value.denominator == 1 and value.numerator in wholes:
        return f"{value} as a whole number"
    for shown in (value, 100 * value):
        if four_digits(shown) in decimals:
            return f"{four_digits(shown)} as a decimal"
    return None


def right_answers(name: str, short: str) -> list[F | int]:
    """A question's right answers: its number, its function's results on every test's inputs, or its chances."""
    answers = []
    for test in key(name).tests(short).values():
        if isinstance(test, (Exact, Estimate)):
            answers.append(test.right())
        elif isinstance(test, Rule):
            answers.extend(test.want(given) for given in test.outcomes())
        elif isinstance(test, Simulation):
            answers.extend(p for _, p in test.right().items())
    return [int(a) if isinstance(a, bool) else a for a in answers]  # a rule's True and False: 1 and 0


def copied(name: str, short: str) -> list[str]:
    """Where the chapters show a question's right answers; a question is new when most of them are shown nowhere."""
    answers = right_answers(name, short)
    if not answers:
        return ["no number to compare with the chapters"]
    found = [shown for shown in map(where_printed, answers) if shown]
    return found if 2 * len(found) >= len(answers) else []


def test_the_search_finds_what_the_chapters_print_and_only_that() -> None:
    assert where_printed(F(9, 19)) == "9/19 as a fraction"  # red at the Oxford wheel
    assert where_printed(F(1157, 10**7)) == "0.0001157 as a decimal"  # a glued removal effect, shown as 0.01157%
    assert where_printed(F(400, 19)) is None  # 21.05 is nowhere, as a fraction, decimal or percentage
    assert where_printed(F(-1, 19)) is not None  # an edge printed as 5.263% answers an expected value of -1/19
    assert where_printed(F(123457, 999983)) is None
    # crapless craps' pass line is a chapter exercise's answer; with the odds of a crapless table it is nowhere
    assert where_printed(F(6557, 13860)) == "6557/13860 as a fraction"
    assert copied("craps", "pass_wins") and not copied("craps", "crapless")


@pytest.mark.parametrize("name", NAMES)
def test_at_least_half_of_each_assignments_questions_ask_what_no_chapter_prints(name: str) -> None:
    questions = list(key(name).questions())
    found = {short: copied(name, short) for short in questions}
    new = [short for short in questions if not found[short]]
    offending = "; ".join(f"{short} ({', '.join(where[:3])})" for short, where in found.items() if where)
    assert 2 * len(new) >= len(questions), (
        f"{name}: only {len(new)} of {len(questions)} questions ask for something no chapter prints; these answers "
        f"are printed in the chapters: {offending}")


# ---------------------------------------------------------------- derivation beats the ready-made answer

#: For each assignment, the question that asks for a derivation, and its answer cell made of the library's
#: ready-made answer: what the book computes for its own rules, whatever the function is given.
READY_MADE = {
    "roulette": ("edge_of", "def edge_of(covered, payout, zeros):\n    return house_edge(roulette.straight(17))"),
    "craps": ("field_edge", 'def field_edge(pays):\n    return house_edge(bet("field"))'),
    "baccarat": ("natural", ("def p_natural(counts):\n"
                             "    return coups(shoe).P(lambda coup: coup.player_cards == 2 and coup.player >= 8)")),
    "long-run": ("ahead_any", ("from casino_math.session import p_ahead\n\n\ndef chance_ahead(plan):\n"
                               "    return p_ahead(red, plan[2])")),
}


def notebook(version: str, name: str) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads((STUDENT if version == "student" else TEACHER)[name].read_text(encoding="utf-8"))
    return nb


def answer_cell(nb: dict[str, Any], question: str) -> dict[str, Any]:
    return next(c for c in nb["cells"] if c.get("metadata", {}).get("classroom", {}).get("question") == question)


def with_answer(name: str, question: str, code: str) -> dict[str, Any]:
    """The blank student notebook with one answer cell filled in."""
    nb = notebook("student", name)
    answer_cell(nb, question)["source"] = code
    return nb


def memorised(name: str, question: str, derived: str) -> str:
    """An answer cell that is right on the check cell's inputs only (and says 0 elsewhere)."""
    answer = next(q.answer for q in load_assignment(name).questions if q.id == question)
    public = key(name).tests(question)["public"]
    assert isinstance(public, Rule), f"{name}.{question}: only a rule's check has inputs to memorise"
    shown = list(public.outcomes())
    if public.spread:
        return (f"{derived}\n\n\n_derived = {answer}\n\n\ndef {answer}(*given):\n"
                f"    return _derived(*given) if given in {shown!r} else 0")
    return (f"{derived}\n\n\n_derived = {answer}\n\n\ndef {answer}(given):\n"
            f"    return _derived(given) if given in {shown!r} else 0")


@pytest.mark.parametrize("name", NAMES)
def test_the_librarys_ready_made_answer_scores_less_than_a_derivation(name: str, tmp_path: Path) -> None:
    question, ready_made = READY_MADE[name]
    derived = "".join(answer_cell(notebook("teacher", name), question)["source"])
    folder = tmp_path / "in"
    folder.mkdir()
    for student, code in (("derived", derived), ("ready_made", ready_made),
                          ("memorised", memorised(name, question, derived))):
        (folder / f"{student}.ipynb").write_text(json.dumps(with_answer(name, question, code)))
    out = tmp_path / "grades.csv"
    subprocess.run(grade(folder, name, out, "--jobs", "2"), capture_output=True, check=True)
    rows = by_student(out)
    tests = dict(next(q.tests for q in load_assignment(name).questions if q.id == question))
    assert len(tests) >= 2 and tests["public"] < sum(tests.values())
    assert rows["derived"][question] == rows["points possible"][question] == str(sum(tests.values()))
    assert rows["ready_made"][question] == "0"
    assert rows["memorised"][question] == str(tests["public"])  # the hidden tests' inputs are not the check cell's
