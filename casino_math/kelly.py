"""How much to bet: the Kelly criterion for a bet whose outcomes and chances are known exactly.

Staking a fraction f of the bankroll on every bet, the bankroll after n bets
is the starting bankroll times the product of (1 + f X_i), where X_i is the
net result of one unit on bet i.  Its long-run growth rate per bet is

    G(f) = E[log(1 + f X)],

and the Kelly fraction is the f that makes G largest (Kelly, 1956).  G is
concave, so the Kelly fraction is where its slope

    G'(f) = E[X / (1 + f X)]

is zero.  For a bet that wins b to 1 with chance p, loses with chance q and
pushes otherwise, G'(f) = p b / (1 + b f) - q / (1 - f) = 0 gives the exact fraction

    f* = (p b - q) / (b (p + q)),

which is positive only when the bet favours the bettor (p b > q).  For a bet
against the house G'(0) = E[X] < 0, so f* is 0: the bet that grows a bankroll
fastest is no bet.  A bet with several payouts turns G'(f) = 0 into a
polynomial equation with whole-number coefficients; its root is found
exactly when it is rational and otherwise rounded to a stated number of
decimal places.  G is a logarithm, so it is irrational; it is given as a
Decimal.

>>> from casino_math.bets import simple_bet
>>> from casino_math.distribution import Distribution
>>> coin = Distribution({"H": Fraction(3, 5), "T": Fraction(2, 5)})
>>> favourable = simple_bet("heads", coin, lambda side: side == "H", 1)
>>> kelly_fraction(favourable)          # p - q for an even-money bet
Fraction(1, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from math import gcd, isqrt, lcm
from typing import TYPE_CHECKING, Any

from .bets import Bet, expected_value
from .bold import even_money_chances
from .ruin import check_bankroll

if TYPE_CHECKING:
    import numpy as np

#: Significant digits of the growth rates.
DIGITS = 28
#: Decimal places to which a Kelly fraction that is not rational is rounded.
PLACES = 12


@dataclass(frozen=True)
class Kelly:
    """The Kelly fraction of a bet, whether it is exact, and the equation G'(f) = 0 it solves."""

    bet: str
    fraction: Fraction  #: the root itself when ``exact``, else the root rounded to ``places`` decimal places
    exact: bool
    places: int | None  #: None when the fraction is exact
    equation: str  #: G'(f) = 0 written with the bet's exact chances and payouts


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
    return kelly(bet).fraction


def kelly(bet: Bet, places: int = PLACES) -> Kelly:
    """The Kelly fraction with the equation it solves: exact when the root is rational, else to ``places`` places.

    >>> from casino_math.bets import Bet
    >>> from casino_math.distribution import Distribution
    >>> three = Distribution({"lose": Fraction(2, 5), "small": Fraction(2, 5), "big": Fraction(1, 5)})
    >>> k = kelly(Bet("three ways", three, lambda o: o, {"lose": -1, "small": 1, "big": 3}))
    >>> k.equation
    "G'(f) = -(2/5)/(1 - f) + (2/5)/(1 + f) + (3/5)/(1 + 3f) = 0"
    >>> k.fraction, k.exact           # over the common denominator: 3 - 4f - 15f^2 = 0, f = 1/3
    (Fraction(1, 3), True)
    >>> skewed = Distribution({"lose": Fraction(1, 2), "small": Fraction(1, 4), "big": Fraction(1, 4)})
    >>> k = kelly(Bet("skewed", skewed, lambda o: o, {"lose": -1, "small": 1, "big": 3}), places=6)
    >>> k.fraction, k.exact           # 1 - 3f - 6f^2 = 0: f = (-3 + sqrt(33)) / 12 is irrational
    (Fraction(114357, 500000), False)
    """
    if not isinstance(places, int) or isinstance(places, bool) or not 1 <= places <= 100:
        raise ValueError(f"the decimal places must be a whole number from 1 to 100, not {places!r}")
    equation = slope_equation(bet)
    if expected_value(bet) <= 0:
        return Kelly(bet.name, Fraction(0), True, None, equation)   # G'(0) = E[X] <= 0 and G is concave
    if min(bet.net()) >= 0:
        raise ValueError(f"{bet.name} never loses, so every larger stake grows the bankroll faster: "
                         "the Kelly criterion needs a bet that can lose")
    poly, limit = slope_polynomial(bet), safe_limit(bet)
    root = _rational_root(poly, limit)
    if root is not None:
        return Kelly(bet.name, root, True, None, equation)
    low, high = _bracket(poly, limit, Fraction(1, 10 ** (places + 2)))
    return Kelly(bet.name, Fraction(round((low + high) / 2 * 10**places), 10**places), False, places, equation)


def safe_limit(bet: Bet) -> Fraction:
    """The stake at which the worst outcome takes the whole bankroll: every fraction bet must stay below it.

    >>> from casino_math.dice import one_face_bet
    >>> safe_limit(one_face_bet(4))
    Fraction(1, 1)
    """
    worst = min(bet.net())
    if worst >= 0:
        raise ValueError(f"{bet.name} never loses, so no stake can lose the bankroll")
    return -1 / Fraction(worst)


def slope_equation(bet: Bet) -> str:
    """G'(f) = E[X / (1 + f X)] = 0 written out: one term per net result, the pushes (X = 0) dropping out.

    >>> from casino_math.dice import one_face_bet
    >>> slope_equation(one_face_bet(4))
    "G'(f) = -(5/6)/(1 - f) + (2/3)/(1 + 4f) = 0"
    """
    terms = [_term(p * x, x) for x, p in sorted(bet.net().items()) if x != 0]
    text = " + ".join(terms).replace("+ -", "- ")
    return f"G'(f) = {text} = 0"


def _term(weight: Fraction, x: Fraction) -> str:
    slope = "" if abs(x) == 1 else f"{abs(x)}" if x.denominator == 1 else f"({abs(x)})"
    sign = "-" if weight < 0 else ""
    return f"{sign}({abs(weight)})/(1 {'+' if x > 0 else '-'} {slope}f)"


def slope_polynomial(bet: Bet) -> tuple[int, ...]:
    """The numerator of G'(f) over the common denominator prod(1 + f x), as whole-number coefficients, lowest first.

    Between 0 and :func:`safe_limit` every factor 1 + f x is positive, so the
    polynomial has the sign of G'(f) and the same roots.

    >>> from casino_math.dice import one_face_bet
    >>> slope_polynomial(one_face_bet(4))       # 4/6 (1 - f) - 5/6 (1 + 4f) = (-1 - 24f) / 6
    (-1, -24)
    """
    net = [(x, p) for x, p in bet.net().items() if x != 0]
    # Over common denominators every payout is a / dx and every chance c / dp, so 1 + x f is (dx + a f) / dx
    # and the numerator is sum over i of c_i a_i prod over j != i of (dx + a_j f): whole numbers throughout.
    dx, dp = lcm(*(x.denominator for x, _ in net)), lcm(*(p.denominator for _, p in net))
    a = [int(x * dx) for x, _ in net]
    c = [int(p * dp) for _, p in net]
    total = [0] * len(net)
    for i in range(len(net)):
        term = [c[i] * a[i]]
        for j in range(len(net)):
            if j != i:
                term = _times(term, [dx, a[j]])
        total = [u + v for u, v in zip(total, term + [0] * (len(total) - len(term)), strict=True)]
    while len(total) > 1 and total[-1] == 0:
        total.pop()
    common = gcd(*total) or 1
    return tuple(t // common for t in total)


def _times(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, u in enumerate(a):
        for j, v in enumerate(b):
            out[i + j] += u * v
    return out


def _value(poly: tuple[int, ...], f: Fraction) -> Fraction:
    total = Fraction(0)
    for c in reversed(poly):
        total = total * f + c
    return total


def _rational_root(poly: tuple[int, ...], limit: Fraction) -> Fraction | None:
    """The root of the slope polynomial between 0 and ``limit`` when it is rational, else None.

    A rational root n/d in lowest terms has d dividing the leading coefficient
    L (the rational root theorem), and two such fractions differ by at least
    1/L^2: an interval narrower than 1/(2 L^2) around the root holds one
    candidate, the fraction with denominator at most L nearest its middle.
    """
    if len(poly) == 2:
        return Fraction(-poly[0], poly[1])
    if len(poly) == 3:
        return _quadratic_root(poly, limit)
    leading = abs(poly[-1])
    low, high = _bracket(poly, limit, Fraction(1, 2 * leading**2))
    candidate = ((low + high) / 2).limit_denominator(leading)
    return candidate if _value(poly, candidate) == 0 else None


def _quadratic_root(poly: tuple[int, ...], limit: Fraction) -> Fraction | None:
    """The root of c + b f + a f^2 in (0, limit): rational exactly when b^2 - 4ac is a perfect square."""
    c, b, a = poly
    discriminant = b * b - 4 * a * c
    root = isqrt(discriminant)
    if root * root != discriminant:
        return None
    return next(r for r in (Fraction(-b + root, 2 * a), Fraction(-b - root, 2 * a)) if 0 < r < limit)


def _bracket(poly: tuple[int, ...], limit: Fraction, width: Fraction) -> tuple[Fraction, Fraction]:
    """An interval narrower than ``width`` holding the root in (0, limit): the polynomial falls from + to - there.

    The search runs over the points m / 2^k of a grid finer than ``width``, so
    that each step evaluates the polynomial in whole numbers, not fractions.
    """
    k = (width.denominator // width.numerator).bit_length() + 1          # 2^-k < width
    low, high = 0, limit.numerator * 2**k // limit.denominator
    if _sign_at(poly, high, k) > 0:
        return Fraction(high, 2**k), limit
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if _sign_at(poly, middle, k) > 0 else (low, middle)
    return Fraction(low, 2**k), Fraction(high, 2**k)


def _sign_at(poly: tuple[int, ...], m: int, k: int) -> int:
    """The sign of the polynomial at m / 2^k, from 2^(k n) times its value, worked out in whole numbers."""
    n = len(poly) - 1
    total = poly[n]
    for i in range(n - 1, -1, -1):
        total = total * m + poly[i] * 2 ** (k * (n - i))
    return (total > 0) - (total < 0)


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


def kelly_growth(bet: Bet) -> Decimal:
    """The largest growth rate: G at the Kelly fraction (0 for a bet with a house edge).

    >>> from casino_math.dice import one_face_bet
    >>> kelly_growth(one_face_bet(4))
    Decimal('0')
    """
    return growth_rate(bet, kelly_fraction(bet))


def growth_share(bet: Bet, multiple: Fraction | int) -> Decimal:
    """G(m f*) / G(f*): the share of the Kelly growth kept by staking ``multiple`` times the Kelly fraction.

    When every outcome x of one unit makes f* x small, log(1 + f x) is close
    to f x - (f x)^2 / 2 and G(m f*) / G(f*) is close to m (2 - m): half Kelly
    keeps about three quarters of the growth, twice Kelly keeps none of it.  A
    small edge alone is not enough: a long shot can make f* x large.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> coin = Distribution({"H": Fraction(51, 100), "T": Fraction(49, 100)})
    >>> round(growth_share(simple_bet("heads", coin, lambda s: s == "H", 1), Fraction(1, 2)), 4)
    Decimal('0.7500')
    """
    m = Fraction(multiple)
    best = kelly_fraction(bet)
    if best == 0:
        raise ValueError(f"{bet.name} does not favour the bettor: its Kelly fraction is 0 and there is no growth "
                         "to share; pick a bet with a positive expected value")
    with localcontext() as ctx:
        ctx.prec = DIGITS
        return growth_rate(bet, m * best) / growth_rate(bet, best)


def growth_zero(bet: Bet, places: int = 3) -> Fraction:
    """The multiple c > 1 of the Kelly fraction where the growth rate is back to 0, G(c f*) = 0, to ``places`` places.

    G is concave with G(0) = 0 and a peak at f*, so past the peak it falls
    through 0 once, before the stake at which the worst outcome takes the whole
    bankroll.  The root is bracketed by bisection on the sign of G (28
    significant digits) to a hundredth of the last place, then rounded.  For a
    bet whose f* x is small for every outcome, c is close to 2.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> coin = Distribution({"H": Fraction(51, 100), "T": Fraction(49, 100)})
    >>> growth_zero(simple_bet("heads", coin, lambda s: s == "H", 1))     # just below 2, as at every even-money bet
    Fraction(1999, 1000)
    """
    if not isinstance(places, int) or isinstance(places, bool) or not 1 <= places <= 20:
        raise ValueError(f"the decimal places must be a whole number from 1 to 20, not {places!r}")
    best = kelly_fraction(bet)
    if best == 0:
        raise ValueError(f"{bet.name} does not favour the bettor: its Kelly fraction is 0 and its growth rate is "
                         "below 0 for every stake; pick a bet with a positive expected value")
    low, high = Fraction(1), safe_limit(bet) / best           # G(f*) > 0; G falls without bound near the limit
    width = Fraction(1, 100 * 10**places)
    while high - low > width:
        middle = (low + high) / 2
        low, high = (middle, high) if growth_rate(bet, middle * best) > 0 else (low, middle)
    return Fraction(round((low + high) / 2 * 10**places), 10**places)


def p_ever_down_to(level: Fraction | int, multiple: Fraction | int) -> Decimal:
    """The chance that the bankroll ever falls to ``level`` times its start, staking ``multiple`` times Kelly.

    This is the continuous approximation (bets small beside the bankroll, the
    log-bankroll a Brownian motion with drift): level ** (2 / multiple - 1),
    and 1 from twice Kelly on, where the drift is gone (Thorp, 2006).

    >>> p_ever_down_to(Fraction(1, 2), 1), p_ever_down_to(Fraction(1, 2), Fraction(1, 2))
    (Decimal('0.5'), Decimal('0.125'))
    >>> p_ever_down_to(Fraction(1, 2), 2)
    Decimal('1')
    """
    x, m = Fraction(level), Fraction(multiple)
    if not 0 < x < 1:
        raise ValueError(f"the level is {x}; it must be between 0 and 1, a share of the starting bankroll")
    if m <= 0:
        raise ValueError(f"the multiple of the Kelly fraction is {m}; it must be more than 0")
    if m >= 2:
        return Decimal(1)
    power = 2 / m - 1
    with localcontext() as ctx:
        ctx.prec = DIGITS
        if power.denominator == 1:
            return +(_decimal(x) ** int(power))
        return +(_decimal(x).ln() * _decimal(power)).exp()


def p_up_before_down(up: Fraction | int, down: Fraction | int, multiple: Fraction | int) -> Decimal:
    """The chance that the bankroll reaches ``up`` times its start before ``down`` times it, at ``multiple`` times Kelly.

    The continuous approximation of :func:`p_ever_down_to`: with a = 2 / multiple - 1,
    the chance is (1 - down ** -a) / (up ** -a - down ** -a), and log(1/down) / log(up/down) when a = 0.
    At Kelly the bankroll doubles before it halves two times in three.

    >>> p_up_before_down(2, Fraction(1, 2), 1)           # (1 - 2) / (1/2 - 2)
    Decimal('0.6666666666666666666666666667')
    >>> p_up_before_down(2, Fraction(1, 2), Fraction(1, 2)), p_up_before_down(2, Fraction(1, 2), 2)
    (Decimal('0.8888888888888888888888888889'), Decimal('0.5000000000000000000000000000'))
    """
    y, x, m = Fraction(up), Fraction(down), Fraction(multiple)
    if not 0 < x < 1 < y:
        raise ValueError(f"the levels are {y} up and {x} down; the bankroll must go up to more than 1 times its start "
                         "and down to between 0 and 1 times it")
    if m <= 0:
        raise ValueError(f"the multiple of the Kelly fraction is {m}; it must be more than 0")
    a = 2 / m - 1
    with localcontext() as ctx:
        ctx.prec = DIGITS + 6
        ln_y, ln_x = _decimal(y).ln(), _decimal(x).ln()
        if a == 0:
            chance = -ln_x / (ln_y - ln_x)
        elif a.denominator == 1:
            chance = _decimal((1 - x ** -int(a)) / (y ** -int(a) - x ** -int(a)))
        else:
            power = _decimal(a)
            chance = (1 - (-power * ln_x).exp()) / ((-power * ln_y).exp() - (-power * ln_x).exp())
        ctx.prec = DIGITS
        return +chance


def p_ever_down_by(bet: Bet, units: int) -> Fraction:
    """The exact chance of ever being ``units`` stakes down, betting one unit at a time on a win-one, lose-one bet.

    It is the gambler's ruin with no goal: (q/p) ** units when p > q, and 1 otherwise.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> coin = Distribution({"H": Fraction(3, 5), "T": Fraction(2, 5)})
    >>> p_ever_down_by(simple_bet("heads", coin, lambda s: s == "H", 1), 2)     # (2/3) ** 2
    Fraction(4, 9)
    """
    p, q = even_money_chances(bet)
    units = check_bankroll(units, "the number of units down")
    return Fraction(1) if p <= q else (q / p) ** units


def simulate_proportional(bet: Bet, fraction: Fraction | int, bets: int, paths: int,
                          rng: np.random.Generator) -> Any:
    """Seeded Monte Carlo: the bankroll (starting at 1) after each of ``bets`` bets staking ``fraction`` of it.

    Returns a (paths, bets + 1) numpy array, column 0 the starting bankroll.
    numpy is imported here, not at the top, so the exact functions above run without it.
    """
    import numpy as np

    net = bet.net()
    outcomes = sorted(net)
    chances = np.array([float(net[x]) for x in outcomes])
    factors = 1 + float(fraction) * np.array([float(x) for x in outcomes])
    drawn = rng.choice(len(outcomes), size=(paths, bets), p=chances / chances.sum())
    return np.concatenate([np.ones((paths, 1)), np.cumprod(factors[drawn], axis=1)], axis=1)


def lowest_bankroll(bet: Bet, fraction: Fraction | int, bets: int, paths: int, rng: np.random.Generator,
                    block: int = 1000) -> Any:
    """Seeded Monte Carlo: the lowest bankroll (starting at 1) each of ``paths`` players reaches in ``bets`` bets.

    Staking ``fraction`` of the current bankroll on every bet.  The bets are
    drawn ``block`` at a time, so that long sessions need little memory; the
    bankroll is followed through its logarithm.
    """
    import numpy as np

    net = bet.net()
    outcomes = sorted(net)
    chances = np.array([float(net[x]) for x in outcomes])
    steps = np.log1p(float(fraction) * np.array([float(x) for x in outcomes]))
    thresholds = np.cumsum(chances / chances.sum())[:-1]
    log_now, log_lowest = np.zeros(paths), np.zeros(paths)
    for start in range(0, bets, block):
        uniform = rng.random((paths, min(block, bets - start)))
        drawn = np.zeros(uniform.shape, dtype=np.intp)  # the index of the outcome each uniform draw falls in:
        for threshold in thresholds:                      # one comparison per outcome (faster than rng.choice)
            drawn += uniform >= threshold
        path = log_now[:, None] + np.cumsum(steps[drawn], axis=1)
        log_lowest = np.minimum(log_lowest, path.min(axis=1))
        log_now = path[:, -1]
    return np.exp(log_lowest)
