"""Mini-baccarat: the drawing rules enumerated exactly, for any shoe.

The pieces, one idea per module:

- :mod:`~casino_math.baccarat.cards`: point values and shoes (by point value or by rank);
- :mod:`~casino_math.baccarat.rules`: the drawing rules as printed charts, pay tables, named casinos' rules;
- :mod:`~casino_math.baccarat.deal`: every ordered six-card deal counted exactly, by how the coup ends;
- :mod:`~casino_math.baccarat.bets`: the banker, player and tie bets;
- :mod:`~casino_math.baccarat.dragon`: the Dragon Bonus on either hand;
- :mod:`~casino_math.baccarat.eor`: the effect of removing one card, and what a card counter could gain.

>>> from casino_math.bets import house_edge
>>> [(bet_id, house_edge(bet) > 0) for bet_id, bet in edge_bets(RULES["oxford"], decks=1)]
[('banker', True), ('player', True), ('tie', True), ('dragon_bonus_player', True), ('dragon_bonus_banker', True)]
"""

from __future__ import annotations

from .bets import banker_bet, main_bets, player_bet, tie_bet
from .cards import Shoe, hand_total, point_value
from .deal import Coup, coups, deal_counts, deals_total, play
from .dragon import dragon_bonus_bet
from .rules import BANKER_CHART, DEFAULT_RULES, PLAYER_RULE, RULES, STANDARD_DRAWING, Rules, rules_named

#: The options ``python -m casino_math edges --game baccarat`` accepts beside --rules.
EDGE_OPTIONS = ("decks",)

#: The bets of the ``edges`` report, by the IDs the command line prints.
BET_IDS = ("banker", "player", "tie", "dragon_bonus_player", "dragon_bonus_banker")


def edge_bets(rules=RULES[DEFAULT_RULES], decks: int | None = None, shoe=None) -> list:
    """Every bet of the game as (bet ID, Bet), dealt from a full shoe of ``decks`` (default: the rules' decks).

    >>> [bet_id for bet_id, _ in edge_bets(RULES["oxford"])]
    ['banker', 'player', 'tie', 'dragon_bonus_player', 'dragon_bonus_banker']
    >>> edge_bets(RULES["oxford"], decks=0)
    Traceback (most recent call last):
    ...
    ValueError: the number of decks must be a whole number from 1 up, not 0
    """
    rules = rules_named(rules)
    bets = [*main_bets(rules, shoe, decks), dragon_bonus_bet("player", rules, shoe, decks),
            dragon_bonus_bet("banker", rules, shoe, decks)]
    return list(zip(BET_IDS, bets))


__all__ = [
    "BANKER_CHART",
    "BET_IDS",
    "DEFAULT_RULES",
    "EDGE_OPTIONS",
    "PLAYER_RULE",
    "RULES",
    "STANDARD_DRAWING",
    "Coup",
    "Rules",
    "Shoe",
    "banker_bet",
    "coups",
    "deal_counts",
    "deals_total",
    "dragon_bonus_bet",
    "edge_bets",
    "hand_total",
    "main_bets",
    "play",
    "player_bet",
    "point_value",
    "rules_named",
    "tie_bet",
]
