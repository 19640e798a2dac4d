"""Testing many hypotheses at once: which of them Bonferroni's, Šidák's and Benjamini and Hochberg's rules reject.

With m p-values and a level q:

- Bonferroni rejects every p <= q/m: the chance of any false rejection is at most q, whatever the dependence;
- Šidák rejects every p <= 1 - (1 - q)^(1/m), decided exactly as (1 - p)^m >= 1 - q: the chance of any false
  rejection is at most q for independent tests (exactly q when every hypothesis is true and the p-values are
  uniform), and need not be for dependent ones;
- Benjamini and Hochberg sort the p-values, p_(1) <= ... <= p_(m), find the largest i with p_(i) <= i q / m, and
  reject the i smallest: for independent p-values (or positively dependent ones) the expected share of false
  rejections among the rejections is at most q.

>>> p = {"a": Fraction(1, 100), "b": Fraction(3, 100), "c": Fraction(1, 2)}
>>> bonferroni(p, Fraction(1, 20)), sidak(p, Fraction(1, 20)), benjamini_hochberg(p, Fraction(1, 20))
(['a'], ['a'], ['a', 'b'])
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TypeVar

from .exact import Number, exact, whole
from .intervals import Bracket, bisect

Name = TypeVar("Name")


def _checked(p_values: Mapping[Name, Number], level: Number) -> tuple[dict[Name, Fraction], Fraction]:
    """The p-values and the level as fractions, each checked to be a probability."""
    q = exact(level, "the level")
    if not 0 < q < 1:
        raise ValueError(f"the level {q} must lie strictly between 0 and 1, e.g. 1/20")
    values = {name: exact(p, f"the p-value of {name}") for name, p in p_values.items()}
    for name, p in values.items():
        if not 0 <= p <= 1:
            raise ValueError(f"the p-value of {name} is {p}; a p-value lies between 0 and 1")
    if not values:
        raise ValueError("no p-values given; give at least one")
    return values, q


def _by_size(values: Mapping[Name, Fraction]) -> list[Name]:
    """The names, smallest p-value first (ties in the order given)."""
    return sorted(values, key=values.__getitem__)


def bonferroni(p_values: Mapping[Name, Number], level: Number) -> list[Name]:
    """The hypotheses Bonferroni's rule rejects: p <= level / m, smallest p first.

    >>> bonferroni({"x": Fraction(1, 40), "y": Fraction(1, 39)}, Fraction(1, 20))
    ['x']
    """
    values, q = _checked(p_values, level)
    return [name for name in _by_size(values) if values[name] <= q / len(values)]


def sidak(p_values: Mapping[Name, Number], level: Number) -> list[Name]:
    """The hypotheses Šidák's rule rejects: 1 - (1 - p)^m <= level, smallest p first.

    The threshold 1 - (1 - level)^(1/m) is bracketed first between two short fractions; only a p-value that falls
    inside the bracket is raised to the m-th power, which for a p-value of thousands of digits takes a while.

    >>> p = {"x": Fraction(252, 10_000), "y": Fraction(1, 2)}       # 1 - sqrt(0.95) = 0.02532: x, not Bonferroni's
    >>> sidak(p, Fraction(1, 20)), bonferroni(p, Fraction(1, 20))
    (['x'], [])
    """
    values, q = _checked(p_values, level)
    m = len(values)
    below, above = sidak_line(m, q)
    return [name for name in _by_size(values)
            if values[name] <= below or (values[name] < above and sidak_rejects(values[name], m, q))]


def sidak_rejects(p: Number, tests: int, level: Number) -> bool:
    """Whether Šidák's rule for ``tests`` tests at ``level`` rejects a hypothesis of p-value p: 1 - (1 - p)^m <= level,
    decided exactly.

    >>> sidak_rejects(Fraction(252, 10_000), 2, Fraction(1, 20)), sidak_rejects(Fraction(254, 10_000), 2, Fraction(1, 20))
    (True, False)
    """
    m = whole(tests, "the number of tests", least=1)
    return 1 - (1 - exact(p, "the p-value")) ** m <= exact(level, "the level")


def sidak_line(tests: int, level: Number, precision: Number = Fraction(1, 2**40)) -> Bracket:
    """A bracket (below, above), no wider than ``precision``, around Šidák's threshold 1 - (1 - level)^(1/m): a
    p-value at most ``below`` is rejected, one at least ``above`` is not.

    >>> below, above = sidak_line(2, Fraction(1, 20), Fraction(1, 10**6))      # 1 - sqrt(0.95) = 0.0253206
    >>> below <= Fraction(253206, 10**7) <= above, above - below <= Fraction(1, 10**6)
    (True, True)
    """
    m, q = whole(tests, "the number of tests", least=1), exact(level, "the level")
    return bisect(lambda p: 1 - (1 - p) ** m > q, exact(precision, "the precision"))


def benjamini_hochberg(p_values: Mapping[Name, Number], level: Number) -> list[Name]:
    """The hypotheses Benjamini and Hochberg's rule rejects: the i smallest, for the largest i with
    p_(i) <= i level / m, smallest p first.

    >>> benjamini_hochberg({"x": Fraction(4, 100), "y": Fraction(4, 100)}, Fraction(1, 20))    # both: 4% <= 2 (5%)/2
    ['x', 'y']
    """
    values, q = _checked(p_values, level)
    ranked = _by_size(values)
    passing = [i for i, name in enumerate(ranked, start=1) if values[name] <= i * q / len(ranked)]
    return ranked[:max(passing, default=0)]


def bh_line(rank: int, tests: int, level: Number) -> Fraction:
    """The i-th threshold of Benjamini and Hochberg's rule: i level / m.

    >>> bh_line(2, 38, Fraction(1, 20))
    Fraction(1, 380)
    """
    return rank * exact(level, "the level") / tests
