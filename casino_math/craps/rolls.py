"""The 36 rolls of two dice, and the races between totals that decide craps bets.

Every craps bet is settled by the totals of rolls of two dice.  A bet that
lasts several rolls waits for one of a few totals (the point or a 7, say) and
ignores every other roll, so what matters is which of those totals comes
first: a *race*.  Rolls are independent, so the chance that total ``a`` comes
before total ``b`` is the share of ``a`` among the rolls that end the race.

>>> ways(7), ways(4)
(6, 3)
>>> race(4, 7)          # 3 ways to roll a 4 against 6 ways to roll a 7
Fraction(1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..dice import total, two_dice
from ..distribution import Distribution

#: The 36 equally likely ordered rolls (first die, second die).
ROLLS: Distribution = two_dice()

#: The totals two dice can show.
TOTALS = tuple(range(2, 13))


def ways(n: int) -> int:
    """The number of the 36 ordered rolls whose total is ``n``.

    >>> [ways(n) for n in TOTALS]
    [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    """
    return sum(1 for roll in ROLLS if total(roll) == n)


def p_total(n: int) -> Fraction:
    """The probability that one roll totals ``n``.

    >>> p_total(7), p_total(12)
    (Fraction(1, 6), Fraction(1, 36))
    """
    return Fraction(ways(n), 36)


def is_hard(roll: tuple[int, int]) -> bool:
    """Whether a roll is a pair, the "hard way" to make an even total.

    >>> is_hard((3, 3)), is_hard((2, 4))
    (True, False)
    """
    return roll[0] == roll[1]


def race(a: int, b: int) -> Fraction:
    """The probability that a total of ``a`` is rolled before a total of ``b``.

    Rolls that are neither change nothing, so only the ways to roll ``a`` and
    ``b`` count: P(a before b) = ways(a) / (ways(a) + ways(b)).

    >>> race(6, 7), race(7, 6)
    (Fraction(5, 11), Fraction(6, 11))
    """
    return Fraction(ways(a), ways(a) + ways(b))


def deciding_rolls(totals: Iterable[int]) -> Distribution:
    """The roll that ends a wait for any of ``totals``: one of their ordered rolls, each equally likely.

    >>> deciding_rolls({4, 7})[(2, 2)]        # 1 of the 3 + 6 rolls that total 4 or 7
    Fraction(1, 9)
    """
    totals = frozenset(totals)
    return ROLLS.given(lambda roll: total(roll) in totals)


def deciding_totals(totals: Iterable[int]) -> Distribution:
    """The total that ends a wait for any of ``totals``.

    >>> deciding_totals({6, 7})[6]
    Fraction(5, 11)
    """
    return deciding_rolls(totals).map(total)


def expected_rolls_until(totals: Iterable[int]) -> Fraction:
    """The expected number of rolls until one of ``totals`` is rolled: 36 over the ways to roll them.

    The number of rolls is geometric, with success chance p = ways / 36, so its mean is 1/p.

    >>> expected_rolls_until({4, 7})
    Fraction(4, 1)
    """
    return Fraction(36, sum(ways(n) for n in set(totals)))


def true_odds_against(n: int, against: int = 7) -> Fraction:
    """The true odds against rolling ``n`` before ``against``, as a payout "x to 1" that would be fair.

    >>> true_odds_against(4), true_odds_against(5), true_odds_against(6)
    (Fraction(2, 1), Fraction(3, 2), Fraction(6, 5))
    """
    return Fraction(ways(against), ways(n))
