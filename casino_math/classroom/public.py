"""The check cells' checks, as a student's notebook carries them: hashes and hints, never the answers.

``build`` turns each question of the teacher's key (:mod:`~casino_math.classroom.keys`)
into public data: the right answer and each common mistake are kept only as
salted, slow hashes, each mistake beside its hint.  The data go into a hidden
cell of the student's notebook (packed: compressed, then base64), which
:func:`load_checks` reads; a check cell then hashes the answer given and
compares.  So a notebook's check cells need the published package and nothing
else: no file of the course, no copy of the key.  A check cell is an oracle
anyway (it says right or not), and the slow hash keeps trying answers offline no
faster than running the cell.

An estimate is judged by the interval of values a right simulation gives, and
a simulated round by the interval of shares each result may come up in; each
interval's centre is off the exact value by a share of a standard error that
only the exact value's slow hash decides (:func:`~casino_math.classroom.judges.accepted`),
so the interval says no more about the answer than a simulation of that size
does.  A rule (a function of an outcome) is judged by the hash of its result on
each outcome: a number's hashes share one slow hash's rounds between them, and
a truth value's are fast, which no hash could hide from a student who tries
both (the check cell says right or not on each outcome anyway).  The verdicts
come from :mod:`~casino_math.classroom.judges`, as the key's do.

>>> from fractions import Fraction
>>> from casino_math.classroom.checks import Exact
>>> six = Exact("dice.six", right=lambda: Fraction(1, 6), hint="count the faces",
...             mistakes=lambda: {Fraction(1, 5): "a die has six faces, not five"})
>>> data = publish(six)
>>> "1/6" in str(data)
False
>>> judge("dice.six", data, Fraction(1, 6)), judge("dice.six", data, Fraction(1, 5))
(dice.six: right., dice.six: not right yet. Hint: a die has six faces, not five.)
>>> load_checks("dice", pack({"six": data}))
>>> check("dice.six", Fraction(1, 6))
dice.six: right.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import data as plain
from .checks import ByHand, Check, Estimate, Exact, Rule, Simulation, same_exact, same_truth, same_whole
from .judges import (
    ROUNDS,
    TOLERANCE,
    accepted,
    exact_text,
    float_text,
    inexact,
    judge_estimate,
    judge_exact,
    judge_rule,
    judge_simulation,
    seal,
)
from .verdict import Feedback, Status

#: Public data: one question's check, as JSON-able values.
Public = dict[str, Any]
SAME: dict[Callable[[Any, Any], bool], str] = {same_truth: "truth", same_exact: "exact", same_whole: "whole"}
#: The slow hash's rounds that a rule's numeric results share between them (at least one each).
RULE_ROUNDS = 2 * ROUNDS
#: Hex digits kept of each hash of a rule's result on one outcome.
RULE_DIGITS = 16


def publish(question: Check, salt: str = "") -> Public:
    """The public data of a question's check (see the module's example).

    ``salt`` (a course's own, and a student's for a variant: see :func:`salted`) salts every hash with the
    question's ID, so that a table of hashes made for one course serves no other.

    >>> six = Exact("dice.six", right=lambda: Fraction(1, 6), hint="count the faces")
    >>> ours, theirs = publish(six, "5a1t"), publish(six, "0ther")
    >>> ours["right"] != theirs["right"] != publish(six)["right"], ours["salt"]
    (True, '5a1t')
    >>> judge("dice.six", ours, Fraction(1, 6)), judge("dice.six", theirs, Fraction(1, 6))
    (dice.six: right., dice.six: right.)
    """
    data = _published(question, salted(question.id, salt))
    return {**data, "salt": salt} if salt else data


def salted(question_id: str, salt: str) -> str:
    """What a question's hashes are salted with: its ID, after the course's (and student's) salt if there is one.

    >>> salted("dice.six", ""), salted("dice.six", "5a1t")
    ('dice.six', '5a1t:dice.six')
    """
    return f"{salt}:{question_id}" if salt else question_id


def _published(question: Check, sid: str) -> Public:
    if isinstance(question, Exact):
        return _publish_exact(question, sid)
    if isinstance(question, Rule):
        return _publish_rule(question, sid)
    if isinstance(question, Estimate):
        right, error = Fraction(question.right()), question.error()
        # The interval is the key's own (salted by the question alone), so a check cell and the grader agree.
        return {"kind": "estimate", "hint": question.hint, "trials": question.trials,
                "within": list(accepted(right, error, question.id)), "exact": seal(exact_text(right), sid),
                "mistakes": [[float(w) - TOLERANCE * error, float(w) + TOLERANCE * error, h]
                             for w, h in question.mistakes().items()]}
    if isinstance(question, Simulation):
        shares = []
        for index, (result, p) in enumerate(question.chances()):
            error = math.sqrt(float(p * (1 - p)) / question.rounds)
            shares.append([plain.encode(result), *accepted(p, error, f"{question.id}:{index}")])
        return {"kind": "simulation", "hint": question.hint, "rounds": question.rounds, "seed": question.seed,
                "shares": shares}
    if isinstance(question, ByHand):
        return {"kind": "by hand"}
    raise TypeError(f"{question.id}: no public form for {type(question).__name__}")


def _publish_exact(question: Exact, salt: str) -> Public:
    right = Fraction(question.right())
    return {"kind": "exact", "hint": question.hint, "sign": question.sign, "probability": question.probability,
            "right": seal(exact_text(right), salt), "float": seal(float_text(right), salt),
            "negated": seal(exact_text(-right), salt) if right else None,
            "mistakes": {seal(exact_text(w), salt): h for w, h in question.mistakes().items() if w != right}}


def _publish_rule(question: Rule, sid: str) -> Public:
    outcomes = list(question.outcomes())
    wants = [question.want(o) for o in outcomes]
    same = SAME.get(question.same, "truth")
    rounds = rule_rounds(same, len(outcomes))
    hints = [question.hint(o, (not w) if same == "truth" else None) for o, w in zip(outcomes, wants, strict=True)]
    distinct = sorted(set(hints))
    return {"kind": "rule", "same": same, "spread": question.spread, "rounds": rounds,
            "outcomes": [plain.encode(o) for o in outcomes],
            "right": [_rule_seal(same, w, f"{sid}:{i}", rounds) for i, w in enumerate(wants)],
            "hints": distinct, "hint_of": [distinct.index(h) for h in hints]}


def rule_rounds(same: str, outcomes: int) -> int:
    """Rounds of the hash of a rule's result on one outcome: one for a truth value (two guesses find it, however slow
    the hash), and for a number a share of :data:`RULE_ROUNDS`, so that a check takes about as long however many
    outcomes it calls the function on, while a student trying simple fractions offline gains nothing on the cell.

    >>> rule_rounds("truth", 38), rule_rounds("exact", 5), rule_rounds("whole", 2366)
    (1, 8000, 16)
    """
    return 1 if same == "truth" else max(1, RULE_ROUNDS // max(1, outcomes))


def _rule_seal(same: str, value: Any, salt: str, rounds: int) -> str:
    return seal(_rule_text(same, value), salt, rounds)[:RULE_DIGITS]


def _rule_text(same: str, value: Any) -> str:
    if same == "truth":
        return str(bool(value)) if isinstance(value, int) else f"not a truth value {value!r}"
    if same == "exact":
        return exact_text(value) if inexact(value) is None else f"inexact {value!r}"
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else f"not whole {value!r}"


# ---------------------------------------------------------------- the facts the judges need, from the public data


@dataclass(frozen=True)
class _ExactHashes:
    qid: str
    public: Public

    @property
    def hint(self) -> str:
        return str(self.public["hint"])

    @property
    def sign(self) -> str:
        return str(self.public["sign"])

    @property
    def probability(self) -> bool:
        return bool(self.public["probability"])

    def is_right(self, answer: Fraction) -> bool:
        return bool(self._sealed(answer) == self.public["right"])

    def float_is_right(self, answer: float) -> bool:
        return bool(seal(float_text(answer), self.qid) == self.public["float"])

    def mistake(self, answer: Fraction) -> str | None:
        found = self.public["mistakes"].get(self._sealed(answer))
        return str(found) if found is not None else None

    def is_negated(self, answer: Fraction) -> bool:
        return bool(self._sealed(answer) == self.public["negated"])

    def _sealed(self, answer: Fraction) -> str:
        return seal(exact_text(answer), self.qid)


@dataclass(frozen=True)
class _RuleHashes:
    qid: str
    public: Public

    @property
    def spread(self) -> bool:
        return bool(self.public.get("spread", False))

    def outcomes(self) -> Sequence[Any]:
        return [plain.decode(o) for o in self.public["outcomes"]]

    def is_right(self, index: int, outcome: Any, got: Any) -> bool:
        same, rounds = self.public["same"], int(self.public["rounds"])
        return bool(_rule_seal(same, got, f"{self.qid}:{index}", rounds) == self.public["right"][index])

    def hint(self, index: int, outcome: Any, got: Any) -> str:
        return str(self.public["hints"][self.public["hint_of"][index]])


@dataclass(frozen=True)
class _EstimateInterval:
    qid: str
    public: Public

    @property
    def hint(self) -> str:
        return str(self.public["hint"])

    @property
    def trials(self) -> int:
        return int(self.public["trials"])

    def is_exact(self, answer: Any) -> bool:
        return inexact(answer) is None and bool(seal(exact_text(answer), self.qid) == self.public["exact"])

    def within(self, answer: float) -> bool:
        low, high = self.public["within"]
        return bool(low <= answer <= high)

    def mistake_near(self, answer: float) -> str | None:
        return next((str(hint) for low, high, hint in self.public["mistakes"] if low <= answer <= high), None)


@dataclass(frozen=True)
class _SimulationShares:
    qid: str
    public: Public

    @property
    def hint(self) -> str:
        return str(self.public["hint"])

    @property
    def rounds(self) -> int:
        return int(self.public["rounds"])

    @property
    def seed(self) -> int:
        return int(self.public["seed"])

    def results(self) -> Sequence[Any]:
        return [plain.decode(result) for result, _, _ in self.public["shares"]]

    def share_is_right(self, index: int, share: float) -> bool:
        _, low, high = self.public["shares"][index]
        return bool(low <= share <= high)

    def expected(self) -> Mapping[Any, Fraction]:
        return {plain.decode(r): Fraction(low + high) / 2 for r, low, high in self.public["shares"]}


def judge(question_id: str, public: Public, answer: Any) -> Feedback:
    """Right, or not right yet with a hint, from the public data alone."""
    kind, salt = public.get("kind"), public.get("salt", "")
    sid = salted(question_id, salt if isinstance(salt, str) else "")
    if kind == "exact":
        return judge_exact(question_id, answer, _ExactHashes(sid, public))
    if kind == "rule":
        return judge_rule(question_id, answer, _RuleHashes(sid, public))
    if kind == "estimate":
        return judge_estimate(question_id, answer, _EstimateInterval(sid, public))
    if kind == "simulation":
        return judge_simulation(question_id, answer, _SimulationShares(question_id, public))
    if kind == "by hand":
        return Feedback(question_id, Status.BY_HAND)
    raise ValueError(f"{question_id}: a check of unknown kind {kind!r}; rebuild the notebook with this package")


# ---------------------------------------------------------------- in a notebook: packed, loaded, used

_LOADED: dict[str, dict[str, Public]] = {}


def pack(checks: Mapping[str, Public]) -> str:
    """An assignment's public checks, by short question ID, as one line of text for a notebook's hidden cell.

    >>> unpack(pack({"six": {"kind": "by hand"}}))
    {'six': {'kind': 'by hand'}}
    """
    text = json.dumps(dict(checks), separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(text, 9)).decode("ascii")


def unpack(packed: str) -> dict[str, Public]:
    """The checks :func:`pack` packed; a clear error for text that is not such data.

    >>> unpack("not checks")
    Traceback (most recent call last):
    ...
    ValueError: these are not a notebook's checks (the hidden cell was changed?); download the notebook again
    """
    try:
        checks = json.loads(zlib.decompress(base64.b64decode(packed, validate=True)))
    except (binascii.Error, zlib.error, ValueError, TypeError):
        checks = None
    if not isinstance(checks, dict) or not all(isinstance(v, dict) for v in checks.values()):
        raise ValueError("these are not a notebook's checks (the hidden cell was changed?); download the notebook again")
    return checks


def load_checks(assignment: str, packed: str) -> None:
    """Load an assignment's checks from a notebook's hidden cell, for its check cells (see the module's example)."""
    _LOADED[assignment] = unpack(packed)


def check(question_id: str, answer: Any) -> Feedback:
    """A check cell's check: the public data of ``"assignment.question"`` judging ``answer``.

    >>> load_checks("dice", pack({"why": {"kind": "by hand"}}))
    >>> check("dice.why", "because")
    dice.why: marked by hand.
    >>> check("poker.flush", 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: this notebook's checks are of ...dice..., not of 'poker'; an ID is 'assignment.question', such as '...'
    """
    assignment, dot, short = question_id.partition(".")
    if not dot:
        raise ValueError(f"{question_id!r} is not a question ID; an ID is 'assignment.question', e.g. 'roulette.red'")
    questions = _LOADED.get(assignment)
    if questions is None:
        if _LOADED:
            example = next(f"{name}.{q}" for name, qs in _LOADED.items() for q in qs)
            raise ValueError(f"this notebook's checks are of {', '.join(_LOADED)}, not of {assignment!r}; an ID is "
                             f"'assignment.question', such as {example!r}")
        raise ValueError(f"the checks of {assignment!r} are not loaded: run the notebook's cells in order from the top "
                         "(a hidden cell there loads them), then this cell again")
    if short not in questions:
        raise ValueError(f"assignment {assignment!r} has no question {short!r}; its questions are: {', '.join(questions)}")
    return judge(question_id, questions[short], answer)
