"""Finite probability distributions with exact probabilities.

A :class:`Distribution` maps each outcome to its probability, a
:class:`~fractions.Fraction`.  It is built from whole-number counts (how many
equally likely ways each outcome can happen), so every probability is exact
from the start and stays exact through every operation.

>>> die = Distribution.uniform(range(1, 7))
>>> P(lambda face: face >= 5, die)
Fraction(1, 3)
>>> E(die)
Fraction(7, 2)
>>> two_dice = die + die
>>> two_dice[7]
Fraction(1, 6)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from decimal import Decimal, localcontext
from fractions import Fraction
from numbers import Rational
from typing import Any

Outcome = Hashable
Event = Callable[[Any], bool] | Iterable


def exact(value, what: str = "value") -> Fraction:
    """``value`` as a Fraction, refusing anything that is not exact.

    >>> exact(3), exact(Fraction(1, 2))
    (Fraction(3, 1), Fraction(1, 2))
    >>> exact(0.1)
    Traceback (most recent call last):
    ...
    TypeError: value 0.1 is a float; use a Fraction or an integer count (a float such as 0.1 is not exactly 1/10)
    """
    if isinstance(value, bool) or not isinstance(value, Rational):
        kind = type(value).__name__
        raise TypeError(
            f"{what} {value!r} is a {kind}; use a Fraction or an integer count"
            + (" (a float such as 0.1 is not exactly 1/10)" if isinstance(value, float) else "")
        )
    return Fraction(value)


class Distribution(Mapping):
    """An immutable finite distribution: outcome -> exact probability.

    Build one from probabilities that sum to 1, or from counts with
    :meth:`from_counts`, or from equally likely outcomes with :meth:`uniform`.

    >>> coin = Distribution({"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
    >>> coin["heads"]
    Fraction(1, 2)
    >>> Distribution({"heads": Fraction(1, 2), "tails": Fraction(1, 3)})
    Traceback (most recent call last):
    ...
    ValueError: probabilities sum to 5/6, not 1; every outcome must be listed and the probabilities must add up to exactly 1
    """

    __slots__ = ("_p",)

    def __init__(self, probabilities: Mapping[Outcome, Rational]):
        if isinstance(probabilities, Distribution):
            object.__setattr__(self, "_p", probabilities._p)
            return
        p = {}
        for outcome, value in probabilities.items():
            q = exact(value, f"the probability of {outcome!r}")
            if q < 0:
                raise ValueError(f"the probability of {outcome!r} is {q}; probabilities cannot be negative")
            if q:
                p[outcome] = q
        total = sum(p.values(), Fraction(0))
        if total != 1:
            raise ValueError(
                f"probabilities sum to {total}, not 1; every outcome must be listed "
                "and the probabilities must add up to exactly 1"
            )
        object.__setattr__(self, "_p", p)

    def __setattr__(self, name, value):
        raise AttributeError("a Distribution is immutable; build a new one with map, given or from_counts")

    @classmethod
    def _exact(cls, probabilities: dict) -> Distribution:
        """A distribution from Fractions already known to be positive and to sum to exactly 1.

        For the constructors below, whose arithmetic keeps those facts true, so
        that long sessions do not pay for re-adding thousands of fractions.
        """
        d = object.__new__(cls)
        object.__setattr__(d, "_p", probabilities)
        return d

    @classmethod
    def from_counts(cls, counts: Mapping[Any, int]) -> Distribution:
        """The distribution in which each outcome has probability count / total.

        >>> Distribution.from_counts({"red": 18, "black": 18, "green": 2})["green"]
        Fraction(1, 19)
        """
        for outcome, n in counts.items():
            if isinstance(n, bool) or not isinstance(n, int):
                raise TypeError(f"the count for {outcome!r} is {n!r}; counts must be whole numbers (int)")
            if n < 0:
                raise ValueError(f"the count for {outcome!r} is {n}; counts cannot be negative")
        total = sum(counts.values())
        if total == 0:
            raise ValueError("all counts are zero; at least one outcome must be possible")
        return cls._exact({outcome: Fraction(n, total) for outcome, n in counts.items() if n})

    @classmethod
    def uniform(cls, outcomes: Iterable[Outcome]) -> Distribution:
        """Equally likely outcomes (a repeated outcome counts once per appearance).

        >>> Distribution.uniform("HT")["H"]
        Fraction(1, 2)
        """
        return cls.from_counts(Counter(outcomes))

    # The Mapping interface: outcome -> probability.
    def __getitem__(self, outcome: Outcome) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self):
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome) -> bool:
        return outcome in self._p

    def __eq__(self, other) -> bool:
        return isinstance(other, Distribution) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        items = ", ".join(f"{o!r}: {p}" for o, p in self._p.items())
        return f"Distribution({{{items}}})"

    # The vocabulary of the chapters.
    def P(self, event: Event) -> Fraction:
        """The probability of an event: a predicate on outcomes, or a collection of them.

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.P({1, 2}), die.P(lambda face: face % 2 == 0)
        (Fraction(1, 3), Fraction(1, 2))
        """
        test = _as_predicate(event)
        return sum((p for o, p in self._p.items() if test(o)), Fraction(0))

    def E(self, f: Callable[[Any], Rational] | None = None) -> Fraction:
        """The expected value of ``f(outcome)`` (of the outcome itself if no f).

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.E(), die.E(lambda face: face * face)
        (Fraction(7, 2), Fraction(91, 6))
        """
        f = f or (lambda o: o)
        return sum((p * exact(f(o), f"the value of outcome {o!r}") for o, p in self._p.items()), Fraction(0))

    def variance(self, f: Callable[[Any], Rational] | None = None) -> Fraction:
        """The variance, E[(X - E X)^2], exact.

        >>> Distribution.uniform(range(1, 7)).variance()
        Fraction(35, 12)
        """
        f = f or (lambda o: o)
        mean = self.E(f)
        return self.E(lambda o: (f(o) - mean) ** 2)

    def standard_deviation(self, f: Callable[[Any], Rational] | None = None) -> Decimal:
        """The standard deviation, to 28 significant digits (a square root is rarely a fraction).

        >>> Distribution.uniform([-1, 1]).standard_deviation()
        Decimal('1')
        >>> round(Distribution.uniform(range(1, 7)).standard_deviation(), 6)
        Decimal('1.707825')
        """
        return decimal_sqrt(self.variance(f))

    def map(self, f: Callable[[Any], Outcome]) -> Distribution:
        """The distribution of ``f(outcome)``; outcomes with the same image merge.

        >>> parity = Distribution.uniform(range(1, 7)).map(lambda face: face % 2)
        >>> parity[0]
        Fraction(1, 2)
        """
        image: dict = {}
        for o, p in self._p.items():
            key = f(o)
            image[key] = image.get(key, Fraction(0)) + p
        return Distribution._exact(image)

    def given(self, event: Event) -> Distribution:
        """The conditional distribution given that an event happened.

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.given(lambda face: face > 3)[6]
        Fraction(1, 3)
        """
        test = _as_predicate(event)
        kept = {o: p for o, p in self._p.items() if test(o)}
        total = sum(kept.values(), Fraction(0))
        if total == 0:
            raise ValueError("cannot condition on an event of probability 0")
        return Distribution._exact({o: p / total for o, p in kept.items()})

    def convolve(self, other: Distribution, combine: Callable[[Any, Any], Outcome] = None) -> Distribution:
        """The distribution of ``combine(x, y)`` for independent draws x from this and y from other.

        ``combine`` defaults to addition; ``d1 + d2`` is short for ``d1.convolve(d2)``.

        >>> coin = Distribution.uniform("HT")
        >>> coin.convolve(coin, lambda a, b: a + b)["HT"]
        Fraction(1, 4)
        """
        combine = combine or (lambda x, y: x + y)
        out: dict = {}
        for x, p in self._p.items():
            for y, q in other._p.items():
                key = combine(x, y)
                out[key] = out.get(key, Fraction(0)) + p * q
        return Distribution._exact(out)

    def __add__(self, other: Distribution) -> Distribution:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.convolve(other)

    def repeated(self, n: int) -> Distribution:
        """The distribution of the sum of n independent draws (by repeated squaring).

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.repeated(3)[18]
        Fraction(1, 216)
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"the number of draws must be a positive whole number, not {n!r}")
        result, power = None, self
        while n:
            if n & 1:
                result = power if result is None else result + power
            n >>= 1
            if n:
                power = power + power
        return result


def _as_predicate(event: Event) -> Callable[[Any], bool]:
    if callable(event):
        return event
    members = set(event)
    return members.__contains__


def decimal_sqrt(q: Fraction, digits: int = 28) -> Decimal:
    """The square root of a non-negative fraction, as a Decimal to ``digits`` significant digits.

    >>> decimal_sqrt(Fraction(1, 4))
    Decimal('0.5')
    """
    q = exact(q)
    if q < 0:
        raise ValueError(f"cannot take the square root of the negative number {q}")
    with localcontext() as ctx:
        ctx.prec = digits + 4
        root = (Decimal(q.numerator) / Decimal(q.denominator)).sqrt()
        ctx.prec = digits
        return +root.normalize()


def P(event: Event, space: Distribution) -> Fraction:
    """The probability of ``event`` in ``space`` (Norvig's spelling).

    >>> P({7}, Distribution.uniform(range(1, 7)) + Distribution.uniform(range(1, 7)))
    Fraction(1, 6)
    """
    return space.P(event)


def E(space: Distribution, f: Callable[[Any], Rational] | None = None) -> Fraction:
    """The expected value of ``f`` (or of the outcome) under ``space``.

    >>> E(Distribution.uniform([0, 1]))
    Fraction(1, 2)
    """
    return space.E(f)
