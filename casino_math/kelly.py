"""How much to bet: the Kelly criterion for a bet whose outcomes and chances are known exactly.

Staking a fraction f of the bankroll on every bet, the bankroll after n bets
is the starting bankroll times the product of (1 + f X_i), where X_i is the
net result of one unit on bet i.  Its long-run growth rate per bet is

    G(f) = E[log(1 + f X)],

and the Kelly fraction is the f that makes G largest.  For a bet that wins
b to 1 with chance p, loses with chance q and pushes otherwise, setting
G'(f) = p b / (1 + b f) - q / (1 - f) = 0 gives the exact fraction

    f* = (p b - q) / (b (p + q)),

which is positive only when the bet favours the bettor (p b > q).  For a bet
against the house, f* is 0: the bet that grows a bankroll fastest is no bet.
G is a logarithm, so it is irrational; it is given as a Decimal, and f* as a
Fraction wherever the formula above applies.

>>> from casino_math.bets import simple_bet
>>> from casino_math.distribution import Distribution
>>> coin = Distribution({"H": Fraction(3, 5), "T": Fraction(2, 5)})
>>> favourable = simple_bet("heads", coin, lambda side: side == "H", 1)
>>> kelly_fraction(favourable)          # p - q for an even-money bet
Fraction(1, 5)
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from .bets import Bet, expected_value

#: Significant digits of the growth rates.
DIGITS = 28


def win_lose_push(bet: Bet) -> tuple[Fraction, Fraction, Fraction] | None:
    """(b, p, q) when the bet wins b to 1 or loses its stake or pushes, else None (several payouts).

    >>> from casino_math.dice import one_face_bet
    >>> win_lose_push(one_face_bet(4))
    (Fraction(4, 1), Fraction(1, 6), Fraction(5, 6))
    """
    net = bet.net()
    wins = [x for x in net if x > 0]
    losses = [x for x in net if x < 0]
    if len(wins) != 1 or losses not in ([], [Fraction(-1)]):
        return None
    return wins[0], net[wins[0]], net[Fraction(-1)] if losses else Fraction(0)


def kelly_fraction(bet: Bet) -> Fraction:
    """The share of the bankroll to stake on each bet to grow it fastest: exact, and 0 for a bet with a house edge.

    >>> from casino_math import baccarat
    >>> kelly_fraction(baccarat.bet("banker"))
    Fraction(0, 1)
    """
    if expected_value(bet) <= 0:
        return Fraction(0)
    simple = win_lose_push(bet)
    if simple is None:
        return _kelly_by_bisection(bet)
    b, p, q = simple
    return (p * b - q) / (b * (p + q))


def _slope(bet: Bet, f: Fraction) -> Fraction:
    """G'(f) = E[X / (1 + f X)], exactly."""
    return sum((p * x / (1 + f * x) for x, p in bet.net().items()), Fraction(0))


def _kelly_by_bisection(bet: Bet, places: int = 12) -> Fraction:
    """The root of G'(f) = 0 between 0 and the largest safe stake, to within 10^-places (G' falls as f grows)."""
    worst = min(bet.net())
    low, high = Fraction(0), Fraction(1) if worst >= -1 else -1 / worst
    high -= Fraction(1, 10**places)
    while high - low > Fraction(1, 10**places):
        middle = (low + high) / 2
        low, high = (middle, high) if _slope(bet, middle) > 0 else (low, middle)
    return low.limit_denominator(10**places)


def growth_rate(bet: Bet, fraction: Fraction | int) -> Decimal:
    """G(f) = E[log(1 + f X)]: the long-run growth of the bankroll's logarithm per bet, staking ``fraction`` of it.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> coin = Distribution({"H": Fraction(3, 5), "T": Fraction(2, 5)})
    >>> bet = simple_bet("heads", coin, lambda side: side == "H", 1)
    >>> round(growth_rate(bet, Fraction(1, 5)), 10)     # 3/5 log(6/5) + 2/5 log(4/5)
    Decimal('0.0201355136')
    >>> growth_rate(bet, 0)
    Decimal('0')
    >>> growth_rate(bet, 1)
    Traceback (most recent call last):
    ...
    ValueError: staking 1 of the bankroll can lose all of it on one bet; the fraction must be less than 1
    """
    f = Fraction(fraction)
    if f < 0:
        raise ValueError(f"the fraction staked is {f}; it must be 0 or more")
    if f == 0:
        return Decimal(0)  # nothing staked: the bankroll stands still
    worst = min(bet.net())
    if 1 + f * worst <= 0:
        raise ValueError(f"staking {f} of the bankroll can lose all of it on one bet; the fraction must be less "
                         f"than {-1 / worst}")
    with localcontext() as ctx:
        ctx.prec = DIGITS + 6
        total = sum((_decimal(p) * _decimal(1 + f * x).ln() for x, p in bet.net().items()), Decimal(0))
        ctx.prec = DIGITS
        return +total


def _decimal(q: Fraction) -> Decimal:
    return Decimal(q.numerator) / Decimal(q.denominator)
