"""Rules values side by side: where they differ, and what each difference does to the edges.

>>> rule_differences(["oxford", "vegas"]).rows[0]
['field pays on 2 and 12', '2 to 1 and 2 to 1', '2 to 1 and 3 to 1']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from ..bets import house_edge, odds_text
from ..formats import percent
from ..tables import Cell, Column, Figure, Holds, Table
from .layout import BET_IDS, edge_bets
from .rules import BET_NAMES, RULES, RULES_NAMES, CrapsRules

#: What each compared rule is called in a table, and how it is read from a rules value.
RULE_WORDS: dict[str, Callable[[CrapsRules], Cell]] = {
    "bets defined": lambda r: f"{len(r.bets)}",
    "field pays on 2 and 12": lambda r: _field(r),
    "don't pass pushes on": lambda r: str(r.bar) if r.bar is not None else "-",
    "buy and lay commission": lambda r: f"{percent(r.commission, 0)}, {r.commission_paid}" if r.commission else "-",
    "odds behind the line": lambda r: (r.odds_policy or "posted at the table") if r.odds_offered else "-",
    "Pass/Come withdrawn once a point is set": lambda r: _yes(r.pass_may_be_withdrawn),
    "Don't Pass/Don't Come withdrawn once a point is set": lambda r: _yes(r.dont_may_be_withdrawn),
    "Don't Pass/Don't Come made or raised once a point is set": lambda r: _yes(r.dont_may_be_increased),
    "bets must be paid in whole dollars": lambda r: "yes" if r.whole_dollars else "not stated",
}


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _field(rules: CrapsRules) -> Cell:
    if not rules.field_pays:
        return "-"
    return Figure(f"{odds_text(rules.field_pays[2])} and {odds_text(rules.field_pays[12])}", PAYOUTS)


#: Payouts in words ("2 to 1 and 3 to 1"), each on one line in HTML.
PAYOUTS = Column("pays", Holds.PAYOUT)


def _rules_columns(names: Iterable[str], holds: Holds = Holds.TEXT, digits: int | None = None) -> list[Column]:
    """A column per rules value, headed by its ID, which a reader sees by its name."""
    return [Column(name, holds, shown=RULES_NAMES.get(name, name), digits=digits) for name in names]


def _rules(names: Iterable[str]) -> dict[str, CrapsRules]:
    return {name: RULES[name] for name in names}


def rule_table(names: Sequence[str] = tuple(RULES)) -> Table:
    """The rules that matter to the edges, one column per rules value.

    >>> rule_table().rows[0]
    ['bets defined', '42', '5', '42']
    """
    values = _rules(names)
    rows = [[words, *(read(r) for r in values.values())] for words, read in RULE_WORDS.items()]
    return Table([Column("rule"), *_rules_columns(names)], rows, "The rules side by side")


def rule_differences(names: Sequence[str] = tuple(RULES)) -> Table:
    """Only the rules on which the named rules values disagree.

    >>> [row[0] for row in rule_differences(["oxford", "quebec"]).rows][:2]
    ['bets defined', 'buy and lay commission']
    """
    full = rule_table(names)
    return Table(full.columns, [row for row in full.cells if len(set(row[1:])) > 1], "Where the rules differ")


def edge_comparison(names: Sequence[str] = tuple(RULES), odds: str | None = "3-4-5x") -> Table:
    """Every bet's house edge (per amount put down) under each rules value; "-" where the rules have no such bet.

    >>> edge_comparison().rows[-1]
    ['dont_pass_with_odds', '0.273%', '-', '0.273%']
    """
    edges: dict[str, dict[str, Fraction]] = {}
    for name, rules in _rules(names).items():
        offered = edge_bets(rules, odds if rules.odds_offered else None)
        edges[name] = {bet_id: house_edge(bet) for bet_id, bet in offered}
    rows: list[list[Cell]] = [[bet_id, *(edges[n].get(bet_id, "-") for n in names)]
                              for bet_id in BET_IDS if any(bet_id in edges[n] for n in names)]
    return Table([Column("bet", Holds.BET, names=BET_NAMES), *_rules_columns(names, Holds.PERCENT, 3)], rows, f"House edge by rules value ({odds} odds where odds are offered)")
