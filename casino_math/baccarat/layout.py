"""Every bet on the mini-baccarat table by its ID, and the list the command line prints.

A rules value lists the bets its table posts (``rules.bets``); the pair bets,
as usually paid, are listed beside them wherever the shoe knows each card's
rank and suit (a full shoe does; a shoe depleted by point values does not).

>>> from casino_math.bets import house_edge
>>> house_edge(bet("tie")) == house_edge(tie_bet(OXFORD))
True
>>> [bet_id for bet_id, _ in posted_bets(OXFORD, Shoe.of_decks(1))]
['banker', 'player', 'tie', 'dragon_bonus_player', 'dragon_bonus_banker']
>>> [bet_id for bet_id, _ in edge_bets(EZ)]
['banker', 'player', 'tie', 'dragon_7', 'panda_8', 'player_pair', 'banker_pair', 'either_pair', 'perfect_pair']
"""

from __future__ import annotations

from collections.abc import Callable

from ..bets import Bet
from ..rules import known_bet
from .bets import banker_bet, player_bet, tie_bet
from .cards import Shoe
from .deal import BANKER, PLAYER
from .dragon import dragon_bonus_bet
from .ez import dragon_7_bet, panda_8_bet
from .pairs import pair_bet
from .rules import BET_IDS, BET_NAMES, EZ, OXFORD, PAIR_BETS, BaccaratRules, check_rules  # noqa: F401  (EZ: the doctest)

# BET_IDS and BET_NAMES are the rules module's; the chapters find them here too.
__all__ = ["BET_IDS", "BET_NAMES", "BUILDERS", "Builder", "bet", "check_bet_id", "edge_bets", "posted_bets"]

Builder = Callable[[BaccaratRules, Shoe | None], Bet]


def _pair(bet_id: str) -> Builder:
    return lambda rules, shoe: pair_bet(bet_id, rules, shoe)


BUILDERS: dict[str, Builder] = {
    "banker": banker_bet,
    "player": player_bet,
    "tie": tie_bet,
    "dragon_bonus_player": lambda rules, shoe: dragon_bonus_bet(PLAYER, rules, shoe),
    "dragon_bonus_banker": lambda rules, shoe: dragon_bonus_bet(BANKER, rules, shoe),
    "dragon_7": dragon_7_bet,
    "panda_8": panda_8_bet,
    **{bet_id: _pair(bet_id) for bet_id in PAIR_BETS},
}


def check_bet_id(bet_id: str) -> str:
    """``bet_id`` if it names a bet, else an error suggesting the closest names.

    >>> check_bet_id("bankr")
    Traceback (most recent call last):
    ...
    ValueError: unknown baccarat bet 'bankr'; did you mean banker or banker_pair? (python -m casino_math edges --game baccarat lists every bet)
    """
    return known_bet("baccarat", bet_id, BET_IDS)


def bet(bet_id: str, rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """The bet called ``bet_id`` under ``rules``, dealt from ``shoe`` (default: the rules' full shoe).

    >>> bet("dragon_bonus_banker").name
    'dragon bonus (banker)'
    >>> bet("dragon_7", OXFORD)
    Traceback (most recent call last):
    ...
    ValueError: this table (Oxford Casino Hotel, Maine) has no dragon_7 bet; it offers: banker, player, tie, dragon_bonus_player, dragon_bonus_banker, player_pair, banker_pair, either_pair, perfect_pair
    """
    check_rules(rules).check_offered(check_bet_id(bet_id))
    return BUILDERS[bet_id](rules, shoe)


def posted_bets(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> list[tuple[str, Bet]]:
    """The bets the rules' table posts, as ``(bet_id, Bet)``, dealt from ``shoe`` (default: the rules' full shoe).

    >>> len(posted_bets(OXFORD.changed(decks=6)))
    5
    """
    return [(bet_id, bet(bet_id, rules, shoe)) for bet_id in rules.bets]


def edge_bets(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> list[tuple[str, Bet]]:
    """Every bet :func:`posted_bets` lists, then the pair bets where the shoe knows its cards.

    >>> len(edge_bets(OXFORD)), len(edge_bets(OXFORD, Shoe.of_decks(8).without(4)))
    (9, 5)
    """
    shoe = check_rules(rules).full_shoe if shoe is None else shoe
    pairs = [(bet_id, bet(bet_id, rules, shoe)) for bet_id in PAIR_BETS if shoe.cards is not None]
    return [*posted_bets(rules, shoe), *pairs]
