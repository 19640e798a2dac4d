"""The ticket explorer of the chapter "Keno: the lottery in the casino": a pay table and a number of spots, the
exact chance of each catch, what the table pays for it, and the ticket's house edge.

:func:`ticket_widget` is its definition, drawn in Jupyter and on the site alike; :func:`ticket_summary` computes
what it shows, and :func:`tickets_table` is its static twin.  Every chance is an exact fraction of whole-number
counts (:mod:`casino_math.keno.catches`).  Nothing here imports numpy, so it runs in the reader's browser.
"""

from __future__ import annotations

from fractions import Fraction

from .. import display
from ..bets import house_edge
from ..keno import RULES, RULES_NAMES, bet, catches
from ..keno.rules import BET_IDS, spots_of
from ..tables import Column, Table
from .live import Control, Shown, Widget, defines

#: The pay tables offered, by their names in the library.
TABLES = tuple((RULES_NAMES[name], name) for name in RULES)
#: The spots a ticket may mark.
SPOTS = tuple(range(1, len(BET_IDS) + 1))
#: The explorer's starting settings: Michigan's 10-spot.
DEFAULT_TABLE, DEFAULT_SPOTS = "michigan", 10


def offered_spots(table: str) -> tuple[int, ...]:
    """The spots of the tickets the pay table ``table`` sells.

    >>> offered_spots("michigan"), offered_spots("two_bit_menu")
    ((4, 5, 6, 7, 8, 9, 10), (10,))
    """
    return tuple(spots_of(b) for b in RULES[table].offers())


def ticket_summary(table: str, spots: int) -> str:
    """What the explorer shows for a ``spots`` ticket under the pay table ``table``, as HTML.

    >>> page = ticket_summary("michigan", 10)
    >>> "<td>10</td><td>17/151499090</td>" in page, "<td>house edge</td><td>36.331%</td>" in page
    (True, True)
    >>> "sells no 3-spot ticket" in ticket_summary("two_bit_menu", 3)
    True
    """
    rules = RULES[table]
    law = catches(f"pick_{spots}", rules)
    prizes = rules.prizes_of(spots)
    rows = [[str(c), display.fraction_text(p), display.percent(p, 6),
             display.fraction_text(prizes[c]) if c in prizes else "0"] for c, p in sorted(law.items())]
    chances = Table([Column("catch"), Column("chance"), Column("percent"), Column("returns (per unit)")], rows,
                    f"A {spots}-spot ticket: 20 numbers drawn of 80, {RULES_NAMES[table]} pay table")
    mean = sum((c * p for c, p in law.items()), Fraction(0))
    intro = (f"<p>The ticket marks {spots} of the 80 numbers; the draw catches {display.fraction_text(mean)} of them "
             f"on average.</p>")
    if f"pick_{spots}" not in rules.offers():
        offers = ", ".join(f"{k}-spot" for k in offered_spots(table))
        return (f"{intro}{chances._repr_html_()}<p>The {RULES_NAMES[table]} table sells no {spots}-spot ticket; "
                f"it sells: {offers}.</p>")
    edge = house_edge(bet(f"pick_{spots}", rules))
    figures = Table([Column("figure"), Column("value")], [
        ["house edge", display.percent(edge, 3)],
        ["exact edge", display.fraction_text(edge)],
        ["chance of any prize", display.percent(sum((law[c] for c in prizes if prizes[c] > 0), Fraction(0)), 3)],
    ], "The ticket's edge")
    return f"{intro}{chances._repr_html_()}{figures._repr_html_()}"


def tickets_table() -> Table:
    """The static twin of :func:`ticket_explorer`: every ticket each pay table sells, its chance of the top catch
    and its house edge.

    >>> tickets_table().rows[-1]
    ['Las Vegas 2-Bit Menu', '10', '17/151499090', '46.482%']
    """
    rows = []
    for label, name in TABLES:
        for spots in offered_spots(name):
            rows.append([label, str(spots), display.fraction_text(catches(f"pick_{spots}", RULES[name])[spots]),
                         display.percent(house_edge(bet(f"pick_{spots}", RULES[name])), 3)])
    return Table([Column(h) for h in ("pay table", "spots", "chance of catching all", "house edge")], rows,
                 "Every keno ticket of the two pay tables")


@defines("keno.ticket")
def ticket_widget() -> Widget:
    """The ticket explorer's definition: the pay table and the spots marked.

    >>> ticket_widget().view({"table": 0, "spots": 3})["html"][:40]
    '<p>The ticket marks 4 of the 80 numbers;'
    """
    controls = (
        Control("table", "dropdown", "Pay table", options=TABLES, default=DEFAULT_TABLE),
        Control("spots", "options", "Spots", options=tuple((str(k), k) for k in SPOTS), default=DEFAULT_SPOTS),
    )
    return Widget("keno.ticket", controls, ticket_summary)


def ticket_explorer(table: str = DEFAULT_TABLE, spots: int = DEFAULT_SPOTS) -> Shown:
    """The ticket explorer, live in Jupyter and on the site, starting from the given pay table and spots.

    >>> ticket_explorer(spots=4).widget.defaults()
    {'table': 0, 'spots': 3}
    """
    return Shown(ticket_widget().starting_at(table=table, spots=spots))
