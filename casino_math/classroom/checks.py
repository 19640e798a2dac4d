"""The kinds of question a teacher's answer key holds: each knows its right answer, and its common mistakes.

There are five kinds:

- :class:`Exact`: one exact number (a probability, an expected value, a house
  edge), which must be a ``Fraction`` (or a whole number);
- :class:`Rule`: a function, such as the rule that says whether a bet wins on
  an outcome, judged outcome by outcome (a function of several arguments too);
- :class:`Estimate`: a number from a simulation, judged against the exact
  value it estimates with a margin of a few standard errors;
- :class:`Simulation`: a function that plays one round with a random
  generator, run many times and judged by how often each result comes up;
- :class:`ByHand`: free text or a derivation, which the teacher marks.

A question knows the right answer by computing it with the library, and it
knows the common wrong answers (36 pockets instead of 38, a tie that loses
instead of pushing, dice counted unordered) so that it can say what went
wrong.  A hint never states the right answer.  The verdicts and hints come from
:mod:`~casino_math.classroom.judges`, the same judges a student's check cell uses.

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

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .judges import (
    TOLERANCE,
    accepted,
    inexact,
    judge_estimate,
    judge_exact,
    judge_rule,
    judge_simulation,
)
from .verdict import Feedback, Status

__all__ = ["ByHand", "Check", "Estimate", "Exact", "Rule", "Simulation", "same_exact", "same_truth", "same_whole"]


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

    A value that two mistakes give gets a hint that fits both:

    >>> low = Exact("demo.edge", right=lambda: Fraction(1, 19), hint="h", sign="an edge is positive",
    ...             mistakes=lambda: {Fraction(-1, 19): "the zeros may not win"})
    >>> low.judge(Fraction(-1, 19))
    demo.edge: not right yet. Hint: two mistakes give this answer: either the size is right but the sign is not (an edge is positive), or the zeros may not win.
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
        return judge_exact(self.id, answer, _ExactValues(self, Fraction(self.right())))


@dataclass(frozen=True)
class _ExactValues:
    """An exact question's facts, from the values themselves."""

    question: Exact
    right: Fraction

    @property
    def hint(self) -> str:
        return self.question.hint

    @property
    def sign(self) -> str:
        return self.question.sign

    @property
    def probability(self) -> bool:
        return self.question.probability

    def is_right(self, answer: Fraction) -> bool:
        return answer == self.right

    def float_is_right(self, answer: float) -> bool:
        return math.isclose(answer, float(self.right), rel_tol=1e-9, abs_tol=1e-12)

    def mistake(self, answer: Fraction) -> str | None:
        return next((hint for wrong, hint in self.question.mistakes().items() if answer == wrong != self.right), None)

    def is_negated(self, answer: Fraction) -> bool:
        return bool(self.right) and answer == -self.right


@dataclass(frozen=True)
class Rule:
    """A question whose answer is a function of an outcome, such as the rule that says whether a bet wins.

    The function is called on every outcome of ``outcomes()`` and compared with
    ``right``; ``same`` says whether two results agree (by default, as truth
    values, so ``1`` and ``True`` both mean "wins").  At the first outcome where
    they differ, ``hint(outcome, result)`` says what to look at.  With
    ``spread=True`` each outcome is a tuple of arguments: the function is called
    as ``f(*outcome)``, and ``right`` likewise.

    >>> evens = Rule("demo.even", outcomes=lambda: range(1, 7), right=lambda face: face % 2 == 0,
    ...              hint=lambda face, got: f"look again at face {face}")
    >>> evens.judge(lambda face: face in (2, 4, 6))
    demo.even: right.
    >>> evens.judge(lambda face: face in (2, 4))
    demo.even: not right yet. Hint: look again at face 6.
    >>> evens.judge(lambda face: face / 0)
    demo.even: not right yet. Hint: calling it on 1 raised ZeroDivisionError: division by zero.
    >>> def unfinished(face):
    ...     ...
    >>> evens.judge(unfinished)
    demo.even: not answered yet. Hint: the function returns None: finish it with a return statement.
    >>> dice = Rule("demo.sum", outcomes=lambda: [(1, 6), (2, 2)], right=lambda a, b: a + b, same=same_whole,
    ...             hint=lambda dice, got: f"look again at the dice {dice}", spread=True)
    >>> dice.judge(lambda a, b: a + b), dice.judge(lambda a, b: a * b)
    (demo.sum: right., demo.sum: not right yet. Hint: look again at the dice (1, 6).)
    """

    id: str
    outcomes: Callable[[], Iterable[Any]] = field(repr=False)
    right: Callable[..., Any] = field(repr=False)
    hint: Callable[[Any, Any], str] = field(repr=False)
    same: Callable[[Any, Any], bool] = field(default=lambda got, want: same_truth(got, want), repr=False)
    spread: bool = False
    """Whether each outcome is a tuple of the function's arguments."""

    def want(self, outcome: Any) -> Any:
        """The right result on ``outcome``."""
        return self.right(*outcome) if self.spread else self.right(outcome)

    def judge(self, answer: Any) -> Feedback:
        """Right, or not right yet with a hint about the first outcome it gets wrong."""
        return judge_rule(self.id, answer, _RuleValues(self, tuple(self.outcomes())))


@dataclass(frozen=True)
class _RuleValues:
    question: Rule
    listed: tuple[Any, ...]

    @property
    def spread(self) -> bool:
        return self.question.spread

    def outcomes(self) -> Sequence[Any]:
        return self.listed

    def is_right(self, index: int, outcome: Any, got: Any) -> bool:
        return self.question.same(got, self.question.want(outcome))

    def hint(self, index: int, outcome: Any, got: Any) -> str:
        return self.question.hint(outcome, got)


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
    return bool(got == want) and not isinstance(got, (bool, float))


def same_exact(got: Any, want: Any) -> bool:
    """Whether a function's result is the exact number wanted (a float never is): for :class:`Rule`'s ``same``.

    >>> same_exact(Fraction(7, 6), Fraction(7, 6)), same_exact(7 / 6, Fraction(7, 6))
    (True, False)
    """
    return inexact(got) is None and Fraction(got) == want


@dataclass(frozen=True)
class Estimate:
    """A question whose answer is an estimate from a simulation of ``trials`` rounds.

    It is right when it lies in the interval :func:`~casino_math.classroom.judges.accepted` gives, which
    holds every value within :data:`~casino_math.classroom.judges.TOLERANCE` standard errors of the exact
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

    def error(self) -> float:
        """The standard error of a right estimate."""
        return self.sd() / math.sqrt(self.trials)

    def judge(self, answer: Any) -> Feedback:
        """Right when close enough to the exact value; otherwise how far off, with a hint."""
        return judge_estimate(self.id, answer, _EstimateValues(self, Fraction(self.right()), self.error()))


@dataclass(frozen=True)
class _EstimateValues:
    question: Estimate
    right: Fraction
    error: float

    @property
    def hint(self) -> str:
        return self.question.hint

    @property
    def trials(self) -> int:
        return self.question.trials

    def is_exact(self, answer: Any) -> bool:
        return inexact(answer) is None and Fraction(answer) == self.right

    def within(self, answer: float) -> bool:
        low, high = accepted(self.right, self.error, self.question.id)
        return low <= answer <= high

    def mistake_near(self, answer: float) -> str | None:
        return next((hint for wrong, hint in self.question.mistakes().items()
                     if abs(answer - float(wrong)) <= TOLERANCE * self.error), None)


@dataclass(frozen=True)
class Simulation:
    """A question whose answer is a function ``play(rng)`` that plays one round and returns its result.

    The function is run ``rounds`` times with a seeded ``numpy.random.Generator``;
    every result must be one the round can give (a value of ``right()``, the
    exact distribution of one round's result), and the share of rounds ending
    in each result must lie in the interval :func:`~casino_math.classroom.judges.accepted` gives around its
    exact probability (every share within four standard errors of it).

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

    def chances(self) -> list[tuple[Any, Fraction]]:
        """Each result a round can give, with its exact probability, in order."""
        return sorted(self.right().items())

    def judge(self, answer: Any) -> Feedback:
        """Right when every result is possible and each comes up about as often as it should."""
        return judge_simulation(self.id, answer, _SimulationValues(self, tuple(self.chances())))


@dataclass(frozen=True)
class _SimulationValues:
    question: Simulation
    listed: tuple[tuple[Any, Fraction], ...]

    @property
    def hint(self) -> str:
        return self.question.hint

    @property
    def rounds(self) -> int:
        return self.question.rounds

    @property
    def seed(self) -> int:
        return self.question.seed

    def results(self) -> Sequence[Any]:
        return [result for result, _ in self.listed]

    def share_is_right(self, index: int, share: float) -> bool:
        p = self.listed[index][1]
        low, high = accepted(p, math.sqrt(float(p * (1 - p)) / self.rounds), f"{self.question.id}:{index}")
        return low <= share <= high

    def expected(self) -> Mapping[Any, Fraction]:
        return dict(self.listed)


@dataclass(frozen=True)
class ByHand:
    """A question the teacher marks by hand: free text or a derivation.  The grader collects each student's answer
    on one page per question, for marking, and the marks come from a CSV the teacher fills in.

    >>> ByHand("demo.why", rubric="1 point for the recursion, 1 for solving it").judge("because")
    demo.why: marked by hand.
    """

    id: str
    rubric: str = ""
    """What earns the points, shown to the teacher on the marking page (never to a student)."""

    def judge(self, answer: Any) -> Feedback:
        """Marked by hand: the grader judges nothing."""
        return Feedback(self.id, Status.BY_HAND)


#: A check of any of the five kinds.
Check = Exact | Rule | Estimate | Simulation | ByHand
