"""The widget of the chapter on EZ Baccarat and the side bets: take cards out of the shoe, watch the side bets move.

:func:`side_bet_table` is the pure function behind it and its static twin.
"""

from __future__ import annotations

from .. import bets
from ..baccarat import RULES, Shoe, edge_bets
from ..baccarat.cards import CARDS, RANKS, SUITS, check_decks
from ..baccarat.count import shoe_of_cards
from ..distribution import is_whole
from ..tables import Cell, Column, Holds, Table
from .baccarat import rank_cards
from .live import Control, Shown, Widget, defines

#: The shoe the widget starts from.
DEFAULT_DECKS = 8

#: Each bet's name as the chapter writes it, by bet ID.
BET_NAMES = {"banker": "Banker (EZ)", "player": "Player", "tie": "Tie", "dragon_7": "Dragon 7", "panda_8": "Panda 8",
             "player_pair": "Player Pair", "banker_pair": "Banker Pair", "either_pair": "Either Pair",
             "perfect_pair": "Perfect Pair"}


def depleted_by_rank(removed: dict[str, int], decks: int = DEFAULT_DECKS) -> Shoe:
    """A full shoe of ``decks`` decks less the cards in ``removed`` (rank -> how many), suits taken in turn.

    The cards of a rank leave one suit after another (spades, hearts, diamonds,
    clubs, spades, ...), so the suits stay as even as they can.

    >>> shoe = depleted_by_rank({"A": 5}, decks=2)
    >>> shoe.counts[1], shoe.cards[:4]                  # two aces of spades, then hearts, diamonds, clubs
    (3, (0, 1, 1, 1))
    """
    left = {card: check_decks(decks) for card in CARDS}
    for rank, n in removed.items():
        if rank not in RANKS:
            raise ValueError(f"unknown rank {rank!r}; the ranks are {', '.join(RANKS)}")
        if not is_whole(n) or not 0 <= n <= decks * len(SUITS):
            raise ValueError(f"cannot take {n!r} cards of rank {rank} out of a shoe that has {decks * len(SUITS)} of "
                             "them; take a whole number from 0 up to that")
        for i in range(n):
            left[(rank, SUITS[i % len(SUITS)])] -= 1
    return shoe_of_cards(left[card] for card in CARDS)


def side_bet_table(removed: dict[str, int] | None = None, decks: int = DEFAULT_DECKS) -> Table:
    """Every EZ Baccarat bet and pair bet: its house edge from the depleted shoe, the change from the full shoe's,
    and the full shoe's (the house edge is minus the expected value per unit staked; below 0 the bet favours the
    bettor).  The columns a reader looks for come first, so that a phone shows them without scrolling.

    >>> side_bet_table({"8": 16})
    EZ Baccarat, 8 decks less 16 cards (400 left); a house edge below 0 favours the bettor
    bet           house edge, this shoe  change    house edge, full shoe  pays
    ------------  ---------------------  --------  ---------------------  -------
    Banker (EZ)   1.3359%                +0.3176%  1.0183%                1 to 1
    Player        1.1472%                -0.0878%  1.2351%                1 to 1
    Tie           12.7739%               -1.5857%  14.3596%               8 to 1
    Dragon 7      -1.8099%               -9.4212%  7.6113%                40 to 1
    Panda 8       14.3897%               +4.2021%  10.1876%               25 to 1
    Player Pair   8.6917%                -1.6697%  10.3614%               11 to 1
    Banker Pair   8.6917%                -1.6697%  10.3614%               11 to 1
    Either Pair   12.1657%               -1.5442%  13.7099%               5 to 1
    Perfect Pair  11.6217%               -1.4077%  13.0294%               25 to 1
    """
    removed = {rank: n for rank, n in (removed or {}).items() if n}
    rules = RULES["ez"].changed(decks=check_decks(decks))
    shoe = depleted_by_rank(removed, decks)
    rows: list[list[Cell]] = []
    for (bet_id, full), (_, here) in zip(edge_bets(rules), edge_bets(rules, shoe), strict=True):
        before, after = -bets.expected_value(full), -bets.expected_value(here)
        rows.append([BET_NAMES[bet_id], after, after - before, before, bets.winning_pays(full)])
    caption = (f"EZ Baccarat, {decks} deck{'s' * (decks != 1)} less {sum(removed.values())} cards ({shoe.size} left); "
               "a house edge below 0 favours the bettor")
    columns = [Column("bet", Holds.BET), Column("house edge, this shoe", Holds.PERCENT, digits=4),
               Column("change", Holds.PERCENT, digits=4, signed=True),
               Column("house edge, full shoe", Holds.PERCENT, digits=4), Column("pays", Holds.PAYOUT)]
    return Table(columns, rows, caption)


@defines("variants.side_bets")
def side_bets_widget(decks: int = DEFAULT_DECKS) -> Widget:
    """The definition: a slider per rank for the cards taken out, showing :func:`side_bet_table`.

    >>> side_bets_widget().view({"removed_8": 16})["html"] == side_bet_table({"8": 16})._repr_html_()
    True
    """
    sliders = tuple(Control(f"removed_{rank}", "range", f"{rank_cards(rank)} removed", low=0,
                            high=decks * len(SUITS), default=0) for rank in RANKS)

    def show(**removed: int) -> str:
        return side_bet_table({k.removeprefix("removed_"): n for k, n in removed.items()}, decks)._repr_html_()

    return Widget("variants.side_bets", sliders, show, args={"decks": decks})


def side_bets_explorer(decks: int = DEFAULT_DECKS) -> Shown:
    """Thirteen sliders, one per rank, to take cards out of the shoe; every side bet's edge updates live."""
    return Shown(side_bets_widget(decks))
