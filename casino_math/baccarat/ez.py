"""EZ Baccarat's side bets: the Dragon 7 and the Panda 8, settled on how the coup ends.

EZ Baccarat pays the banker bet even money with no commission, and pushes it
when the banker wins with a three-card 7 (see
:func:`~casino_math.baccarat.bets.banker_wins_line`).  Two side bets go with it:
the Dragon 7 wins when the banker wins with a three-card 7, the Panda 8 when
the player wins with a three-card 8.

>>> from casino_math.bets import house_edge
>>> from casino_math.display import percent
>>> from casino_math.baccarat.rules import EZ
>>> percent(house_edge(dragon_7_bet(EZ)), 4), percent(house_edge(panda_8_bet(EZ)), 4)
('7.6113%', '10.1876%')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..bets import LOSE, WIN, Bet
from .cards import Shoe, check_shoe
from .deal import PLAYER, Coup, coups
from .rules import BaccaratRules, check_rules


def _three_card_bet(name: str, bet_id: str, won: Callable[[Coup], bool], rules: BaccaratRules,
                    shoe: Shoe | None) -> Bet:
    rules = check_rules(rules)
    space = coups(rules.full_shoe if shoe is None else check_shoe(shoe), rules.drawing)
    return Bet(name, space, lambda coup: WIN if won(coup) else LOSE,
               {WIN: rules.pays[bet_id], LOSE: Fraction(-1)})


def dragon_7_bet(rules: BaccaratRules, shoe: Shoe | None = None) -> Bet:
    """The Dragon 7: the banker wins with a three-card 7 (40 to 1 as usually paid).

    >>> from casino_math.baccarat.rules import EZ
    >>> dragon_7_bet(EZ).pays[WIN]
    Fraction(40, 1)
    """
    return _three_card_bet("dragon 7", "dragon_7", lambda coup: coup.banker_three_card_seven, rules, shoe)


def panda_8_bet(rules: BaccaratRules, shoe: Shoe | None = None) -> Bet:
    """The Panda 8: the player wins with a three-card 8 (25 to 1 as usually paid).

    >>> from casino_math.baccarat.rules import EZ
    >>> panda_8_bet(EZ).pays[WIN]
    Fraction(25, 1)
    """
    return _three_card_bet("panda 8", "panda_8", lambda coup: coup.won_with_three_cards(PLAYER, 8), rules, shoe)
