"""The legal bets, read off the layout, and why a choice of pockets is not one.

Two boxes that share an edge make a split, four boxes that meet at a point
make a corner, three boxes side by side make a street; the outside bets are
sets of numbers picked by a rule.  A choice that matches none of them gets an
explanation and examples of what is allowed.

>>> {kind: len(found) for kind, found in legal_bets().items() if kind in INSIDE}
{'straight': 38, 'split': 62, 'street': 12, 'corner': 22, 'top_line': 1, 'six_line': 11}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from itertools import pairwise

from ..distribution import FrozenMap
from .rules import INSIDE, KINDS, OXFORD, RED, SINGLE_ZERO, RouletteRules, check_rules  # noqa: F401  (the examples)
from .table import PocketName, columns, in_layout_order, number, pocket, pockets, streets, table_layout, zeros


def splits(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """Every split: two pockets whose boxes share an edge.

    >>> splits()[:5]
    [('0', '00'), ('0', '1'), ('0', '2'), ('00', '2'), ('00', '3')]
    """
    return _sorted_groups(table_layout(rules).edges, rules)


def corners(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """Every corner: four pockets whose boxes meet at one point (a 2x2 block).

    >>> corners()[0], len(corners())
    (('1', '2', '4', '5'), 22)
    """
    return _sorted_groups([g for g in table_layout(rules).points if len(g) == 4], rules)


def trios(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """The trios: three pockets whose boxes meet at one point, where the zeros meet the first row.

    >>> trios(), trios(SINGLE_ZERO)
    ([('0', '00', '2'), ('0', '1', '2'), ('00', '2', '3')], [('0', '1', '2'), ('0', '2', '3')])
    """
    return _sorted_groups([g for g in table_layout(rules).points if len(g) == 3], rules)


def six_lines(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """Every six line: two neighbouring streets.

    >>> six_lines()[0], len(six_lines())
    (('1', '2', '3', '4', '5', '6'), 11)
    """
    rows = streets(rules)
    return [a + b for a, b in pairwise(rows)]


def top_line_pockets(rules: RouletteRules = OXFORD) -> tuple[str, ...]:
    """The pockets of the top line: the zeros at the head and the first street.

    >>> top_line_pockets()
    ('0', '00', '1', '2', '3')
    """
    return zeros(rules) + streets(rules)[0]


def _sorted_groups(groups: Iterable[Iterable[str]], rules: RouletteRules) -> list[tuple[str, ...]]:
    order = {p: i for i, p in enumerate(pockets(rules))}
    return sorted((in_layout_order(g, rules) for g in groups), key=lambda g: [order[p] for p in g])


def dozens(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """The three dozens, 1-12, 13-24 and 25-36: four streets each.

    >>> [(d[0], d[-1]) for d in dozens()]
    [('1', '12'), ('13', '24'), ('25', '36')]
    """
    rows = streets(rules)
    return [sum(rows[i : i + 4], ()) for i in range(0, 12, 4)]


def numbers_where(test: Callable[[int], bool], rules: RouletteRules = OXFORD) -> tuple[str, ...]:
    """The numbered pockets (zeros excluded) whose number passes ``test``.

    >>> numbers_where(lambda n: n % 9 == 0)
    ('9', '18', '27', '36')
    """
    return tuple(p for p in pockets(rules) if (n := number(p)) is not None and test(n))


def outside_groups(rules: RouletteRules = OXFORD) -> dict[str, list[tuple[str, ...]]]:
    """The pockets each outside bet covers; 0 and 00 are in none of them.

    >>> {kind: [len(g) for g in groups] for kind, groups in outside_groups().items()}
    {'red': [18], 'black': [18], 'odd': [18], 'even': [18], 'low': [18], 'high': [18], 'dozen': [12, 12, 12], 'column': [12, 12, 12]}
    """
    return {
        "red": [numbers_where(lambda n: str(n) in RED, rules)],
        "black": [numbers_where(lambda n: str(n) not in RED, rules)],
        "odd": [numbers_where(lambda n: n % 2 == 1, rules)],
        "even": [numbers_where(lambda n: n % 2 == 0, rules)],
        "low": [numbers_where(lambda n: n <= 18, rules)],
        "high": [numbers_where(lambda n: n >= 19, rules)],
        "dozen": dozens(rules),
        "column": columns(rules),
    }


def legal_bets(rules: RouletteRules = OXFORD) -> dict[str, list[tuple[str, ...]]]:
    """Every legal bet at the table, by kind: the pockets each one covers.

    Kinds the table does not offer are left out (the single-zero table has no top line).

    >>> {kind: len(found) for kind, found in legal_bets(SINGLE_ZERO).items() if kind in INSIDE}
    {'straight': 37, 'split': 60, 'street': 14, 'corner': 22, 'six_line': 11}
    """
    rules = check_rules(rules)
    found: dict[str, list[tuple[str, ...]]] = {
        "straight": [(p,) for p in pockets(rules)],
        "split": splits(rules),
        "street": streets(rules) + (trios(rules) if rules.zero_trios else []),
        "corner": corners(rules),
        "top_line": [top_line_pockets(rules)],
        "six_line": six_lines(rules),
        **outside_groups(rules),
    }
    return {kind: found[kind] for kind in KINDS if kind in rules.pays}


@cache
def kind_lookup(rules: RouletteRules) -> FrozenMap[frozenset[str], str]:
    """The kind of bet of every legal group of pockets at the table, by the set of pockets it covers.

    It is worked out once per rules value and cannot be changed:

    >>> kind_lookup(OXFORD)[frozenset({"17", "20"})]
    'split'
    >>> kind_lookup(OXFORD).clear()
    Traceback (most recent call last):
    ...
    AttributeError: 'FrozenMap' object has no attribute 'clear'
    """
    return FrozenMap({frozenset(group): kind for kind, groups in legal_bets(rules).items() for group in groups})


def kind_of(chosen: Iterable[PocketName], rules: RouletteRules = OXFORD) -> str:
    """The kind of bet that covers exactly these pockets, or a ValueError saying why none does.

    >>> kind_of([1, 2]), kind_of(["0", "00", 1, 2, 3]), kind_of(range(1, 13))
    ('split', 'top_line', 'dozen')
    >>> kind_of([1, 5])
    Traceback (most recent call last):
    ...
    ValueError: 1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, e.g. 0-1, 1-2 or 1-4
    """
    rules = check_rules(rules)
    chosen = in_layout_order({pocket(p, rules) for p in chosen}, rules)
    kind = kind_lookup(rules).get(frozenset(chosen))
    if kind is None:
        raise ValueError(why_not(chosen, rules))
    return kind


#: The kind of bet a number of pockets would make, for the error messages.
KIND_BY_SIZE = {1: "straight", 2: "split", 3: "street", 4: "corner", 5: "top_line", 6: "six_line"}


def why_not(chosen: tuple[str, ...], rules: RouletteRules = OXFORD) -> str:
    """Why no bet covers exactly these pockets, and what is allowed instead.

    >>> why_not(("1", "2", "4", "6"))
    '1, 2, 4 and 6 are not a 2x2 block on the layout; a corner covers four numbers that meet at one point, e.g. 1-2-4-5'
    >>> why_not(("0", "1", "2"))
    '0-1-2 is a trio where the zeros meet the first row; this table (Oxford Casino Hotel, Maine) takes only streets of three numbers in a row, e.g. 1-2-3, 4-5-6 or 7-8-9'
    """
    rules = check_rules(rules)
    legal = legal_bets(rules)
    size = len(chosen)
    if size == 0:
        return "no pocket chosen; a bet covers 1, 2, 3, 4, 5, 6, 12 or 18 pockets"
    named = _and(chosen)
    if size == 2:
        return (f"{named} are not adjacent on the layout; a split covers two numbers that share an edge, "
                f"e.g. {_examples('split', chosen, legal)}")
    if size == 3:
        if tuple(chosen) in trios(rules):
            return (f"{'-'.join(chosen)} is a trio where the zeros meet the first row; this table ({rules.name}) "
                    f"takes only streets of three numbers in a row, e.g. {_examples('street', chosen, legal)}")
        return (f"{named} are not a street; a street is three numbers in a row of the layout, "
                f"e.g. {_examples('street', chosen, legal)}")
    if size == 4:
        return (f"{named} are not a 2x2 block on the layout; a corner covers four numbers that meet at one point, "
                f"e.g. {_examples('corner', chosen, legal)}")
    if size == 5:
        if "top_line" in legal:
            return f"{named} are not the top line; the only five-number bet is {'-'.join(legal['top_line'][0])}"
        return f"this table ({rules.name}) has no five-number bet (no top line)"
    if size == 6:
        return (f"{named} are not a six line; a six line covers two neighbouring streets, "
                f"e.g. {_examples('six_line', chosen, legal)}")
    if size == 12:
        return "these 12 numbers are neither a dozen (1-12, 13-24, 25-36) nor a column"
    if size == 18:
        return "these 18 numbers are not red, black, odd, even, 1-18 or 19-36"
    return f"no bet covers exactly {size} pockets; a bet covers 1, 2, 3, 4, 5, 6, 12 or 18 pockets"


def _and(items: Iterable[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _examples(kind: str, chosen: tuple[str, ...], legal: Mapping[str, list[tuple[str, ...]]], most: int = 3) -> str:
    """Legal bets of ``kind`` that share the first chosen pocket (or the first few of the kind)."""
    near = [g for g in legal.get(kind, []) if chosen[0] in g] or legal.get(kind, [])
    shown = ["-".join(g) for g in near[:most]]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
