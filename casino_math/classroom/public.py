"""The check cells' checks as the package ships them: hashes and hints, never the answers.

``python -m casino_math.classroom build`` turns each question of the teacher's
key (:mod:`~casino_math.classroom.keys`) into public data: the right answer and
each common mistake are kept only as salted, slow hashes, each mistake beside
its hint.  A student's check hashes the answer given and compares.  A check
cell is an oracle anyway (it says right or not), and the slow hash keeps
trying answers offline no faster than running the cell.

An estimate is judged by the interval of values a right simulation gives, and
a simulated round by the interval of shares each result may come up in; each
interval's centre is off the exact value by a share of a standard error that
only the exact value's slow hash decides (:func:`~casino_math.classroom.checks.accepted`),
so the interval says no more about the answer than a simulation of that size
does.  A rule (a function of an outcome) is judged by the hash of its result on
each outcome: slow for a number, and fast for a truth value, which no hash
could hide from a student who tries both (the check cell says right or not on
each outcome anyway).

>>> from fractions import Fraction
>>> from casino_math.classroom.checks import Exact
>>> six = Exact("dice.six", right=lambda: Fraction(1, 6), hint="count the faces",
...             mistakes=lambda: {Fraction(1, 5): "a die has six faces, not five"})
>>> data = publish(six)
>>> "1/6" in str(data)
False
>>> judge("dice.six", data, Fraction(1, 6)), judge("dice.six", data, Fraction(1, 5))
(dice.six: right., dice.six: not right yet. Hint: a die has six faces, not five.)
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from numbers import Real
from pathlib import Path
from typing import Any

from . import data as plain
from .checks import (
    NOT_ANSWERED,
    RIGHT,
    ROUNDS,
    TOLERANCE,
    TOO_EVEN,
    WRONG,
    Check,
    Estimate,
    Exact,
    Feedback,
    Rule,
    Simulation,
    _a,
    accepted,
    exact_text,
    inexact,
    is_blank,
    same_exact,
    same_truth,
    same_whole,
    seal,
    too_even,
)

#: Where the public checks live inside the package: one JSON file per assignment.
FOLDER = Path(__file__).with_name("public")
SAME: dict[Callable[[Any, Any], bool], str] = {same_truth: "truth", same_exact: "exact", same_whole: "whole"}


def float_text(value: Any) -> str:
    """A decimal as the text that is hashed (12 significant digits, so that a float's last bits do not matter)."""
    return f"{float(value):.12g}"


def publish(question: Check) -> dict[str, Any]:
    """The public data of a question's check (see the module's example)."""
    salt = question.id
    if isinstance(question, Exact):
        right = Fraction(question.right())
        return {"kind": "exact", "hint": question.hint, "sign": question.sign, "probability": question.probability,
                "right": seal(exact_text(right), salt), "float": seal(float_text(right), salt),
                "negated": seal(exact_text(-right), salt) if right else None,
                "mistakes": {seal(exact_text(w), salt): h for w, h in question.mistakes().items() if w != right}}
    if isinstance(question, Rule):
        outcomes = list(question.outcomes())
        wants = [question.right(o) for o in outcomes]
        same = SAME.get(question.same, "truth")
        hints = [question.hint(o, (not w) if same == "truth" else None) for o, w in zip(outcomes, wants, strict=False)]
        return {"kind": "rule", "same": same, "outcomes": [plain.encode(o) for o in outcomes],
                "right": [seal(_rule_text(same, w), f"{salt}:{i}", _rule_rounds(same)) for i, w in enumerate(wants)],
                "hints": sorted(set(hints)), "hint_of": [sorted(set(hints)).index(h) for h in hints]}
    if isinstance(question, Estimate):
        right, error = Fraction(question.right()), question.sd() / math.sqrt(question.trials)
        return {"kind": "estimate", "hint": question.hint, "trials": question.trials,
                "within": list(accepted(right, error, salt)),
                "exact": seal(exact_text(right), salt),
                "mistakes": [[float(w) - TOLERANCE * error, float(w) + TOLERANCE * error, h]
                             for w, h in question.mistakes().items()]}
    if isinstance(question, Simulation):
        shares = []
        for index, (result, p) in enumerate(sorted(question.right().items())):
            error = math.sqrt(float(p * (1 - p)) / question.rounds)
            shares.append([plain.encode(result), *accepted(p, error, f"{salt}:{index}")])
        return {"kind": "simulation", "hint": question.hint, "rounds": question.rounds, "seed": question.seed,
                "shares": shares}
    raise TypeError(f"{question.id}: no public form for {type(question).__name__}")


def _rule_rounds(same: str) -> int:
    """Rounds of the hash of a rule's result: one for a truth value (two guesses find it, however slow the hash),
    the slow hash's for a number, which a fast hash would give away to a student trying simple fractions."""
    return 1 if same == "truth" else ROUNDS


def _rule_text(same: str, value: Any) -> str:
    if same == "truth":
        return str(bool(value)) if isinstance(value, int) else f"not a truth value {value!r}"
    if same == "exact":
        return exact_text(value) if inexact(value) is None else f"inexact {value!r}"
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else f"not whole {value!r}"


def judge(question_id: str, public: dict[str, Any], answer: Any) -> Feedback:
    """Right, or not right yet with a hint, from the public data alone."""
    return JUDGES[public["kind"]](question_id, public, answer)


def _exact(qid: str, public: dict[str, Any], answer: Any) -> Feedback:
    if is_blank(answer):
        return Feedback(qid, NOT_ANSWERED)
    problem = inexact(answer)
    if problem:
        if isinstance(answer, Real) and not isinstance(answer, bool) and math.isfinite(float(answer)) \
                and seal(float_text(answer), qid) == public["float"]:
            problem += "; its value is right to the digits a float keeps, so only the exactness is missing"
        return Feedback(qid, WRONG, problem)
    hashed = seal(exact_text(answer), qid)
    if hashed == public["right"]:
        return Feedback(qid, RIGHT)
    if public["probability"] and not 0 <= answer <= 1:
        return Feedback(qid, WRONG, f"{Fraction(answer)} is not between 0 and 1, so it cannot be a probability")
    if hashed in public["mistakes"]:
        return Feedback(qid, WRONG, public["mistakes"][hashed])
    if hashed == public["negated"]:
        return Feedback(qid, WRONG, f"the size is right but the sign is not: {public['sign']}")
    return Feedback(qid, WRONG, public["hint"])


def _rule(qid: str, public: dict[str, Any], answer: Any) -> Feedback:
    if is_blank(answer):
        return Feedback(qid, NOT_ANSWERED)
    if not callable(answer):
        return Feedback(qid, WRONG, f"this is {_a(type(answer).__name__)}; the answer is a function (def ...)")
    results = []
    for outcome in (plain.decode(o) for o in public["outcomes"]):
        try:
            results.append(answer(outcome))
        except Exception as error:  # noqa: BLE001  (the student's code: any error is feedback, not a crash)
            return Feedback(qid, WRONG, f"calling it on {outcome!r} raised {type(error).__name__}: {error}")
    if all(got is None for got in results):
        return Feedback(qid, NOT_ANSWERED, "the function returns None: finish it with a return statement")
    for index, got in enumerate(results):
        if seal(_rule_text(public["same"], got), f"{qid}:{index}", _rule_rounds(public["same"])) != public["right"][index]:
            return Feedback(qid, WRONG, public["hints"][public["hint_of"][index]])
    return Feedback(qid, RIGHT)


def _estimate(qid: str, public: dict[str, Any], answer: Any) -> Feedback:
    if is_blank(answer):
        return Feedback(qid, NOT_ANSWERED)
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return Feedback(qid, WRONG, f"this is {_a(type(answer).__name__)}; the answer is a number, the estimate")
    if inexact(answer) is None and seal(exact_text(answer), qid) == public["exact"]:
        return Feedback(qid, WRONG, "this is the exact value, not an estimate: run the simulation and give the share "
                                    "it finds")
    low, high = public["within"]
    if low <= float(answer) <= high:
        return Feedback(qid, RIGHT)
    for low, high, hint in public["mistakes"]:
        if low <= float(answer) <= high:
            return Feedback(qid, WRONG, hint)
    return Feedback(qid, WRONG, f"{answer} is further from the exact value than a simulation of {public['trials']} "
                                f"rounds almost ever misses by: {public['hint']}")


def _simulation(qid: str, public: dict[str, Any], answer: Any) -> Feedback:
    import numpy as np

    if is_blank(answer):
        return Feedback(qid, NOT_ANSWERED)
    if not callable(answer):
        return Feedback(qid, WRONG, f"this is {_a(type(answer).__name__)}; the answer is a function play(rng)")
    shares = [(plain.decode(result), low, high) for result, low, high in public["shares"]]
    possible = [result for result, _, _ in shares]
    rng, counts, played = np.random.default_rng(public["seed"]), dict[Any, int](), []
    for _ in range(public["rounds"]):
        try:
            result = answer(rng)
        except Exception as error:  # noqa: BLE001
            return Feedback(qid, WRONG, f"calling it raised {type(error).__name__}: {error}")
        if result is None:
            return Feedback(qid, NOT_ANSWERED, "the function returns None: finish it with a return statement")
        if result not in possible:
            return Feedback(qid, WRONG, f"it returned {result!r}, which one round cannot give; the results a round "
                                        f"can give are {', '.join(str(x) for x in possible)}")
        counts[result] = counts.get(result, 0) + 1
        played.append(result)
    for result, low, high in shares:
        share = counts.get(result, 0) / public["rounds"]
        if not low <= share <= high:
            return Feedback(qid, WRONG, f"the share of rounds ending in {result} is {share:.3f}, too far from its "
                                        f"exact probability to be chance: {public['hint']}")
    if too_even(played, {result: Fraction(low + high) / 2 for result, low, high in shares}):
        return Feedback(qid, WRONG, TOO_EVEN)
    return Feedback(qid, RIGHT)


JUDGES: dict[str, Callable[[str, dict[str, Any], Any], Feedback]] = {"exact": _exact, "rule": _rule, "estimate": _estimate, "simulation": _simulation}


@cache
def public_checks(assignment: str) -> dict[str, dict[str, Any]]:
    """The public checks of an assignment, by short question ID, as the package ships them."""
    path = FOLDER / f"{assignment}.json"
    if not path.is_file():
        there = ", ".join(sorted(p.stem for p in FOLDER.glob("*.json")))
        raise ValueError(f"there is no assignment {assignment!r}; the assignments are: {there}")
    checks: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return checks


def check(question_id: str, answer: Any) -> Feedback:
    """A check cell's check: the public data of ``"assignment.question"`` judging ``answer``."""
    assignment, dot, short = question_id.partition(".")
    if not dot:
        raise ValueError(f"{question_id!r} is not a question ID; an ID is 'assignment.question', e.g. 'roulette.red'")
    questions = public_checks(assignment)
    if short not in questions:
        raise ValueError(f"assignment {assignment!r} has no question {short!r}; its questions are: {', '.join(questions)}")
    return judge(question_id, questions[short], answer)


def write(assignment: str, questions: dict[str, Check], folder: Path = FOLDER) -> Path:
    """Write an assignment's public checks (from its key's questions, by short ID) as JSON; returns the file."""
    text = json.dumps({short: publish(q) for short, q in questions.items()}, separators=(",", ":"))
    path = Path(folder) / f"{assignment}.json"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return path
