"""Widgets for the mini-baccarat chapters: the number of decks, and a shoe you can deplete card by card.

Each widget calls a pure function of this module, which is also its static
twin's source: :func:`edges_table` for the decks slider, :func:`shoe_summary`
for the depleted shoe.
"""

from __future__ import annotations

from collections.abc import Iterable

from .. import bets
from ..baccarat import BET_NAMES, RULES_NAMES, BaccaratRules, Shoe, posted_bets, rules_named
from ..baccarat.cards import POINT_VALUES
from ..tables import Cell, Column, Holds, Table
from .live import Control, Shown, Widget, defines

#: The cards as the sliders of both card-removal widgets name them: by rank, and (here) by point value.
RANK_WORDS = {"A": "Aces", "J": "Jacks", "Q": "Queens", "K": "Kings"}
POINT_WORDS = {0: "10s, jacks, queens and kings (0)", 1: "Aces (1)"}


def rank_cards(rank: str) -> str:
    """The cards of a rank, as a slider names them.

    >>> rank_cards("A"), rank_cards("7"), rank_cards("Q")
    ('Aces', '7s', 'Queens')
    """
    return RANK_WORDS.get(rank, f"{rank}s")


def point_cards(value: int) -> str:
    """The cards of a point value, as a slider names them: the same words as :func:`rank_cards`.

    >>> point_cards(0), point_cards(1), point_cards(9)
    ('10s, jacks, queens and kings (0)', 'Aces (1)', '9s')
    """
    return POINT_WORDS.get(value, f"{value}s")


#: The decks the slider offers.
DECKS = tuple(range(1, 9))
DEFAULT_DECKS = 8


def edges_table(rules: str | BaccaratRules = "oxford", decks: int | None = None, shoe: Shoe | None = None) -> Table:
    """Every bet's house edge and chance of winning, dealt from a full shoe of ``decks`` (or from ``shoe``); the
    edges come first, so that a phone shows them beside the bet without scrolling.

    >>> edges_table(decks=1).caption
    'Mini-baccarat, 1 deck (oxford rules)'

    >>> edges_table(decks=8)
    Mini-baccarat, 8 decks (oxford rules)
    bet                  house edge  per hand resolved  P(win)   P(push)  pays
    -------------------  ----------  -----------------  -------  -------  --------
    banker               1.0579%     1.1692%            45.860%  9.516%   19 to 20
    player               1.2351%     1.3650%            44.625%  9.516%   1 to 1
    tie                  14.3596%    14.3596%           9.516%   0.000%   8 to 1
    dragon_bonus_player  2.6517%     2.6999%            28.989%  1.787%   see text
    dragon_bonus_banker  9.3731%     9.5436%            28.279%  1.787%   see text
    """
    name, rules = _named(rules, decks)
    where = f"{rules.decks} deck{'s' * (rules.decks != 1)}" if shoe is None else f"a shoe of {shoe.size} cards"
    rows: list[list[Cell]] = []
    for bet_id, bet in posted_bets(rules, shoe):
        edges = bets.house_edges(bet)
        per_resolved = edges.get(bets.PER_BET_RESOLVED, edges[bets.PER_AMOUNT_PUT_DOWN])
        rows.append([bet_id, bets.house_edge(bet), per_resolved, bets.p_win(bet), bets.p_push(bet),
                     bets.winning_pays(bet) if "dragon" not in bet_id else "see text"])
    columns = [BET_COLUMN, Column("house edge", Holds.PERCENT, digits=4), Column("per hand resolved", Holds.PERCENT, digits=4),
               Column("P(win)", Holds.PERCENT, digits=3), Column("P(push)", Holds.PERCENT, digits=3),
               Column("pays", Holds.PAYOUT)]
    return Table(columns, rows, *_captions(f"Mini-baccarat, {where} ({{}} rules)", name))


#: The bets' column of a table: bet IDs, which the book shows by the game's names for them.
BET_COLUMN = Column("bet", Holds.BET, names=BET_NAMES)


def _captions(caption: str, name: str) -> tuple[str, bool, bool, str]:
    """A caption naming the rules (at ``{}``): by their ID as text, by their name for a reader (and the table's
    defaults between them, so that the pair can follow the rows in a call)."""
    return caption.format(name), False, False, caption.format(RULES_NAMES.get(name, name))


def _named(rules: str | BaccaratRules, decks: int | None = None) -> tuple[str, BaccaratRules]:
    """The name a widget shows and the rules value it computes with (widgets take rules by name)."""
    value = rules_named(rules) if isinstance(rules, str) else rules
    return (rules if isinstance(rules, str) else rules.name), value if decks is None else value.changed(decks=decks)


def decks_table(rules: str | BaccaratRules = "oxford", decks: Iterable[int] = DECKS) -> Table:
    """The static twin of :func:`decks_explorer`: each bet's house edge for every number of decks.

    >>> decks_table(decks=(1, 8))
    House edge by number of decks (oxford rules); (*) marks the explorer's starting value
    decks  banker   player   tie       dragon_bonus_player  dragon_bonus_banker
    -----  -------  -------  --------  -------------------  -------------------
    1      1.0117%  1.2864%  15.7461%  3.0306%              9.7441%
    8 (*)  1.0579%  1.2351%  14.3596%  2.6517%              9.3731%
    """
    name, _ = _named(rules)
    rows: list[list[Cell]] = []
    for d in decks:
        edges = [bets.house_edge(bet) for _, bet in posted_bets(_named(rules, d)[1])]
        rows.append([f"{d} (*)" if d == DEFAULT_DECKS else str(d), *edges])
    caption = "House edge by number of decks ({} rules); (*) marks the explorer's starting value"
    columns = [Column(bet_id, Holds.PERCENT, shown=BET_NAMES[bet_id], digits=4) for bet_id in _named(rules)[1].bets]
    return Table([Column("decks"), *columns], rows, *_captions(caption, name))


@defines("baccarat.decks")
def decks_widget(rules: str = "oxford") -> Widget:
    """The decks explorer's definition: a slider over :data:`DECKS`, showing :func:`edges_table`.

    >>> decks_widget().view({"decks": 1})["html"] == edges_table("oxford", 1)._repr_html_()
    True
    """
    slider = Control("decks", "range", "Decks in the shoe", low=DECKS[0], high=DECKS[-1], default=DEFAULT_DECKS)
    return Widget("baccarat.decks", (slider,), lambda decks: edges_table(rules, decks)._repr_html_(),
                  args={"rules": rules})


def decks_explorer(decks: int = DEFAULT_DECKS, rules: str = "oxford") -> Shown:
    """A slider for the number of decks, showing every bet's exact chance of winning and house edge.

    >>> slider, table = decks_explorer().children
    >>> slider.value = 1
    >>> table.value == edges_table("oxford", 1)._repr_html_()
    True
    """
    return Shown(decks_widget(rules).starting_at(decks=decks))


def depleted_shoe(removed: dict[int, int], decks: int = DEFAULT_DECKS) -> Shoe:
    """A full shoe of ``decks`` decks with the cards in ``removed`` (point value -> how many) taken out.

    >>> depleted_shoe({5: 32, 0: 28}).counts
    (100, 32, 32, 32, 32, 0, 32, 32, 32, 32)
    """
    return Shoe.of_decks(decks).removing(removed)


def shoe_summary(removed: dict[int, int] | None = None, decks: int = DEFAULT_DECKS,
                 rules: str | BaccaratRules = "oxford") -> Table:
    """What the depleted-shoe explorer shows: every bet's expected value from the depleted shoe, its change from the
    full shoe's, and the full shoe's (the figures a reader looks for first, so that a phone shows them).

    A positive expected value means the bet favours the bettor.

    >>> shoe_summary({4: 32})
    Shoe of 8 decks with 32 cards removed (384 left)
    bet                  EV, this shoe  change    EV, full shoe
    -------------------  -------------  --------  -------------
    banker               -0.7403%       +0.3176%  -1.0579%
    player               -1.5619%       -0.3268%  -1.2351%
    tie                  -14.7290%      -0.3694%  -14.3596%
    dragon_bonus_player  -0.6284%       +2.0233%  -2.6517%
    dragon_bonus_banker  -2.4621%       +6.9110%  -9.3731%
    """
    removed = {v: n for v, n in (removed or {}).items() if n}
    shoe = depleted_shoe(removed, decks)
    rules = _named(rules, decks)[1]
    full, here = dict(posted_bets(rules)), dict(posted_bets(rules, shoe))
    rows: list[list[Cell]] = []
    for bet_id in rules.bets:
        before, after = bets.expected_value(full[bet_id]), bets.expected_value(here[bet_id])
        rows.append([bet_id, after, after - before, before])
    taken = sum(removed.values())
    caption = f"Shoe of {decks} decks with {taken} cards removed ({shoe.size} left)"
    columns = [BET_COLUMN, Column("EV, this shoe", Holds.PERCENT, digits=4),
               Column("change", Holds.PERCENT, digits=4, signed=True), Column("EV, full shoe", Holds.PERCENT, digits=4)]
    return Table(columns, rows, caption)


@defines("baccarat.shoe")
def shoe_widget(decks: int = DEFAULT_DECKS, rules: str = "oxford") -> Widget:
    """The depleted-shoe explorer's definition: how many cards of each point value to take out, and
    :func:`shoe_summary` of what is left.

    >>> shoe_widget().view({"removed_4": 32})["html"] == shoe_summary({4: 32})._repr_html_()
    True
    """
    full = Shoe.of_decks(decks)
    sliders = tuple(Control(f"removed_{v}", "range", f"{point_cards(v)} removed", low=0, high=full[v], default=0)
                    for v in POINT_VALUES)

    def show(**removed: int) -> str:
        return shoe_summary({int(k.removeprefix("removed_")): n for k, n in removed.items()}, decks, rules)._repr_html_()

    return Widget("baccarat.shoe", sliders, show, args={"decks": decks, "rules": rules})


def shoe_explorer(decks: int = DEFAULT_DECKS, rules: str = "oxford") -> Shown:
    """Ten sliders, one per point value, to take cards out of the shoe; every bet's expected value updates live.

    >>> explorer = shoe_explorer()
    >>> (left, right), table = explorer.children[0].children, explorer.children[1]
    >>> left.children[4].value = 32
    >>> table.value == shoe_summary({4: 32})._repr_html_()
    True
    """
    return Shown(shoe_widget(decks, rules))
