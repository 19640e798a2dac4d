"""Judging an answer, written once: the teacher's key and a student's check cell say the same things in the same words.

A question knows its right answer in one of two forms: as values (the teacher's
key, :mod:`~casino_math.classroom.checks`) or as salted hashes and intervals (the
public data a student's notebook carries, :mod:`~casino_math.classroom.public`).
Each form answers a few plain questions about an answer ("is this the right
number?", "which common mistake is it?"); the judges here turn those answers into
a verdict and a hint, the same for both.  There is one judge for each kind of
question: one exact number, a function judged outcome by outcome (a rule), a
simulation's estimate, and a function that plays one round.

>>> from fractions import Fraction
>>> class Sixth:
...     hint, sign, probability = "count the faces", "check the sign", True
...     def is_right(self, answer): return answer == Fraction(1, 6)
...     def float_is_right(self, answer): return abs(answer - 1 / 6) < 1e-12
...     def mistake(self, answer): return "a die has six faces" if answer == Fraction(1, 5) else None
...     def is_negated(self, answer): return answer == Fraction(-1, 6)
>>> judge_exact("dice.six", Fraction(1, 5), Sixth())
dice.six: not right yet. Hint: a die has six faces.
>>> judge_exact("dice.six", 1 / 6, Sixth()).hint[-32:]
'so only the exactness is missing'
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cache
from numbers import Rational, Real
from typing import Any, Protocol

from .verdict import Feedback, Status

#: How many standard errors an estimate may miss by and still count as right.  A correct simulation misses by more
#: than 4 standard errors about once in 16,000 runs, so a seeded simulation that is right is (all but) never wrong.
TOLERANCE = 4
#: Rounds of the slow hash of an exact answer.
ROUNDS = 20_000
#: A simulation's rounds are cut into this many blocks, to see whether its results vary from block to block as
#: chance makes them vary.
BLOCKS = 50
#: What a simulation whose results vary too little is told.
TOO_EVEN = ("its results are spread over the rounds more evenly than chance ever spreads them: play each round "
            "with the rng the check passes it")
EXACTLY = "so it cannot be exact: build the answer from whole-number counts as a Fraction, for example Fraction(3, 8)"
FLOAT_RIGHT = "; its value is right to the digits a float keeps, so only the exactness is missing"
NO_RETURN = "the function returns None: finish it with a return statement"


def seal(text: str, salt: str, rounds: int = ROUNDS) -> str:
    """A salted hash of an answer written as text.

    >>> seal("9/19", "roulette.red") == seal("9/19", "roulette.red") != seal("9/19", "roulette.black")
    True
    """
    return hashlib.pbkdf2_hmac("sha256", text.encode(), salt.encode(), rounds).hex()[:32]


def exact_text(value: Any) -> str:
    """An exact number as the text that is hashed.

    >>> exact_text(Fraction(6, 4)), exact_text(3)
    ('3/2', '3/1')
    """
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def float_text(value: Any) -> str:
    """A decimal as the text that is hashed (12 significant digits, so that a float's last bits do not matter).

    >>> float_text(1 / 3)
    '0.333333333333'
    """
    return f"{float(value):.12g}"


def is_blank(answer: object) -> bool:
    """Whether an answer has not been given yet: the ``...`` of the blank notebook, or ``None``.

    >>> is_blank(...), is_blank(None), is_blank(0)
    (True, True, False)
    """
    return answer is ... or answer is None


def inexact(value: object) -> str | None:
    """Why ``value`` is not an exact number, or ``None`` when it is one (an int or a Fraction).

    >>> inexact(Fraction(9, 19)) is None, inexact(7) is None
    (True, True)
    >>> inexact(0.25)
    '0.25 is a float, a decimal rounded to about 16 digits, so it cannot be exact: build the answer from whole-number counts as a Fraction, for example Fraction(3, 8)'
    >>> inexact("9/19")
    "'9/19' is text, not a number: write it as a Fraction, for example Fraction(3, 8)"
    """
    if isinstance(value, bool):
        return f"{value} is True or False, not a number: write the answer as a Fraction, for example Fraction(3, 8)"
    if isinstance(value, Rational):
        return None
    if isinstance(value, Decimal):
        return f"{value} is a Decimal, a rounded decimal, {EXACTLY}"
    if isinstance(value, Real):
        return f"{value!r} is a float, a decimal rounded to about 16 digits, {EXACTLY}"
    if isinstance(value, str):
        return f"{value!r} is text, not a number: write it as a Fraction, for example Fraction(3, 8)"
    return f"this is {a(type(value).__name__)}, not a number: the answer is one exact number, a Fraction"


def a(word: str) -> str:
    """A word with its indefinite article.

    >>> a("float"), a("int")
    ('a float', 'an int')
    """
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


@cache
def _off_centre(right: Fraction, salt: str) -> float:
    """How far, in standard errors, an accepted interval's centre sits from ``right``: a quarter to a half, above or
    below, as only the slow hash of ``right`` decides."""
    digest = int(seal(exact_text(right), f"{salt}:centre"), 16)
    size = (1 + (digest >> 1) / 2**127) / 4
    return size if digest & 1 else -size


def accepted(right: Fraction, error: float, salt: str) -> tuple[float, float]:
    """The interval an estimate of ``right`` with standard error ``error`` must fall in to count as right.

    It holds every value within :data:`TOLERANCE` standard errors of ``right``.  Its centre is moved off ``right`` by
    a quarter to a half of a standard error, so that the interval a notebook carries tells a student no more of the
    answer than a simulation of that size would.

    >>> low, high = accepted(Fraction(9, 19), 0.005, "roulette.simulate_red")
    >>> low <= 9 / 19 - 4 * 0.005 and 9 / 19 + 4 * 0.005 <= high
    True
    >>> 0.25 * 0.005 <= abs((low + high) / 2 - 9 / 19) <= 0.5 * 0.005
    True
    """
    centre = float(right) + _off_centre(Fraction(right), salt) * error
    half = (TOLERANCE + 0.5) * error
    return centre - half, centre + half


def too_even(results: Sequence[Any], exact: Mapping[Any, Fraction]) -> bool:
    """Whether ``results`` are spread over their rounds more evenly than chance ever spreads them.

    Cut into :data:`BLOCKS` blocks, a real simulation's counts of each result vary from block to block, and the
    chi-square statistic of the blocks' counts is about its degrees of freedom, ``BLOCKS x (results - 1)``.
    Results dealt out in the right proportions with no die rolled (a counter that hands each result out in turn)
    vary hardly at all.  A real simulation falls below a quarter of the degrees of freedom with a chance under 1
    in 50 million.

    >>> half = {1: Fraction(1, 2), -1: Fraction(1, 2)}
    >>> too_even([1, -1] * 1000, half)
    True
    >>> import random
    >>> coin = random.Random(1)
    >>> too_even([coin.choice([1, -1]) for _ in range(2000)], half)
    False
    """
    size, possible = len(results) // BLOCKS, [(r, p) for r, p in exact.items() if 0 < p < 1]
    if size == 0 or len(possible) < 2:
        return False
    statistic = 0.0
    for start in range(0, size * BLOCKS, size):
        counts = Counter(results[start:start + size])
        statistic += sum((counts[r] - size * float(p)) ** 2 / (size * float(p)) for r, p in possible)
    return statistic < BLOCKS * (len(possible) - 1) / 4


# ---------------------------------------------------------------- what each kind of question knows


class ExactFacts(Protocol):
    """What a question whose answer is one exact number knows about an answer."""

    @property
    def hint(self) -> str:
        """Said when the answer is wrong in a way no mistake names."""

    @property
    def sign(self) -> str:
        """Said, after "the size is right but the sign is not", when the answer is the right one negated."""

    @property
    def probability(self) -> bool:
        """Whether the answer is a probability (so anything outside 0 to 1 is wrong on sight)."""

    def is_right(self, answer: Fraction) -> bool: ...
    def float_is_right(self, answer: float) -> bool: ...
    def mistake(self, answer: Fraction) -> str | None: ...
    def is_negated(self, answer: Fraction) -> bool: ...


class RuleFacts(Protocol):
    """What a question whose answer is a function of an outcome (or of several arguments) knows."""

    @property
    def spread(self) -> bool:
        """Whether each outcome is a tuple of arguments (``f(*outcome)``) rather than one argument."""

    def outcomes(self) -> Sequence[Any]: ...
    def is_right(self, index: int, outcome: Any, got: Any) -> bool: ...
    def hint(self, index: int, outcome: Any, got: Any) -> str: ...


class EstimateFacts(Protocol):
    """What a question whose answer is a simulation's estimate knows."""

    @property
    def hint(self) -> str: ...
    @property
    def trials(self) -> int: ...

    def is_exact(self, answer: Any) -> bool: ...
    def within(self, answer: float) -> bool: ...
    def mistake_near(self, answer: float) -> str | None: ...


class SimulationFacts(Protocol):
    """What a question whose answer is a function ``play(rng)`` that plays one round knows."""

    @property
    def hint(self) -> str: ...
    @property
    def rounds(self) -> int: ...
    @property
    def seed(self) -> int: ...

    def results(self) -> Sequence[Any]: ...
    def share_is_right(self, index: int, share: float) -> bool: ...
    def expected(self) -> Mapping[Any, Fraction]: ...


# ---------------------------------------------------------------- the judges


def judge_exact(qid: str, answer: Any, facts: ExactFacts) -> Feedback:
    """Right, or not right yet with a hint: the mistake the answer shows, a sign, a float, or the general hint.

    A value that is both a named mistake and the right answer negated gets a hint that names both.
    """
    if is_blank(answer):
        return Feedback(qid, Status.NOT_ANSWERED)
    problem = inexact(answer)
    if problem:
        if isinstance(answer, (Real, Decimal)) and not isinstance(answer, bool) and math.isfinite(float(answer)) \
                and facts.float_is_right(float(answer)):
            problem += FLOAT_RIGHT
        return Feedback(qid, Status.WRONG, problem)
    value = Fraction(answer)
    if facts.is_right(value):
        return Feedback(qid, Status.RIGHT)
    if facts.probability and not 0 <= value <= 1:
        return Feedback(qid, Status.WRONG, f"{value} is not between 0 and 1, so it cannot be a probability")
    mistake, negated = facts.mistake(value), facts.is_negated(value)
    if mistake and negated:
        return Feedback(qid, Status.WRONG, f"two mistakes give this answer: either the size is right but the sign is "
                                           f"not ({facts.sign}), or {mistake}")
    if mistake:
        return Feedback(qid, Status.WRONG, mistake)
    if negated:
        return Feedback(qid, Status.WRONG, f"the size is right but the sign is not: {facts.sign}")
    return Feedback(qid, Status.WRONG, facts.hint)


def arguments(outcome: Any, spread: bool) -> tuple[Any, ...]:
    """The arguments a rule's function is called with on an outcome.

    >>> arguments((18, 1, 2), True), arguments((18, 1, 2), False)
    ((18, 1, 2), ((18, 1, 2),))
    """
    return tuple(outcome) if spread else (outcome,)


def shown_call(outcome: Any, spread: bool) -> str:
    """How a call on an outcome is named in a hint.

    >>> shown_call("17", False), shown_call((18, 1, 2), True)
    ("on '17'", 'with 18, 1, 2')
    """
    return "with " + ", ".join(map(repr, outcome)) if spread else f"on {outcome!r}"


def judge_rule(qid: str, answer: Any, facts: RuleFacts) -> Feedback:
    """Right when the function gives the right result on every outcome; else a hint about the first it gets wrong."""
    if is_blank(answer):
        return Feedback(qid, Status.NOT_ANSWERED)
    if not callable(answer):
        return Feedback(qid, Status.WRONG, f"this is {a(type(answer).__name__)}; the answer is a function (def ...)")
    results = []
    outcomes = facts.outcomes()
    for outcome in outcomes:
        try:
            results.append(answer(*arguments(outcome, facts.spread)))
        except Exception as error:  # noqa: BLE001  (the student's code: any error is feedback, not a crash)
            return Feedback(qid, Status.WRONG, f"calling it {shown_call(outcome, facts.spread)} raised "
                                               f"{type(error).__name__}: {error}")
    if all(got is None for got in results):
        return Feedback(qid, Status.NOT_ANSWERED, NO_RETURN)
    for index, (outcome, got) in enumerate(zip(outcomes, results, strict=True)):
        if not facts.is_right(index, outcome, got):
            return Feedback(qid, Status.WRONG, facts.hint(index, outcome, got))
    return Feedback(qid, Status.RIGHT)


def judge_estimate(qid: str, answer: Any, facts: EstimateFacts) -> Feedback:
    """Right when close enough to the exact value; otherwise a mistake it lies near, or that it is too far."""
    if is_blank(answer):
        return Feedback(qid, Status.NOT_ANSWERED)
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return Feedback(qid, Status.WRONG, f"this is {a(type(answer).__name__)}; the answer is a number, the estimate")
    if facts.is_exact(answer):
        return Feedback(qid, Status.WRONG, "this is the exact value, not an estimate: run the simulation and give the "
                                           "share it finds")
    if facts.within(float(answer)):
        return Feedback(qid, Status.RIGHT)
    mistake = facts.mistake_near(float(answer))
    if mistake:
        return Feedback(qid, Status.WRONG, mistake)
    # How far off is not said: with the answer given, it would give the exact value away.
    return Feedback(qid, Status.WRONG, f"{answer} is further from the exact value than a simulation of {facts.trials} "
                                       f"rounds almost ever misses by ({TOLERANCE} standard errors): {facts.hint}")


def judge_simulation(qid: str, answer: Any, facts: SimulationFacts,
                     rng_of: Callable[[int], Any] | None = None) -> Feedback:
    """Right when every result is one a round can give, each comes up about as often as it should, and the results
    vary from block to block as chance makes them vary."""
    if is_blank(answer):
        return Feedback(qid, Status.NOT_ANSWERED)
    if not callable(answer):
        return Feedback(qid, Status.WRONG, f"this is {a(type(answer).__name__)}; the answer is a function play(rng)")
    if rng_of is None:
        import numpy as np

        rng_of = np.random.default_rng
    possible = list(facts.results())
    rng, counts, played = rng_of(facts.seed), Counter[Any](), []
    for _ in range(facts.rounds):
        try:
            result = answer(rng)
        except Exception as error:  # noqa: BLE001  (the student's code: any error is feedback, not a crash)
            return Feedback(qid, Status.WRONG, f"calling it raised {type(error).__name__}: {error}")
        if result is None:
            return Feedback(qid, Status.NOT_ANSWERED, NO_RETURN)
        if result not in possible:
            return Feedback(qid, Status.WRONG, f"it returned {result!r}, which one round cannot give; the results a "
                                               f"round can give are {', '.join(str(x) for x in possible)}")
        counts[result] += 1
        played.append(result)
    for index, result in enumerate(possible):
        share = counts[result] / facts.rounds
        if not facts.share_is_right(index, share):
            return Feedback(qid, Status.WRONG, f"the share of rounds ending in {result} is {share:.3f}, too far from "
                                               f"its exact probability to be chance: {facts.hint}")
    if too_even(played, facts.expected()):
        return Feedback(qid, Status.WRONG, TOO_EVEN)
    return Feedback(qid, Status.RIGHT)
