"""Mini-baccarat: the drawing rules enumerated exactly, for any shoe.

The pieces, one idea per module:

- :mod:`~casino_math.baccarat.cards`: point values and shoes (by point value or by rank);
- :mod:`~casino_math.baccarat.rules`: the drawing rules as printed charts, pay tables, named casinos' rules;
- :mod:`~casino_math.baccarat.deal`: every ordered six-card deal counted exactly, by how the coup ends;
- :mod:`~casino_math.baccarat.bets`: the banker, player and tie bets;
- :mod:`~casino_math.baccarat.dragon`: the Dragon Bonus on either hand;
- :mod:`~casino_math.baccarat.ez`: EZ Baccarat's Dragon 7 and Panda 8;
- :mod:`~casino_math.baccarat.pairs`: the pair bets, from each card's rank and suit;
- :mod:`~casino_math.baccarat.layout`: every bet by its ID, for the command line;
- :mod:`~casino_math.baccarat.eor`: the effect of removing one card, and what a card counter could gain;
- :mod:`~casino_math.baccarat.count`: a bet's edge over the cards left, its unchanged mean and Thorp and Walden's theorem
  checked exactly, and a counter dealt through real shoes;
- :mod:`~casino_math.baccarat.chemin`: chemin de fer as a game, the banker's best replies and the game's solution;
- :mod:`~casino_math.baccarat.successive`: two successive coups from one shoe, and how dependent they are, exactly;
- :mod:`~casino_math.baccarat.simulate`: the Monte Carlo twin, coups dealt from real shoes to the cut card.

>>> from casino_math.bets import house_edge
>>> all(house_edge(bet) > 0 for _, bet in edge_bets(OXFORD.changed(decks=1)))     # every bet favours the house
True
>>> [bet_id for bet_id, _ in edge_bets(RULES["ez"])]
['banker', 'player', 'tie', 'dragon_7', 'panda_8', 'player_pair', 'banker_pair', 'either_pair', 'perfect_pair']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bets import banker_bet, dealt_from, main_bets, player_bet, tie_bet
from .cards import Shoe, hand_total, point_value
from .deal import Coup, coups, deal_counts, deals_total, play
from .dragon import dragon_bonus_bet
from .layout import bet, check_bet_id, edge_bets, posted_bets
from .rules import (
    BANKER_CHART,
    BET_IDS,
    BET_NAMES,
    CYPRESS_BAYOU_DRAGON,
    DEFAULT_RULES,
    EDGE_OPTIONS,
    EZ,
    GAME_NAME,
    OXFORD,
    PLAYER_RULE,
    RULES,
    RULES_NAMES,
    STANDARD_DRAWING,
    TIE_9_TO_1,
    BaccaratRules,
    rules_named,
)

if TYPE_CHECKING:
    import numpy as np

    from ..bets import Bet
    from ..simulate import Sample


def twin(bet_id: str, bet: Bet, rules: BaccaratRules, size: int, rng: np.random.Generator) -> Sample:
    """The bet settled on coups dealt from real shoes: see :func:`casino_math.baccarat.simulate.twin`."""
    from .simulate import twin as dealt

    return dealt(bet_id, bet, rules, size, rng)


__all__ = [
    "BANKER_CHART",
    "BET_IDS",
    "BET_NAMES",
    "CYPRESS_BAYOU_DRAGON",
    "DEFAULT_RULES",
    "EDGE_OPTIONS",
    "EZ",
    "GAME_NAME",
    "OXFORD",
    "PLAYER_RULE",
    "RULES",
    "RULES_NAMES",
    "STANDARD_DRAWING",
    "TIE_9_TO_1",
    "BaccaratRules",
    "Coup",
    "Shoe",
    "banker_bet",
    "bet",
    "check_bet_id",
    "coups",
    "deal_counts",
    "deals_total",
    "dealt_from",
    "dragon_bonus_bet",
    "edge_bets",
    "hand_total",
    "main_bets",
    "play",
    "player_bet",
    "point_value",
    "posted_bets",
    "rules_named",
    "tie_bet",
    "twin",
]
