"""Whole-dollar stakes: which bets the casino can pay without cents.

The Oxford Casino requires every bet to be made in an amount that is paid in
whole dollars (irregularity 6 on its page).  A bet paying 7 to 6 pays whole
dollars only on multiples of $6; a buy bet with a 5% commission paid up front
only on multiples of $20.  A bet made of several equal units on different
numbers (the horn is four, one on each of 2, 3, 11 and 12) must also split into
whole-dollar units.  So the smallest legal stake is the least common multiple
of the number of units and of the denominators of every payout and of the
commission, and the legal stakes are exactly its multiples.

>>> from casino_math.craps.numbers import place
>>> smallest_stake(place(6)), legal_stakes(place(6), 20)
(6, [6, 12, 18])
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from ..bets import Bet, smallest_whole_stake
from ..display import decimal, fraction_text
from ..distribution import is_whole
from . import props


def units_of(bet_id: str) -> int:
    """The number of equal units a bet is made of: 4 for the horn, 5 for the world, 2 for C & E, else 1.

    >>> units_of("horn"), units_of("horn_high_2"), units_of("c_and_e"), units_of("place_6")
    (4, 5, 2, 1)
    """
    if bet_id in props.BUNDLES:
        return sum(props.BUNDLES[bet_id].values())
    return 1


def smallest_stake(bet: Bet, units: int = 1) -> int:
    """The smallest stake in whole dollars that splits into ``units`` whole units and is paid in whole dollars.

    >>> from casino_math.craps.props import one_roll
    >>> smallest_stake(one_roll("horn"), 4), smallest_stake(one_roll("world"), 5), smallest_stake(one_roll("any_7"))
    (4, 5, 1)
    >>> smallest_stake(one_roll("c_and_e"), 2)     # nets 3 to 1 and 7 to 1 are whole, but the halves must be too
    2
    """
    return lcm(smallest_whole_stake(bet), units)


def legal_stakes(bet: Bet, up_to: int, units: int = 1) -> list[int]:
    """Every whole-dollar stake up to ``up_to`` that the casino can pay in whole dollars.

    >>> from casino_math.craps.numbers import place
    >>> legal_stakes(place(5), 12)
    [5, 10]
    """
    step = smallest_stake(bet, units)
    return list(range(step, up_to + 1, step))


def dollars_paid(bet: Bet, stake: Fraction | int) -> dict[str, Fraction]:
    """What each winning line pays on ``stake`` dollars, and the commission, in dollars (exact).

    >>> from casino_math.craps.numbers import buy
    >>> dollars_paid(buy(4), 20)
    {Line.WIN: Fraction(40, 1), 'commission': Fraction(1, 1)}
    """
    stake = Fraction(stake)
    paid = {line: stake * x for line, x in bet.pays.items() if x > 0}
    if bet.commission:
        paid["commission"] = stake * bet.commission
    return paid


def nearest_legal_stakes(bet: Bet, stake: Fraction | int, units: int = 1) -> list[int]:
    """The legal stakes nearest ``stake``: the one below (if any) and the one above.

    >>> from casino_math.craps.numbers import place
    >>> nearest_legal_stakes(place(6), 10), nearest_legal_stakes(place(6), 5)
    ([6, 12], [6])
    """
    step = smallest_stake(bet, units)
    below = (Fraction(stake) // step) * step
    return [int(s) for s in (below, below + step) if s > 0]


def check_stake(bet: Bet, stake: object, units: int = 1) -> int:
    """``stake`` if the bet can be made and paid in whole dollars, else an error naming the nearest legal stakes.

    >>> from casino_math.craps.numbers import place
    >>> check_stake(place(6), 12)
    12
    >>> check_stake(place(6), 10)
    Traceback (most recent call last):
    ...
    ValueError: a $10 place 6 bet cannot be paid in whole dollars (the win line would pay $35/3, about $11.67); place 6 is paid in whole dollars only in multiples of $6: the nearest legal stakes are $6 and $12
    """
    if not is_whole(stake) or stake <= 0:
        raise ValueError(f"a stake is a positive whole number of dollars, not {stake!r}")
    step = smallest_stake(bet, units)
    if stake % step == 0:
        return stake
    nearest = " and ".join(f"${s}" for s in nearest_legal_stakes(bet, stake, units))
    raise ValueError(
        f"a ${stake} {bet.name} bet cannot be paid in whole dollars ({_why_not(bet, stake, units)}); "
        f"{bet.name} is paid in whole dollars only in multiples of ${step}: "
        f"the nearest legal stake{'s are' if ' and ' in nearest else ' is'} {nearest}"
    )


def _why_not(bet: Bet, stake: int, units: int) -> str:
    if stake % units:
        return f"it is {units} equal units, and ${stake} is not a whole number of dollars per unit"
    line, amount = next((line, x) for line, x in dollars_paid(bet, stake).items() if x.denominator != 1)
    what = "the commission would be" if line == "commission" else f"the {line} line would pay"
    return f"{what} ${fraction_text(amount)}, about ${decimal(amount, 2)}"
