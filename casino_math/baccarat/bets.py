"""The three main bets of mini-baccarat: banker, player and tie.

Each is a :class:`~casino_math.bets.Bet` over the coups a shoe can deal
(:func:`~casino_math.baccarat.deal.coups`), so every figure about it, P(win),
the house edge per hand or per hand resolved, the standard deviation, comes
from :mod:`casino_math.bets`.

>>> from casino_math.bets import house_edge, house_edge_per_bet_resolved
>>> from casino_math.display import percent
>>> from casino_math.baccarat.rules import OXFORD
>>> percent(house_edge(banker_bet(OXFORD)), 4), percent(house_edge(player_bet(OXFORD)), 4)
('1.0579%', '1.2351%')
>>> percent(house_edge(tie_bet(OXFORD)), 4)
'14.3596%'
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..bets import LOSE, PUSH, WIN, Bet, Line
from ..distribution import Distribution
from .cards import Shoe, check_shoe
from .deal import BANKER, PLAYER, TIE, Result, results
from .rules import OXFORD, BaccaratRules, check_rules


def dealt_from(rules: BaccaratRules, shoe: Shoe | None = None) -> Distribution:
    """The results every bet under ``rules`` is settled on, dealt from ``shoe`` (default: the rules' full shoe).

    >>> dealt_from(OXFORD) is dealt_from(OXFORD, Shoe.of_decks(8))
    True
    """
    rules = check_rules(rules)
    return results(rules.full_shoe if shoe is None else check_shoe(shoe), rules.drawing)


def banker_wins_line(rules: BaccaratRules) -> Callable[[Result], Line]:
    """The rule that puts a coup on a line of the banker bet's pay table.

    >>> from casino_math.baccarat.deal import Coup
    >>> from casino_math.baccarat.rules import EZ
    >>> line = banker_wins_line(EZ)
    >>> line(Coup(5, 7, 3, 3).result), line(Coup(5, 7, 2, 2).result), line(Coup(5, 5, 3, 3).result)
    (Line.PUSH, Line.WIN, Line.PUSH)
    """

    def line(result: Result) -> Line:
        if result.winner == TIE:
            return PUSH
        if result.winner == PLAYER:
            return LOSE
        if rules.banker_three_card_seven_pushes and result.banker_three_card_seven:
            return PUSH
        return WIN

    return line


def banker_bet(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """The banker bet: wins when the banker's total is higher, pushes on a tie.

    >>> from casino_math.bets import p_win
    >>> p_win(banker_bet(OXFORD.changed(decks=8)))
    Fraction(8954111587648, 19524993263685)
    """
    return Bet("banker", dealt_from(rules, shoe), banker_wins_line(rules),
               {WIN: rules.pays["banker"], PUSH: Fraction(0), LOSE: Fraction(-1)})


def player_bet(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """The player bet: wins when the player's total is higher, pushes on a tie.

    >>> from casino_math.bets import p_win
    >>> p_win(player_bet(OXFORD))
    Fraction(8712962041376, 19524993263685)
    """

    def line(result: Result) -> Line:
        return {PLAYER: WIN, TIE: PUSH, BANKER: LOSE}[result.winner]

    return Bet("player", dealt_from(rules, shoe), line,
               {WIN: rules.pays["player"], PUSH: Fraction(0), LOSE: Fraction(-1)})


def tie_bet(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """The tie bet: wins when the two totals are equal, loses otherwise.

    >>> from casino_math.bets import house_edge
    >>> house_edge(tie_bet(OXFORD.changed(tie_pays=9))) < house_edge(tie_bet(OXFORD))
    True
    """

    def line(result: Result) -> Line:
        return WIN if result.winner == TIE else LOSE

    return Bet("tie", dealt_from(rules, shoe), line, {WIN: rules.pays["tie"], LOSE: Fraction(-1)})


def main_bets(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> list[Bet]:
    """The banker, player and tie bets, dealt from the same shoe.

    >>> [bet.name for bet in main_bets()]
    ['banker', 'player', 'tie']
    """
    return [banker_bet(rules, shoe), player_bet(rules, shoe), tie_bet(rules, shoe)]
