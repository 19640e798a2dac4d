"""Chips: a stake in chips, a bet settled in chips, and non-value chips whose value a lammer sets.

At a busy roulette table each player buys chips of a colour of their own.
The chips carry no value printed on them; the dealer sets a marker, a
*lammer*, beside the wheel to say what that colour is worth.  On the Oxford
Casino's roulette page the number on the lammer is 20 times the value of one
chip: a lammer marked 20 means $1 chips, 100 means $5, 500 means $25.

>>> chip_value(100)
Fraction(5, 1)
>>> stack_value(37, lammer=100)          # 37 chips of $5
Fraction(185, 1)
>>> from casino_math.roulette import straight
>>> settle(straight(17), 17, chips=4)   # 4 chips straight up on 17, and 17 comes up
Fraction(140, 1)
"""

from __future__ import annotations

from fractions import Fraction

from ..bets import Bet
from ..distribution import Number, exact, is_whole
from .rules import OXFORD, RouletteRules
from .table import PocketName, pocket

#: The number on a lammer is this many times the value of one chip.
LAMMER_TO_CHIP = 20


def _whole(value: object, what: str, allowed: str) -> int:
    if not is_whole(value):
        raise TypeError(f"{what} must be a whole number, not {value!r}; {allowed}")
    if value <= 0:
        raise ValueError(f"{what} is {value}; {allowed}")
    return value


def chip_value(lammer: int) -> Fraction:
    """The value in dollars of one chip of a colour whose lammer shows ``lammer``: lammer / 20.

    >>> chip_value(20), chip_value(500)
    (Fraction(1, 1), Fraction(25, 1))
    >>> chip_value(0)
    Traceback (most recent call last):
    ...
    ValueError: the number on a lammer is 0; it is a positive whole number, 20 times the chip's value in dollars
    """
    lammer = _whole(lammer, "the number on a lammer", "it is a positive whole number, 20 times the chip's value in dollars")
    return Fraction(lammer, LAMMER_TO_CHIP)


def lammer_for(chip_dollars: Number) -> int:
    """The number the lammer shows for chips worth ``chip_dollars`` each: 20 times their value.

    >>> lammer_for(5), lammer_for(Fraction(1, 4))
    (100, 5)
    """
    number = Fraction(chip_dollars) * LAMMER_TO_CHIP
    if number.denominator != 1 or number <= 0:
        raise ValueError(f"no lammer shows chips of ${chip_dollars}: 20 times a chip's value must be a positive whole number")
    return int(number)


def stack_value(chips: int, lammer: int) -> Fraction:
    """The value in dollars of a stack of ``chips`` non-value chips under a lammer showing ``lammer``.

    >>> stack_value(20, lammer=20), stack_value(8, lammer=500)
    (Fraction(20, 1), Fraction(200, 1))
    >>> stack_value(-3, lammer=20)
    Traceback (most recent call last):
    ...
    ValueError: a stack of chips is -3; it is a positive whole number of chips
    """
    chips = _whole(chips, "a stack of chips", "it is a positive whole number of chips")
    return chips * chip_value(lammer)


def chips_for(dollars: Number, lammer: int) -> int:
    """How many chips under a lammer showing ``lammer`` buy exactly ``dollars``.

    >>> chips_for(100, lammer=100)
    20
    >>> chips_for(12, lammer=100)
    Traceback (most recent call last):
    ...
    ValueError: $12 is not a whole number of $5 chips
    """
    count = Fraction(dollars) / chip_value(lammer)
    if count.denominator != 1 or count <= 0:
        raise ValueError(f"${dollars} is not a whole number of ${chip_value(lammer)} chips")
    return int(count)


def stake(chips: Number) -> int:
    """A stake: a whole number of chips, at least 1.

    >>> stake(5)
    5
    >>> stake(0)
    Traceback (most recent call last):
    ...
    ValueError: a stake of 0 chips is not allowed; a stake is a whole number of chips, at least 1
    """
    if isinstance(chips, bool):
        raise TypeError("a stake is a whole number of chips, not True or False")
    chips = exact(chips, "a stake")
    if chips.denominator != 1:
        raise ValueError(f"a stake of {chips} chips is not a whole number of chips; a stake is a whole number of chips, at least 1")
    if chips <= 0:
        raise ValueError(f"a stake of {chips} chips is not allowed; a stake is a whole number of chips, at least 1")
    return int(chips)


def settle(bet: Bet, landed: PocketName, chips: Number = 1, rules: RouletteRules = OXFORD) -> Fraction:
    """The net result, in chips, of ``chips`` chips on ``bet`` when the ball lands in ``landed``.

    >>> from casino_math.roulette import straight
    >>> settle(straight(17), 17, chips=3), settle(straight(17), "00", chips=3)
    (Fraction(105, 1), Fraction(-3, 1))
    """
    landed = pocket(landed, rules)
    if landed not in bet.space:
        raise ValueError(f"{landed!r} is not a pocket of this bet's wheel")
    return stake(chips) * bet.pays[bet.line(landed)]
