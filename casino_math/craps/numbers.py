"""Bets on the numbers: place, buy and lay bets on 4, 5, 6, 8, 9 and 10.

Each is a race between its number and the 7, decided by whichever comes first:

- a **place** bet wins if the number comes first, at the casino's price
  (9 to 5 on 4 or 10, 7 to 5 on 5 or 9, 7 to 6 on 6 or 8, short of the true odds);
- a **buy** bet is the same race paid at the true odds (2 to 1, 3 to 2, 6 to 5)
  for a commission of 5% of the bet;
- a **lay** bet wins if the 7 comes first, paid at the true odds (1 to 2, 2 to 3,
  5 to 6) for a commission of 5% of what it would win.

The commission is a rule: paid when the bet is made (the Oxford Casino, where
it is kept whatever happens to the bet and refunded only if the bet is taken
down), or taken only from a win.  Paid up front it is the bet's ``commission``;
taken from a win it comes off the winning payout.

>>> from casino_math.bets import house_edge, house_edge_per_bet_made
>>> house_edge(place(6)), house_edge(place(5)), house_edge(place(4))
(Fraction(1, 66), Fraction(1, 25), Fraction(1, 15))
>>> house_edge(buy(4)), house_edge_per_bet_made(buy(4))     # per amount put down, per bet
(Fraction(1, 21), Fraction(1, 20))
"""

from __future__ import annotations

from fractions import Fraction

from ..bets import LOSE, WIN, Bet
from .rolls import deciding_totals, expected_rolls_until
from .rules import OXFORD, UP_FRONT, CrapsRules

#: The numbers that can be placed, bought or laid.
NUMBERS = (4, 5, 6, 8, 9, 10)


def check_number(number: int, kind: str, rules: CrapsRules = OXFORD) -> int:
    """``number`` if a ``kind`` bet ("place", "buy", "lay") can be made on it, else an error naming the numbers.

    >>> check_number(7, "place")
    Traceback (most recent call last):
    ...
    ValueError: there is no place bet on 7; place bets are on 4, 5, 6, 8, 9 or 10
    """
    if number not in NUMBERS:
        raise ValueError(f"there is no {kind} bet on {number!r}; {kind} bets are on 4, 5, 6, 8, 9 or 10")
    rules.check_offered(f"{kind}_{number}")
    return number


def _race_bet(name: str, number: int, winner: int, win_pays: Fraction, commission: Fraction = Fraction(0)) -> Bet:
    return Bet(name, deciding_totals({number, 7}), lambda n: WIN if n == winner else LOSE,
               {WIN: win_pays, LOSE: -1}, commission=commission, rounds=expected_rolls_until({number, 7}))


def place(number: int, rules: CrapsRules = OXFORD) -> Bet:
    """A place bet on ``number``: wins if it is rolled before a 7, at the rules' place payout.

    >>> from casino_math.bets import p_win, expected_value
    >>> p_win(place(6)), expected_value(place(6))      # 5/11 * 7/6 - 6/11
    (Fraction(5, 11), Fraction(-1, 66))
    """
    check_number(number, "place", rules)
    return _race_bet(f"place {number}", number, number, rules.place_pays[number])


def buy(number: int, rules: CrapsRules = OXFORD) -> Bet:
    """A buy bet on ``number``: a place bet at true odds, for a commission on the bet.

    >>> from casino_math.bets import house_edge
    >>> from casino_math.craps.rules import VEGAS
    >>> buy(4).commission, house_edge(buy(4, VEGAS))   # up front at Oxford; from the win: 1/3 * 39/20 - 2/3
    (Fraction(1, 20), Fraction(1, 60))
    """
    check_number(number, "buy", rules)
    pays, commission = rules.buy_pays[number], rules.commission
    if rules.commission_paid == UP_FRONT:
        return _race_bet(f"buy {number}", number, number, pays, commission=commission)
    return _race_bet(f"buy {number}", number, number, pays - commission)


def lay(number: int, rules: CrapsRules = OXFORD) -> Bet:
    """A lay bet against ``number``: wins if a 7 is rolled first, at true odds, for a commission on the win.

    >>> from casino_math.bets import house_edge, house_edge_per_bet_made
    >>> lay(4).commission, house_edge(lay(4)), house_edge_per_bet_made(lay(4))   # 5% of the 1/2 it would win
    (Fraction(1, 40), Fraction(1, 41), Fraction(1, 40))
    """
    check_number(number, "lay", rules)
    pays = rules.lay_pays[number]
    commission = rules.commission * pays
    if rules.commission_paid == UP_FRONT:
        return _race_bet(f"lay {number}", number, 7, pays, commission=commission)
    return _race_bet(f"lay {number}", number, 7, pays - commission)
