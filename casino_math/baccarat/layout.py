"""Every bet on the mini-baccarat table by its ID, and the list the command line prints.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("tie")) == house_edge(tie_bet(OXFORD))
True
>>> [bet_id for bet_id, _ in edge_bets(OXFORD, Shoe.of_decks(1))]
['banker', 'player', 'tie', 'dragon_bonus_player', 'dragon_bonus_banker']
"""

from __future__ import annotations

from collections.abc import Callable

from ..bets import Bet
from .bets import banker_bet, player_bet, tie_bet
from .cards import Shoe
from .dragon import dragon_bonus_bet
from .rules import OXFORD, BaccaratRules

#: Every bet ID, in the order the book lists them.
BET_IDS = ("banker", "player", "tie", "dragon_bonus_player", "dragon_bonus_banker")

BUILDERS: dict[str, Callable[[BaccaratRules, Shoe | None], Bet]] = {
    "banker": banker_bet,
    "player": player_bet,
    "tie": tie_bet,
    "dragon_bonus_player": lambda rules, shoe: dragon_bonus_bet("player", rules, shoe),
    "dragon_bonus_banker": lambda rules, shoe: dragon_bonus_bet("banker", rules, shoe),
}


def check_bet_id(bet_id: str) -> str:
    """``bet_id`` if it names a bet, else an error suggesting the closest names.

    >>> check_bet_id("bankr")
    Traceback (most recent call last):
    ...
    ValueError: unknown baccarat bet 'bankr'; did you mean banker? (python -m casino_math edges --game baccarat lists every bet)
    """
    if bet_id in BUILDERS:
        return bet_id
    import difflib  # only for the error message

    close = difflib.get_close_matches(str(bet_id), BET_IDS, n=3)
    hint = f"did you mean {' or '.join(close)}?" if close else f"the bets are: {', '.join(BET_IDS)}"
    raise ValueError(f"unknown baccarat bet {bet_id!r}; {hint} (python -m casino_math edges --game baccarat lists every bet)")


def bet(bet_id: str, rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """The bet called ``bet_id`` under ``rules``, dealt from ``shoe`` (default: the rules' full shoe).

    >>> bet("dragon_bonus_banker").name
    'dragon bonus (banker)'
    """
    return BUILDERS[check_bet_id(bet_id)](rules, shoe)


def edge_bets(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> list[tuple[str, Bet]]:
    """Every bet of the game as ``(bet_id, Bet)``, dealt from ``shoe`` (default: the rules' full shoe).

    >>> len(edge_bets(OXFORD.changed(decks=6)))
    5
    """
    return [(bet_id, bet(bet_id, rules, shoe)) for bet_id in BET_IDS]
