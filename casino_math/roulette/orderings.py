"""An "exact" test is exact for the statistic that orders the outcomes: the same short log, three exact p-values.

An exact p-value is the chance, on a fair wheel, of a log at least as extreme as the one seen; "at least as
extreme" needs a statistic that orders the logs, and each choice gives its own p-value.  Three common ones each
order the logs by a whole number computed from the counts, larger meaning further from a fair wheel:

- Pearson's X^2 = (N/n) sum O_i^2 - n, by the sum of the squared counts;
- the G statistic 2 sum O_i ln(O_i / E) = 2 sum O_i ln O_i - 2 n ln E, by the product of O_i^O_i (0^0 = 1);
- the chance of the counts themselves, n! / (O_1! ... O_N! N^n), by the product of the factorials, a larger
  product being a less likely log (the order of Fisher's exact test and of R's ``xchisq.test``'s "probability").

Each depends on the counts only through their sizes, so the sum runs over the partitions of the spins, as
:func:`~casino_math.roulette.fairness.exact_p_value` does for X^2.

>>> short = SpinLog.of_spins(["17", "17", "5"])
>>> from casino_math.roulette.fairness import exact_p_value
>>> exact_p_values(short)["chi-square"] == exact_p_value(short)
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import factorial, prod

from .fairness import LONGEST_EXACT, SpinLog, partitions, sequences_with_counts

Counts = tuple[int, ...]


def squares(counts: Counts) -> int:
    """The sum of the squared counts: X^2 grows with it.

    >>> squares((2, 1, 0))
    5
    """
    return sum(count * count for count in counts)


def self_powers(counts: Counts) -> int:
    """The product of each count to its own power: G grows with it, being 2 ln of it less 2 n ln E.

    >>> self_powers((2, 1, 0))            # 2^2 1^1 0^0
    4
    """
    return prod(count**count for count in counts)


def factorials(counts: Counts) -> int:
    """The product of the counts' factorials: the chance of the counts falls as it grows.

    >>> factorials((3, 1, 0)), factorials((2, 2, 0))
    (6, 4)
    """
    return prod(factorial(count) for count in counts)


#: The statistics that order the logs, each by the whole number that grows with it, by the name the chapter uses.
ORDERINGS: dict[str, Callable[[Counts], int]] = {
    "chi-square": squares,
    "G": self_powers,
    "probability": factorials,
}


def exact_p_values(log: SpinLog) -> dict[str, Fraction]:
    """The exact p-value of a short log under each ordering: the chance on a fair wheel that the ordering's whole
    number is at least the log's.

    >>> values = exact_p_values(SpinLog.of_spins(["17", "17"]))   # a repeat in two spins: every ordering, 1/38
    >>> sorted(set(values.values()))
    [Fraction(1, 38)]
    """
    if log.spins > LONGEST_EXACT:
        raise ValueError(f"{log.spins} spins are too many to count every way they could fall (at most {LONGEST_EXACT})")
    return exact_p_values_of(log.counts)


def exact_p_values_of(counts: Counts) -> dict[str, Fraction]:
    """The exact p-values, under each ordering, of these counts of spins on a fair wheel of as many pockets.

    >>> values = exact_p_values_of((3, 3, 0, 0))      # X^2 ties (3, 3) with (4, 1, 1); G and the chance do not
    >>> values["chi-square"] > values["G"] == values["probability"]
    True
    """
    n, size = sum(counts), len(counts)
    if n == 0:
        raise ValueError("a test needs at least one spin; these counts add up to 0")
    observed = {name: order(counts) for name, order in ORDERINGS.items()}
    ways = dict.fromkeys(ORDERINGS, 0)
    for parts in partitions(n, n, size):
        count = sequences_with_counts(parts, size, n)
        for name, order in ORDERINGS.items():
            if order(parts) >= observed[name]:
                ways[name] += count
    return {name: Fraction(ways[name], size**n) for name in ORDERINGS}
