"""The Dragon Bonus: a side bet that one hand (player or banker) wins with a natural or by a wide margin.

A win with a natural pays even money and a tie of two naturals pushes; a win
without a natural pays by its margin (30 to 1 for a win by 9 on the standard
table, down to 1 to 1 for a win by 4); everything else, including a tie
without naturals and a win by 3 or less, loses.

>>> from casino_math.bets import house_edge
>>> from casino_math.display import percent
>>> percent(house_edge(dragon_bonus_bet("player")), 2), percent(house_edge(dragon_bonus_bet("banker")), 2)
('2.65%', '9.37%')
"""

from __future__ import annotations

from collections.abc import Callable

from ..bets import LOSE, Bet
from .bets import dealt_from
from .cards import Shoe
from .deal import BANKER, PLAYER, TIE, Result, Side
from .rules import OXFORD, BaccaratRules, DragonBonusTable

#: The two hands a Dragon Bonus can be placed on.
SIDES = (PLAYER, BANKER)


def dragon_line(side: Side | str, table: DragonBonusTable) -> Callable[[Result], str]:
    """The rule that puts a coup on a line of the Dragon Bonus pay table for ``side``.

    >>> from casino_math.baccarat.deal import Coup
    >>> from casino_math.baccarat.rules import DRAGON_BONUS
    >>> line = dragon_line("player", DRAGON_BONUS)
    >>> [line(Coup(*c).result) for c in [(9, 0, 3, 3), (9, 0, 2, 2), (8, 8, 2, 2), (6, 3, 2, 3)]]
    ['win by 9', 'natural win', 'natural tie', Line.LOSE]
    """
    side = check_side(side)
    paying = set(table.margin_pays)

    def line(result: Result) -> str:
        if result.natural:
            return "natural win" if result.winner == side else "natural tie" if result.winner == TIE else LOSE
        return f"win by {result.margin}" if result.winner == side and result.margin in paying else LOSE

    return line


def check_side(side: object) -> Side:
    """``side`` as a :class:`~casino_math.baccarat.deal.Side` if it is the player or the banker, else a clear error.

    >>> check_side("dragon")
    Traceback (most recent call last):
    ...
    ValueError: a Dragon Bonus is placed on 'player' or 'banker', not 'dragon'
    """
    if side not in SIDES:
        raise ValueError(f"a Dragon Bonus is placed on 'player' or 'banker', not {side!r}")
    return Side(str(side))


def dragon_bonus_bet(side: Side | str, rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """The Dragon Bonus on the player's or the banker's hand, under the rules' pay table.

    >>> from casino_math.bets import p_push
    >>> p_push(dragon_bonus_bet("banker")) == p_push(dragon_bonus_bet("player"))   # natural ties
    True
    """
    table = rules.dragon_bonus
    return Bet(f"dragon bonus ({side})", dealt_from(rules, shoe), dragon_line(side, table), table.pays())
