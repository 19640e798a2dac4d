"""Checking an answer: right, or not right yet with a hint, and never the answer itself.

Every question of an assignment is a small value that knows how to judge an
answer.  There are four kinds:

- :class:`Exact`: one exact number (a probability, an expected value, a house
  edge), which must be a ``Fraction`` (or a whole number);
- :class:`Rule`: a function, such as the rule that says whether a bet wins on
  an outcome, judged outcome by outcome;
- :class:`Estimate`: a number from a simulation, judged against the exact
  value it estimates with a margin of a few standard errors;
- :class:`Simulation`: a function that plays one round with a random
  generator, run many times and judged by how often each result comes up.

A question knows the right answer by computing it with the library, and it
knows the common wrong answers (36 pockets instead of 38, a tie that loses
instead of pushing, dice counted unordered) so that it can say what went
wrong.  A hint never states the right answer.

>>> six = Exact("demo.six", right=lambda: Fraction(1, 6), hint="count the faces that win, and all the faces",
...             mistakes=lambda: {Fraction(1, 5): "a die has six faces, not five"})
>>> six.judge(Fraction(1, 6))
demo.six: right.
>>> six.judge(Fraction(1, 5))
demo.six: not right yet. Hint: a die has six faces, not five.
>>> six.judge(Fraction(2, 7))
demo.six: not right yet. Hint: count the faces that win, and all the faces.
>>> six.judge(...)
demo.six: not answered yet.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cache
from numbers import Rational, Real
from typing import Any

#: The three things a check can say.
RIGHT, WRONG, NOT_ANSWERED = "right", "not right yet", "not answered yet"

#: How many standard errors an estimate may miss by and still count as right.
#: A correct simulation misses by more than 4 standard errors about once in
#: 16,000 runs, so a seeded simulation that is right is (all but) never called wrong.
TOLERANCE = 4
#: Rounds of the slow hash of an exact answer.
ROUNDS = 20_000
#: A simulation's rounds are cut into this many blocks, to see whether its results vary from block to block as
#: chance makes them vary.
BLOCKS = 50
#: What a simulation whose results vary too little is told.
TOO_EVEN = ("its results are spread over the rounds more evenly than chance ever spreads them: play each round "
            "with the rng the check passes it")


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


@cache
def _off_centre(right: Fraction, salt: str) -> float:
    """How far, in standard errors, an accepted interval's centre sits from ``right``: a quarter to a half, above or
    below, as only the slow hash of ``right`` decides."""
    digest = int(seal(exact_text(right), f"{salt}:centre"), 16)
    size = (1 + (digest >> 1) / 2**127) / 4
    return size if digest & 1 else -size


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


def accepted(right: Fraction, error: float, salt: str) -> tuple[float, float]:
    """The interval an estimate of ``right`` with standard error ``error`` must fall in to count as right.

    It holds every value within :data:`TOLERANCE` standard errors of ``right``.  Its centre is moved off ``right`` by
    a quarter to a half of a standard error, so that the interval a check cell ships (see
    :mod:`~casino_math.classroom.public`) tells a student no more of the answer than a simulation of that size would.

    >>> low, high = accepted(Fraction(9, 19), 0.005, "roulette.simulate_red")
    >>> low <= 9 / 19 - 4 * 0.005 and 9 / 19 + 4 * 0.005 <= high
    True
    >>> 0.25 * 0.005 <= abs((low + high) / 2 - 9 / 19) <= 0.5 * 0.005
    True
    """
    centre = float(right) + _off_centre(Fraction(right), salt) * error
    half = (TOLERANCE + 0.5) * error
    return centre - half, centre + half


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer: right, not right yet (with a hint), or not answered yet."""

    question: str
    """The question's ID, as written in the check cell (``"roulette.red"``)."""
    status: str
    """One of :data:`RIGHT`, :data:`WRONG`, :data:`NOT_ANSWERED`."""
    hint: str = ""
    """What to look at again; never the answer."""

    def __repr__(self) -> str:
        text = f"{self.question}: {self.status}."
        return f"{text} Hint: {_sentence(self.hint)}" if self.hint else text

    @property
    def right(self) -> bool:
        """Whether the answer is right.

        >>> Feedback("demo.six", RIGHT).right, Feedback("demo.six", WRONG, "count again").right
        (True, False)
        """
        return self.status == RIGHT


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


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
    exactly = "so it cannot be exact: build the answer from whole-number counts as a Fraction, for example Fraction(3, 8)"
    if isinstance(value, Decimal):
        return f"{value} is a Decimal, a rounded decimal, {exactly}"
    if isinstance(value, Real):
        return f"{value!r} is a float, a decimal rounded to about 16 digits, {exactly}"
    if isinstance(value, str):
        return f"{value!r} is text, not a number: write it as a Fraction, for example Fraction(3, 8)"
    return f"this is {_a(type(value).__name__)}, not a number: the answer is one exact number, a Fraction"


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _close(x: float, q: Fraction) -> bool:
    return math.isclose(x, float(q), rel_tol=1e-9, abs_tol=1e-12)


@dataclass(frozen=True)
class Exact:
    """A question whose answer is one exact number.

    ``right`` computes the right answer (with the library, so it follows the
    rules); ``mistakes`` computes the common wrong answers, each with the hint
    it deserves; ``hint`` is said when the answer is wrong in some other way.

    >>> q = Exact("demo.edge", right=lambda: Fraction(1, 19), hint="the house edge is minus the expected value",
    ...           sign="the house edge is positive when the house wins on average")
    >>> q.judge(Fraction(-1, 19))
    demo.edge: not right yet. Hint: the size is right but the sign is not: the house edge is positive when the house wins on average.
    >>> q.judge(1 / 19)
    demo.edge: not right yet. Hint: 0.05263157894736842 is a float, a decimal rounded to about 16 digits, so it cannot be exact: build the answer from whole-number counts as a Fraction, for example Fraction(3, 8); its value is right to the digits a float keeps, so only the exactness is missing.
    """

    id: str
    right: Callable[[], Fraction] = field(repr=False)
    hint: str
    mistakes: Callable[[], Mapping[Fraction, str]] = field(default=dict, repr=False)
    sign: str = "check the sign"
    probability: bool = False
    """Whether the answer is a probability (so anything below 0 or above 1 is wrong on sight)."""

    def judge(self, answer: Any) -> Feedback:
        """Right, or not right yet with a hint (see the class's examples)."""
        if is_blank(answer):
            return Feedback(self.id, NOT_ANSWERED)
        right = Fraction(self.right())
        problem = inexact(answer)
        if problem:
            if isinstance(answer, (Real, Decimal)) and not isinstance(answer, bool) and _close(float(answer), right):
                problem += "; its value is right to the digits a float keeps, so only the exactness is missing"
            return Feedback(self.id, WRONG, problem)
        answer = Fraction(answer)
        if answer == right:
            return Feedback(self.id, RIGHT)
        if self.probability and not 0 <= answer <= 1:
            return Feedback(self.id, WRONG, f"{answer} is not between 0 and 1, so it cannot be a probability")
        for wrong, hint in self.mistakes().items():
            if answer == wrong and wrong != right:
                return Feedback(self.id, WRONG, hint)
        if right and answer == -right:
            return Feedback(self.id, WRONG, f"the size is right but the sign is not: {self.sign}")
        return Feedback(self.id, WRONG, self.hint)


@dataclass(frozen=True)
class Rule:
    """A question whose answer is a function of an outcome, such as the rule that says whether a bet wins.

    The function is called on every outcome of ``outcomes()`` and compared with
    ``right``; ``same`` says whether two results agree (by default, as truth
    values, so ``1`` and ``True`` both mean "wins").  At the first outcome where
    they differ, ``hint(outcome, result)`` says what to look at.

    >>> evens = Rule("demo.even", outcomes=lambda: range(1, 7), right=lambda face: face % 2 == 0,
    ...              hint=lambda face, got: f"look at face {face} again")
    >>> evens.judge(lambda face: face in (2, 4, 6))
    demo.even: right.
    >>> evens.judge(lambda face: face in (2, 4))
    demo.even: not right yet. Hint: look at face 6 again.
    >>> evens.judge(lambda face: face / 0)
    demo.even: not right yet. Hint: calling it on 1 raised ZeroDivisionError: division by zero.
    >>> def unfinished(face):
    ...     ...
    >>> evens.judge(unfinished)
    demo.even: not answered yet. Hint: the function returns None: finish it with a return statement.
    """

    id: str
    outcomes: Callable[[], Iterable[Any]] = field(repr=False)
    right: Callable[[Any], Any] = field(repr=False)
    hint: Callable[[Any, Any], str] = field(repr=False)
    same: Callable[[Any, Any], bool] = field(default=lambda got, want: same_truth(got, want), repr=False)

    def judge(self, answer: Any) -> Feedback:
        """Right, or not right yet with a hint about the first outcome it gets wrong."""
        if is_blank(answer):
            return Feedback(self.id, NOT_ANSWERED)
        if not callable(answer):
            return Feedback(self.id, WRONG, f"this is {_a(type(answer).__name__)}; the answer is a function (def ...)")
        results = []
        for outcome in self.outcomes():
            try:
                results.append((outcome, answer(outcome)))
            except Exception as error:  # noqa: BLE001  (the student's code: any error is feedback, not a crash)
                return Feedback(self.id, WRONG, f"calling it on {outcome!r} raised {type(error).__name__}: {error}")
        if all(got is None for _, got in results):
            return Feedback(self.id, NOT_ANSWERED, "the function returns None: finish it with a return statement")
        for outcome, got in results:
            if not self.same(got, self.right(outcome)):
                return Feedback(self.id, WRONG, self.hint(outcome, got))
        return Feedback(self.id, RIGHT)


def same_truth(got: Any, want: Any) -> bool:
    """Whether a function's result means what the one wanted means, as True/False (``1`` and ``True`` both win).

    Text is not a truth value: ``"False"`` would count as true.

    >>> same_truth(1, True), same_truth(0, False), same_truth("False", True)
    (True, True, False)
    """
    return isinstance(got, int) and bool(got) == bool(want)


def same_whole(got: Any, want: Any) -> bool:
    """Whether a function's result is the whole number wanted (neither True/False nor a float): for :class:`Rule`.

    >>> same_whole(7, 7), same_whole(7.0, 7), same_whole(True, 1)
    (True, False, False)
    """
    return got == want and not isinstance(got, (bool, float))


def same_exact(got: Any, want: Any) -> bool:
    """Whether a function's result is the exact number wanted (a float never is): for :class:`Rule`'s ``same``.

    >>> same_exact(Fraction(7, 6), Fraction(7, 6)), same_exact(7 / 6, Fraction(7, 6))
    (True, False)
    """
    return inexact(got) is None and Fraction(got) == want


@dataclass(frozen=True)
class Estimate:
    """A question whose answer is an estimate from a simulation of ``trials`` rounds.

    It is right when it lies in the interval :func:`accepted` gives, which
    holds every value within :data:`TOLERANCE` standard errors of the exact
    value (``right``); ``sd`` is the standard deviation of one round's
    result, so the standard error is ``sd / sqrt(trials)``.  An answer that is
    the exact value itself is not a simulation's estimate.

    >>> heads = Estimate("demo.heads", right=lambda: Fraction(1, 2), sd=lambda: 0.5, trials=10_000,
    ...                  hint="count the share of tosses that come up heads")
    >>> heads.judge(0.4962)
    demo.heads: right.
    >>> heads.judge(0.55)
    demo.heads: not right yet. Hint: 0.55 is further from the exact value than a simulation of 10000 rounds almost ever misses by (4 standard errors): count the share of tosses that come up heads.
    >>> heads.judge(Fraction(1, 2))
    demo.heads: not right yet. Hint: this is the exact value, not an estimate: run the simulation and give the share it finds.
    """

    id: str
    right: Callable[[], Fraction] = field(repr=False)
    sd: Callable[[], float] = field(repr=False)
    trials: int
    hint: str
    mistakes: Callable[[], Mapping[Fraction, str]] = field(default=dict, repr=False)

    def judge(self, answer: Any) -> Feedback:
        """Right when close enough to the exact value; otherwise how far off, with a hint."""
        if is_blank(answer):
            return Feedback(self.id, NOT_ANSWERED)
        if isinstance(answer, bool) or not isinstance(answer, Real):
            return Feedback(self.id, WRONG, f"this is {_a(type(answer).__name__)}; the answer is a number, the estimate")
        right = Fraction(self.right())
        if answer == right:
            return Feedback(self.id, WRONG, "this is the exact value, not an estimate: run the simulation and give the share it finds")
        error = self.sd() / math.sqrt(self.trials)
        low, high = accepted(right, error, self.id)
        if low <= float(answer) <= high:
            return Feedback(self.id, RIGHT)
        for wrong, hint in self.mistakes().items():
            if abs(float(answer) - float(wrong)) <= TOLERANCE * error:
                return Feedback(self.id, WRONG, hint)
        return Feedback(  # how far off is not said: with the answer given, it would give the exact value away
            self.id,
            WRONG,
            f"{answer} is further from the exact value than a simulation of {self.trials} rounds almost ever misses "
            f"by ({TOLERANCE} standard errors): {self.hint}",
        )


@dataclass(frozen=True)
class Simulation:
    """A question whose answer is a function ``play(rng)`` that plays one round and returns its result.

    The function is run ``rounds`` times with a seeded ``numpy.random.Generator``;
    every result must be one the round can give (a value of ``right()``, the
    exact distribution of one round's result), and the share of rounds ending
    in each result must lie in the interval :func:`accepted` gives around its
    exact probability (every share within :data:`TOLERANCE` standard errors of it).

    >>> from casino_math.dice import coin
    >>> toss = Simulation("demo.toss", right=lambda: coin().map(lambda side: 1 if side == "H" else -1),
    ...                   rounds=2_000, hint="a toss wins 1 on heads and loses 1 on tails")
    >>> toss.judge(lambda rng: 1 if rng.integers(2) == 0 else -1)
    demo.toss: right.
    >>> toss.judge(lambda rng: 1 if rng.integers(3) == 0 else -1)
    demo.toss: not right yet. Hint: the share of rounds ending in -1 is 0.657, too far from its exact probability to be chance: a toss wins 1 on heads and loses 1 on tails.
    >>> toss.judge(lambda rng: 2)
    demo.toss: not right yet. Hint: it returned 2, which one round cannot give; the results a round can give are -1, 1.
    """

    id: str
    right: Callable[[], Any] = field(repr=False)
    rounds: int
    hint: str
    seed: int = 2024

    def judge(self, answer: Any) -> Feedback:
        """Right when every result is possible and each comes up about as often as it should."""
        import numpy as np

        if is_blank(answer):
            return Feedback(self.id, NOT_ANSWERED)
        if not callable(answer):
            return Feedback(self.id, WRONG, f"this is {_a(type(answer).__name__)}; the answer is a function play(rng)")
        exact = self.right()
        rng = np.random.default_rng(self.seed)
        counts: dict[Any, int] = {}
        played = []
        for _ in range(self.rounds):
            try:
                result = answer(rng)
            except Exception as error:  # noqa: BLE001  (the student's code: any error is feedback, not a crash)
                return Feedback(self.id, WRONG, f"calling it raised {type(error).__name__}: {error}")
            if result is None:
                return Feedback(self.id, NOT_ANSWERED, "the function returns None: finish it with a return statement")
            if result not in exact:
                possible = ", ".join(str(x) for x in sorted(exact))
                return Feedback(self.id, WRONG, f"it returned {result!r}, which one round cannot give; "
                                f"the results a round can give are {possible}")
            counts[result] = counts.get(result, 0) + 1
            played.append(result)
        for index, (result, p) in enumerate(sorted(exact.items())):
            share = counts.get(result, 0) / self.rounds
            low, high = accepted(p, math.sqrt(float(p * (1 - p)) / self.rounds), f"{self.id}:{index}")
            if not low <= share <= high:
                return Feedback(self.id, WRONG, f"the share of rounds ending in {result} is {share:.3f}, "
                                f"too far from its exact probability to be chance: {self.hint}")
        if too_even(played, exact):
            return Feedback(self.id, WRONG, TOO_EVEN)
        return Feedback(self.id, RIGHT)


#: A check of any of the four kinds.
Check = Exact | Rule | Estimate | Simulation
