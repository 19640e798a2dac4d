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

import operator
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias, overload

# The exact numbers' checks and writing, used here and importable from here as they always were.
from .exact import Number, as_decimal, decimal_sqrt, digit_count, exact, is_whole, whole, whole_text

__all__ = ["Distribution", "E", "Event", "FrozenMap", "Lattice", "Number", "Outcome", "P", "as_decimal",
           "decimal_sqrt", "digit_count", "exact", "is_whole", "whole", "whole_text"]

if TYPE_CHECKING:
    # The default (Python 3.13's TypeVar, typing_extensions' before it) lets a plain ``Distribution`` mean
    # outcomes of any kind; at run time a TypeVar needs no default, and typing_extensions is not a dependency.
    from typing_extensions import TypeVar

    O = TypeVar("O", bound=Hashable, default=Any)
else:
    from typing import TypeVar

    O = TypeVar("O", bound=Hashable)
T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

Outcome = Hashable
Event: TypeAlias = Callable[[O], bool] | Iterable[O]
"""An event: a predicate on outcomes, or the collection of outcomes in it."""


class FrozenMap(Mapping[K, V]):
    """A mapping that cannot be changed: what a frozen value holds, and what a cache hands out.

    It reads like a dict and prints like one, and it is hashable when its
    values are, so a value that holds one can be a dictionary key or a cache's
    argument.

    >>> counts = FrozenMap({-1: 10, 1: 9})
    >>> counts[1], counts == {-1: 10, 1: 9}, counts
    (9, True, {-1: 10, 1: 9})
    >>> counts[1] = 8
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenMap' object does not support item assignment
    """

    __slots__ = ("_items",)
    _items: dict[K, V]

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        object.__setattr__(self, "_items", dict(items))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and self._items == dict(other.items())

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)


class Distribution(Mapping[O, Fraction]):
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
    _p: dict[O, Fraction]

    def __init__(self, probabilities: Mapping[O, Number]) -> None:
        if isinstance(probabilities, Distribution):
            object.__setattr__(self, "_p", probabilities._p)
            return
        p: dict[O, Fraction] = {}
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

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("a Distribution is immutable; build a new one with map, given or from_counts")

    @staticmethod
    def _exact(probabilities: dict[T, Fraction]) -> Distribution[T]:
        """A distribution from Fractions already known to be positive and to sum to exactly 1.

        For the constructors below, whose arithmetic keeps those facts true, so
        that long sessions do not pay for re-adding thousands of fractions.
        """
        d: Distribution[T] = object.__new__(Distribution)
        object.__setattr__(d, "_p", probabilities)
        return d

    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        """The distribution in which each outcome has probability count / total.

        >>> Distribution.from_counts({"red": 18, "black": 18, "green": 2})["green"]
        Fraction(1, 19)
        """
        for outcome, n in counts.items():
            if not is_whole(n):
                raise TypeError(f"the count for {outcome!r} is {n!r}; counts must be whole numbers (int)")
            if n < 0:
                raise ValueError(f"the count for {outcome!r} is {n}; counts cannot be negative")
        total = sum(counts.values())
        if total == 0:
            raise ValueError("all counts are zero; at least one outcome must be possible")
        return Distribution._exact({outcome: Fraction(n, total) for outcome, n in counts.items() if n})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        """Equally likely outcomes (a repeated outcome counts once per appearance).

        >>> Distribution.uniform("HT")["H"]
        Fraction(1, 2)
        """
        return Distribution.from_counts(Counter(outcomes))

    # The Mapping interface: outcome -> probability.
    def __getitem__(self, outcome: O) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[O]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        items = ", ".join(f"{o!r}: {p}" for o, p in self._p.items())
        return f"Distribution({{{items}}})"

    # The vocabulary of the chapters.
    def P(self, event: Event[O]) -> Fraction:
        """The probability of an event: a predicate on outcomes, or a collection of them.

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.P({1, 2}), die.P(lambda face: face % 2 == 0)
        (Fraction(1, 3), Fraction(1, 2))
        """
        test = _as_predicate(event)
        return sum((p for o, p in self._p.items() if test(o)), Fraction(0))

    def E(self, f: Callable[[O], Number] | None = None) -> Fraction:
        """The expected value of ``f(outcome)`` (of the outcome itself if no f).

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.E(), die.E(lambda face: face * face)
        (Fraction(7, 2), Fraction(91, 6))
        """
        value = _value_of(f)
        return sum((p * exact(value(o), f"the value of outcome {o!r}") for o, p in self._p.items()), Fraction(0))

    def variance(self, f: Callable[[O], Number] | None = None) -> Fraction:
        """The variance, E[(X - E X)^2], exact.

        >>> Distribution.uniform(range(1, 7)).variance()
        Fraction(35, 12)
        """
        value = _value_of(f)
        mean = self.E(f)
        return self.E(lambda o: (exact(value(o), f"the value of outcome {o!r}") - mean) ** 2)

    def standard_deviation(self, f: Callable[[O], Number] | None = None) -> Decimal:
        """The standard deviation, to 28 significant digits (a square root is rarely a fraction).

        >>> Distribution.uniform([-1, 1]).standard_deviation()
        Decimal('1')
        >>> round(Distribution.uniform(range(1, 7)).standard_deviation(), 6)
        Decimal('1.707825')
        """
        return decimal_sqrt(self.variance(f))

    def map(self, f: Callable[[O], T]) -> Distribution[T]:
        """The distribution of ``f(outcome)``; outcomes with the same image merge.

        >>> parity = Distribution.uniform(range(1, 7)).map(lambda face: face % 2)
        >>> parity[0]
        Fraction(1, 2)
        """
        image: dict[T, Fraction] = {}
        for o, p in self._p.items():
            key = f(o)
            image[key] = image.get(key, Fraction(0)) + p
        return Distribution._exact(image)

    def given(self, event: Event[O]) -> Distribution[O]:
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

    @overload
    def convolve(self, other: Distribution[O], combine: None = None) -> Distribution[O]: ...
    @overload
    def convolve(self, other: Distribution[U], combine: Callable[[O, U], T]) -> Distribution[T]: ...

    def convolve(
        self, other: Distribution[Any], combine: Callable[[Any, Any], Any] | None = None
    ) -> Distribution[Any]:
        """The distribution of ``combine(x, y)`` for independent draws x from this and y from other.

        ``combine`` defaults to addition; ``d1 + d2`` is short for ``d1.convolve(d2)``.

        >>> coin = Distribution.uniform("HT")
        >>> coin.convolve(coin, lambda a, b: a + b)["HT"]
        Fraction(1, 4)
        """
        combine = combine or operator.add
        out: dict[Any, Fraction] = {}
        for x, p in self._p.items():
            for y, q in other._p.items():
                key = combine(x, y)
                out[key] = out.get(key, Fraction(0)) + p * q
        return Distribution._exact(out)

    def __add__(self, other: Distribution[O]) -> Distribution[O]:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self.convolve(other)

    def lattice(self) -> Lattice:
        """The distribution in whole numbers: outcomes as steps of 1/scale, probabilities as counts over one denominator.

        >>> Distribution({Fraction(-1): Fraction(10, 19), Fraction(1): Fraction(9, 19)}).lattice()
        Lattice(counts={-1: 10, 1: 9}, scale=1, denominator=19)
        """
        return _lattice(self)

    def repeated(self, n: int) -> Distribution[O]:
        """The distribution of the sum of n independent draws (by repeated squaring).

        >>> die = Distribution.uniform(range(1, 7))
        >>> die.repeated(3)[18]
        Fraction(1, 216)
        """
        if not is_whole(n) or n < 1:
            raise ValueError(f"the number of draws must be a positive whole number, not {n!r}")
        result: Distribution[O] | None = None
        power = self
        while n:
            if n & 1:
                result = power if result is None else result + power
            n >>= 1
            if n:
                power = power + power
        assert result is not None        # n >= 1 has a set bit, and the loop took it
        return result


@dataclass(frozen=True)
class Lattice:
    """A distribution of numbers written in whole numbers, the form long sessions and ruin compute in.

    Every outcome is ``steps / scale`` for a whole number of steps, and its
    probability is ``counts[steps] / denominator``; ``scale`` and
    ``denominator`` are the smallest that make them whole.  The banker at 19 to
    20 moves in steps of 1/20 of a unit.

    >>> banker = Distribution({Fraction(19, 20): Fraction(45, 100), Fraction(-1): Fraction(45, 100),
    ...                        Fraction(0): Fraction(10, 100)}).lattice()
    >>> banker
    Lattice(counts={-20: 9, 0: 2, 19: 9}, scale=20, denominator=20)
    >>> banker.moves, banker.pushes, banker.stride
    ({-20: 9, 19: 9}, 2, 1)
    >>> banker.distribution()[Fraction(19, 20)]
    Fraction(9, 20)
    """

    counts: Mapping[int, int]
    """Each outcome's steps -> its count over ``denominator`` (a :class:`FrozenMap`: a cached lattice cannot change)."""
    scale: int
    """How many steps make one unit."""
    denominator: int
    """The common denominator of the probabilities."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", FrozenMap(self.counts))

    @property
    def moves(self) -> dict[int, int]:
        """The counts of the results that change the bankroll (all but the push)."""
        return {s: c for s, c in self.counts.items() if s}

    @property
    def pushes(self) -> int:
        """The count of the result that changes nothing (0 if there is none)."""
        return self.counts.get(0, 0)

    @property
    def stride(self) -> int:
        """The greatest common divisor of the moves, in steps: the bankroll only ever changes by multiples of it."""
        return gcd(*self.moves) or 1

    def outcome(self, steps: int) -> Fraction:
        """The outcome that ``steps`` stands for."""
        return Fraction(steps, self.scale)

    def distribution(self) -> Distribution[Fraction]:
        """The distribution back from the whole numbers."""
        return Distribution.from_counts({self.outcome(s): c for s, c in self.counts.items()})


@lru_cache(maxsize=256)
def _lattice(d: Distribution[Any]) -> Lattice:
    denominator = lcm(*(p.denominator for p in d.values()))
    scale = lcm(*(exact(x, "an outcome").denominator for x in d))
    counts = FrozenMap({int(x * scale): int(p * denominator) for x, p in sorted(d.items())})
    return Lattice(counts, scale, denominator)


def _as_predicate(event: Event[O]) -> Callable[[O], bool]:
    if callable(event):
        return event
    members = set(event)
    return members.__contains__


def _value_of(f: Callable[[O], Number] | None) -> Callable[[O], object]:
    """The function whose expectation is taken: ``f``, or the outcome itself (checked exact where it is used)."""
    return (lambda o: o) if f is None else f


def P(event: Event[O], space: Distribution[O]) -> Fraction:
    """The probability of ``event`` in ``space`` (Norvig's spelling).

    >>> P({7}, Distribution.uniform(range(1, 7)) + Distribution.uniform(range(1, 7)))
    Fraction(1, 6)
    """
    return space.P(event)


def E(space: Distribution[O], f: Callable[[O], Number] | None = None) -> Fraction:
    """The expected value of ``f`` (or of the outcome) under ``space``.

    >>> E(Distribution.uniform([0, 1]))
    Fraction(1, 2)
    """
    return space.E(f)
