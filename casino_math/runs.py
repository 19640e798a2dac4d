"""The runs test: does a sequence of two kinds (red and black) switch as often as independent draws would?

A *run* is a maximal stretch of one kind: R R B R R R B B has the four runs RR, B, RRR, BB.  Given that a sequence
holds ``n1`` of the first kind and ``n2`` of the second, every arrangement of them is equally likely when the draws
are independent with a common chance (exchangeable), so the number of runs R has a law that depends on ``n1`` and
``n2`` alone (Wald and Wolfowitz's test).  Too few runs says that a kind clusters; too many, that the sequence
alternates more than chance does.

>>> count_runs("RRBRRRBB")
4
>>> runs_law(2, 2)[2], runs_law(2, 2)[3], runs_law(2, 2)[4]   # RRBB BBRR / RBBR BRRB / RBRB BRBR, of 6
(Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .distribution import Distribution
from .exact import whole


def count_runs(sequence: Sequence[Hashable]) -> int:
    """The number of runs in ``sequence``: one more than the number of places where it switches kind.

    >>> count_runs(["red", "red", "black"]), count_runs("")
    (2, 0)
    """
    return sum(1 for i, kind in enumerate(sequence) if i == 0 or kind != sequence[i - 1])


def kinds(sequence: Sequence[Hashable]) -> tuple[int, int]:
    """How many of each kind ``sequence`` holds: (n1, n2), n1 counting the kind of its first item.

    >>> kinds("RBBRB")
    (2, 3)
    """
    seen = list(dict.fromkeys(sequence))
    if len(seen) > 2:
        raise ValueError(f"the sequence holds {len(seen)} kinds ({', '.join(map(repr, seen[:4]))}...); the runs "
                         "test needs two, e.g. red and black with the zeros left out")
    return sequence.count(seen[0]) if seen else 0, sequence.count(seen[1]) if len(seen) == 2 else 0


def _check(n1: int, n2: int) -> tuple[int, int]:
    n1, n2 = whole(n1, "the count of the first kind", least=0), whole(n2, "the count of the second kind", least=0)
    if n1 + n2 == 0:
        raise ValueError("both counts are 0; the runs test needs at least one item")
    return n1, n2


def arrangements_with_runs(n1: int, n2: int, runs: int) -> int:
    """The number of arrangements of ``n1`` of one kind and ``n2`` of another with exactly ``runs`` runs.

    For ``runs = 2k`` the kinds take k runs each, and either may lead: 2 C(n1 - 1, k - 1) C(n2 - 1, k - 1).  For
    ``runs = 2k + 1`` one kind takes k + 1 runs and leads and ends: C(n1 - 1, k) C(n2 - 1, k - 1) +
    C(n1 - 1, k - 1) C(n2 - 1, k).  (n things fall into j non-empty runs in order in C(n - 1, j - 1) ways.)

    >>> [arrangements_with_runs(2, 2, r) for r in range(1, 6)]
    [0, 2, 2, 2, 0]
    """
    n1, n2 = _check(n1, n2)
    runs = whole(runs, "the number of runs", least=0)
    if n1 == 0 or n2 == 0:
        return int(runs == 1)
    k, odd = divmod(runs, 2)
    if not odd:
        return 2 * _split(n1, k) * _split(n2, k)
    return _split(n1, k + 1) * _split(n2, k) + _split(n1, k) * _split(n2, k + 1)


def _split(n: int, parts: int) -> int:
    """The ways to cut a row of ``n`` (n >= 1) into ``parts`` non-empty runs in order: C(n - 1, parts - 1)."""
    return comb(n - 1, parts - 1) if parts >= 1 else 0


def runs_law(n1: int, n2: int) -> Distribution[int]:
    """The law of the number of runs among ``n1`` of one kind and ``n2`` of another, all arrangements equally likely.

    >>> runs_law(3, 1)[2], runs_law(3, 1)[3]          # the one black at an end, or inside
    (Fraction(1, 2), Fraction(1, 2))
    """
    n1, n2 = _check(n1, n2)
    return Distribution.from_counts({r: arrangements_with_runs(n1, n2, r) for r in range(1, n1 + n2 + 1)})


def runs_mean(n1: int, n2: int) -> Fraction:
    """E[R] = 1 + 2 n1 n2 / (n1 + n2): one run, plus one for each of the n - 1 gaps with a change of kind.

    >>> runs_mean(2, 2)
    Fraction(3, 1)
    """
    n1, n2 = _check(n1, n2)
    return 1 + Fraction(2 * n1 * n2, n1 + n2)


def runs_variance(n1: int, n2: int) -> Fraction:
    """Var R = 2 n1 n2 (2 n1 n2 - n1 - n2) / ((n1 + n2) ** 2 (n1 + n2 - 1)), and 0 for a single item.

    >>> runs_variance(2, 2)
    Fraction(2, 3)
    """
    n1, n2 = _check(n1, n2)
    n = n1 + n2
    if n == 1:
        return Fraction(0)
    return Fraction(2 * n1 * n2 * (2 * n1 * n2 - n), n * n * (n - 1))


def runs_p_value(n1: int, n2: int, runs: int) -> Fraction:
    """The exact two-sided p-value: the chance of a number of runs at least as far from the mean as ``runs``.

    >>> runs_p_value(2, 2, 4), runs_p_value(2, 2, 3)
    (Fraction(2, 3), Fraction(1, 1))
    """
    law, mean = runs_law(n1, n2), runs_mean(n1, n2)
    runs = whole(runs, "the number of runs", least=1)
    if runs > n1 + n2:
        raise ValueError(f"{runs} runs among {n1 + n2} items; there are at most as many runs as items")
    return sum((q for r, q in law.items() if abs(r - mean) >= abs(runs - mean)), Fraction(0))


@dataclass(frozen=True)
class RunsTest:
    """The runs test of one sequence: its counts, its runs, what independence expects, and the exact p-value."""

    first: int  #: n1, how many of the kind the sequence starts with
    second: int  #: n2, how many of the other kind
    runs: int  #: the runs counted
    mean: Fraction  #: E[R] given n1 and n2
    variance: Fraction  #: Var R given n1 and n2
    p_value: Fraction  #: the chance of runs at least as far from the mean


def runs_test(sequence: Sequence[Hashable]) -> RunsTest:
    """The runs test of ``sequence`` (two kinds).

    >>> runs_test("RBRBRBRB").p_value     # 8 runs or 2, the most or fewest 4 and 4 allow: 4 of the C(8, 4) = 70 orders
    Fraction(2, 35)
    """
    n1, n2 = kinds(sequence)
    runs = count_runs(sequence)
    return RunsTest(n1, n2, runs, runs_mean(n1, n2), runs_variance(n1, n2), runs_p_value(n1, n2, runs))
