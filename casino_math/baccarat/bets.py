"""The three main bets of mini-baccarat: banker, player and tie.

Each is a :class:`~casino_math.bets.Bet` over the coups a shoe can deal
(:func:`~casino_math.baccarat.deal.coups`), so every figure about it, P(win),
the house edge per hand or per hand resolved, the standard deviation, comes
from :mod:`casino_math.bets`.

>>> from casino_math.bets import house_edge, house_edge_per_bet_resolved
>>> from casino_math.display import percent
>>> percent(house_edge(banker_bet("oxford")), 4), percent(house_edge(player_bet("oxford")), 4)
('1.0579%', '1.2351%')
>>> percent(house_edge(tie_bet("oxford")), 4)
'14.3596%'
"""

from __future__ import annotations

from ..bets import LOSE, PUSH, WIN, Bet
from .cards import Shoe, check_decks
from .deal import Result, results
from .rules import Rules, rules_named


def shoe_for(rules: Rules, shoe=None, decks: int | None = None) -> Shoe:
    """The shoe a bet is dealt from: ``shoe`` if given, else a full shoe of ``decks`` (default: the rules' decks).

    >>> shoe_for(rules_named("oxford")).size, shoe_for(rules_named("oxford"), decks=1).size
    (416, 52)
    """
    if shoe is not None:
        if decks is not None:
            raise ValueError("give either a shoe or a number of decks, not both")
        return shoe if isinstance(shoe, Shoe) else Shoe(tuple(shoe))
    return Shoe.of_decks(rules.decks if decks is None else check_decks(decks))


def banker_wins_line(rules: Rules):
    """The rule that puts a coup on a line of the banker bet's pay table.

    >>> from casino_math.baccarat.deal import Coup
    >>> line = banker_wins_line(rules_named("ez-baccarat"))
    >>> line(Coup(5, 7, 3, 3).result), line(Coup(5, 7, 2, 2).result), line(Coup(5, 5, 3, 3).result)
    ('push', 'win', 'push')
    """

    def line(result: Result) -> str:
        if result.winner == "tie":
            return PUSH
        if result.winner == "player":
            return LOSE
        if rules.banker_three_card_seven_pushes and result.banker_three_card_seven:
            return PUSH
        return WIN

    return line


def banker_bet(rules="oxford", shoe=None, decks: int | None = None) -> Bet:
    """The banker bet: wins when the banker's total is higher, pushes on a tie.

    >>> from casino_math.bets import p_win
    >>> p_win(banker_bet("oxford", decks=8))
    Fraction(8954111587648, 19524993263685)
    """
    rules = rules_named(rules)
    return Bet("banker", results(shoe_for(rules, shoe, decks), rules.drawing), banker_wins_line(rules),
               {WIN: rules.banker_pays, PUSH: 0, LOSE: -1})


def player_bet(rules="oxford", shoe=None, decks: int | None = None) -> Bet:
    """The player bet: wins when the player's total is higher, pushes on a tie.

    >>> from casino_math.bets import p_win
    >>> p_win(player_bet("oxford"))
    Fraction(8712962041376, 19524993263685)
    """
    rules = rules_named(rules)

    def line(result: Result) -> str:
        return {"player": WIN, "tie": PUSH, "banker": LOSE}[result.winner]

    return Bet("player", results(shoe_for(rules, shoe, decks), rules.drawing), line,
               {WIN: rules.player_pays, PUSH: 0, LOSE: -1})


def tie_bet(rules="oxford", shoe=None, decks: int | None = None) -> Bet:
    """The tie bet: wins when the two totals are equal, loses otherwise.

    >>> from casino_math.bets import house_edge
    >>> house_edge(tie_bet("tie-9-to-1")) < house_edge(tie_bet("oxford"))
    True
    """
    rules = rules_named(rules)

    def line(result: Result) -> str:
        return WIN if result.winner == "tie" else LOSE

    return Bet("tie", results(shoe_for(rules, shoe, decks), rules.drawing), line, {WIN: rules.tie_pays, LOSE: -1})


def main_bets(rules="oxford", shoe=None, decks: int | None = None) -> list[Bet]:
    """The banker, player and tie bets, dealt from the same shoe.

    >>> [bet.name for bet in main_bets()]
    ['banker', 'player', 'tie']
    """
    return [banker_bet(rules, shoe, decks), player_bet(rules, shoe, decks), tie_bet(rules, shoe, decks)]
