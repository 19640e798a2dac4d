"""Roulette: the wheel, the betting layout, and every bet on it, exactly.

The Oxford Casino deals American roulette: a wheel of 38 pockets, 1 to 36
with 0 and 00, and a layout of 36 numbered boxes in 12 rows of three with the
two zeros at the head.  "00" is a pocket of its own, not another way of
writing 0 (in Python the literal ``00`` *is* 0, which is why pockets here are
named by strings).

Which bets are legal is read off the layout itself: the layout is drawn below
as text, each pocket a box; two boxes that share an edge make a split, four
boxes that meet at a point make a corner, three boxes side by side make a
street.  Nothing is listed by hand.

>>> p_win(split(17, 20)), house_edge(split(17, 20))
(Fraction(1, 19), Fraction(1, 19))
>>> house_edge(top_line())
Fraction(3, 38)
>>> {kind: len(found) for kind, found in legal_bets().items() if kind in INSIDE}
{'straight': 38, 'split': 62, 'street': 12, 'corner': 22, 'top_line': 1, 'six_line': 11}
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import pairwise
from types import MappingProxyType

from .bets import LOSE, WIN, Bet, house_edge, p_win, simple_bet  # noqa: F401  (so the examples read house_edge(split(17, 20)))
from .distribution import Distribution, exact

# The layouts, drawn as they look from the dealer's end of the table.  Each
# box is one pocket; the zeros at the head are a column and a half wide, so
# that 0 borders 1 and 2, and 00 borders 2 and 3.

AMERICAN_LAYOUT = """
+-----------+-----------+
|     0     |    00     |
+-------+---+---+-------+
|   1   |   2   |   3   |
+-------+-------+-------+
|   4   |   5   |   6   |
+-------+-------+-------+
|   7   |   8   |   9   |
+-------+-------+-------+
|  10   |  11   |  12   |
+-------+-------+-------+
|  13   |  14   |  15   |
+-------+-------+-------+
|  16   |  17   |  18   |
+-------+-------+-------+
|  19   |  20   |  21   |
+-------+-------+-------+
|  22   |  23   |  24   |
+-------+-------+-------+
|  25   |  26   |  27   |
+-------+-------+-------+
|  28   |  29   |  30   |
+-------+-------+-------+
|  31   |  32   |  33   |
+-------+-------+-------+
|  34   |  35   |  36   |
+-------+-------+-------+
"""

SINGLE_ZERO_LAYOUT = """
+-----------------------+
|           0           |
+-------+-------+-------+
|   1   |   2   |   3   |
+-------+-------+-------+
|   4   |   5   |   6   |
+-------+-------+-------+
|   7   |   8   |   9   |
+-------+-------+-------+
|  10   |  11   |  12   |
+-------+-------+-------+
|  13   |  14   |  15   |
+-------+-------+-------+
|  16   |  17   |  18   |
+-------+-------+-------+
|  19   |  20   |  21   |
+-------+-------+-------+
|  22   |  23   |  24   |
+-------+-------+-------+
|  25   |  26   |  27   |
+-------+-------+-------+
|  28   |  29   |  30   |
+-------+-------+-------+
|  31   |  32   |  33   |
+-------+-------+-------+
|  34   |  35   |  36   |
+-------+-------+-------+
"""

def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: The pockets in the order they sit around each wheel, clockwise from 0.
AMERICAN_WHEEL = _words("0 28 9 26 30 11 7 20 32 17 5 22 34 15 3 24 36 13 1 00 27 10 25 29 12 8 19 31 18 6 21 33 16 4 23 35 14 2")
EUROPEAN_WHEEL = _words("0 32 15 19 4 21 2 25 17 34 6 27 13 36 11 30 8 23 10 5 24 16 33 1 20 14 31 9 22 18 29 7 28 12 35 3 26")

#: The red numbers; the other numbers 1-36 are black and the zeros are green.
#: The rule behind the list: from 1 to 10 and 19 to 28 the odd numbers are
#: red, from 11 to 18 and 29 to 36 the even ones.
RED = frozenset(_words("1 3 5 7 9 12 14 16 18 19 21 23 25 27 30 32 34 36"))

#: The kinds of bet, inside then outside, by the IDs the command line prints.
INSIDE = ("straight", "split", "street", "corner", "top_line", "six_line")
OUTSIDE = ("red", "black", "odd", "even", "low", "high", "dozen", "column")
KINDS = INSIDE + OUTSIDE
EVEN_MONEY = ("red", "black", "odd", "even", "low", "high")

#: The Oxford Casino's pay table (its roulette rules page), "x to 1" by kind
#: of bet.  The page calls the six line a "line bet".
OXFORD_PAYS = {
    "straight": 35,
    "split": 17,
    "street": 11,
    "corner": 8,
    "top_line": 6,
    "six_line": 5,
    "dozen": 2,
    "column": 2,
    "red": 1,
    "black": 1,
    "odd": 1,
    "even": 1,
    "low": 1,
    "high": 1,
}

#: The rules value used when none is named: the Oxford Casino's.
DEFAULT_RULES = "oxford"

#: The single-zero table pays the same, and has no five-number top line.
SINGLE_ZERO_PAYS = {kind: x for kind, x in OXFORD_PAYS.items() if kind != "top_line"}


@dataclass(frozen=True)
class Rules:
    """The rules of one roulette table: its wheel, its layout and its pay table."""

    name: str
    """A short name for the rules (the key in :data:`RULES`)."""
    wheel: tuple[str, ...]
    """The pockets in their order around the wheel; every pocket is equally likely."""
    layout: str
    """The betting layout drawn as text, one box per pocket; legal inside bets are read from it."""
    pays: Mapping[str, Fraction] = field(hash=False)
    """What each kind of bet pays, "x to 1"; a kind left out is not offered at this table."""
    zero_trios: bool = False
    """Whether a street may be one of the trios where the zeros meet the first row (0-1-2 and the like)."""
    la_partage: bool = False
    """Whether an even-money bet gets half its stake back when the ball lands on a zero."""

    def __post_init__(self):
        unknown = set(self.pays) - set(KINDS)
        if unknown:
            raise ValueError(f"rules {self.name!r}: unknown kinds of bet {sorted(unknown)}; the kinds are {KINDS}")
        pays = {kind: exact(x, f"rules {self.name!r}: the payout of {kind}") for kind, x in self.pays.items()}
        object.__setattr__(self, "pays", MappingProxyType(pays))
        if set(self.wheel) != set(parse_layout(self.layout).boxes):
            raise ValueError(f"rules {self.name!r}: the wheel and the layout must have the same pockets")


# The layout: read the drawing into boxes, and find which boxes touch.


@dataclass(frozen=True)
class Box:
    """A pocket's box on the layout drawing: the lines of its border, in characters of the drawing."""

    pocket: str
    top: int
    left: int
    bottom: int
    right: int


@dataclass(frozen=True)
class Layout:
    """A betting layout read from its drawing.

    ``boxes`` maps each pocket to its box, in reading order; ``edges`` are the
    pairs of pockets whose boxes share a stretch of border; ``points`` are the
    groups of three or four pockets whose boxes meet at one corner point.
    """

    boxes: Mapping[str, Box]
    edges: frozenset[frozenset[str]]
    points: frozenset[frozenset[str]]


BORDER = "+-|"


@cache
def parse_layout(text: str) -> Layout:
    """Read a layout drawn as text: boxes of ``+``, ``-`` and ``|`` with the pocket's name inside.

    >>> tiny = parse_layout('''
    ... +---+---+
    ... | 1 | 2 |
    ... +---+---+
    ... | 3 | 4 |
    ... +---+---+''')
    >>> list(tiny.boxes), sorted(sorted(pair) for pair in tiny.edges)
    (['1', '2', '3', '4'], [['1', '2'], ['1', '3'], ['2', '4'], ['3', '4']])
    >>> [sorted(point) for point in tiny.points]
    [['1', '2', '3', '4']]
    """
    grid = text.strip("\n").splitlines()
    width = max(map(len, grid))
    grid = [row.ljust(width) for row in grid]
    owner = _flood_fill(grid)
    boxes = _boxes(grid, owner)

    def at(r, c):
        inside = 0 <= r < len(grid) and 0 <= c < width
        return owner.get((r, c)) if inside else None

    edges, points = set(), set()
    for r, row in enumerate(grid):
        for c, char in enumerate(row):
            if char == "-":
                pair = {at(r - 1, c), at(r + 1, c)}
            elif char == "|":
                pair = {at(r, c - 1), at(r, c + 1)}
            else:
                around = {at(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {None}
                if char == "+" and len(around) >= 3:
                    points.add(frozenset(around))
                continue
            if None not in pair and len(pair) == 2:
                edges.add(frozenset(pair))
    return Layout(MappingProxyType(boxes), frozenset(edges), frozenset(points))


def _flood_fill(grid: list[str]) -> dict[tuple[int, int], str]:
    """Which pocket owns each character inside a box (the box's name is the text inside it)."""
    owner, seen = {}, set()
    for start in ((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch not in BORDER + " "):
        if start in seen:
            continue
        region, todo = [], [start]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen or not (0 <= r < len(grid) and 0 <= c < len(grid[r])) or grid[r][c] in BORDER:
                continue
            seen.add((r, c))
            region.append((r, c))
            todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        name = "".join(grid[r][c] for r, c in sorted(region)).replace(" ", "")
        if name in owner.values():
            raise ValueError(f"the layout has two boxes named {name!r}; each pocket has one box")
        owner.update({cell: name for cell in region})
    return owner


def _boxes(grid, owner) -> dict[str, Box]:
    cells = defaultdict(list)
    for (r, c), name in owner.items():
        cells[name].append((r, c))
    boxes = [
        Box(name, min(r for r, _ in rc) - 1, min(c for _, c in rc) - 1, max(r for r, _ in rc) + 1, max(c for _, c in rc) + 1)
        for name, rc in cells.items()
    ]
    return {box.pocket: box for box in sorted(boxes, key=lambda b: (b.top, b.left))}


RULES = {
    "oxford": Rules("oxford", AMERICAN_WHEEL, AMERICAN_LAYOUT, OXFORD_PAYS),
    "single_zero": Rules("single_zero", EUROPEAN_WHEEL, SINGLE_ZERO_LAYOUT, SINGLE_ZERO_PAYS, zero_trios=True),
    "la_partage": Rules("la_partage", EUROPEAN_WHEEL, SINGLE_ZERO_LAYOUT, SINGLE_ZERO_PAYS, True, la_partage=True),
}
OXFORD = RULES["oxford"]

#: ``edges`` takes no extra options for roulette.
EDGE_OPTIONS = ()



def rules_value(rules: Rules | str = DEFAULT_RULES) -> Rules:
    """A rules value, given itself or its name in :data:`RULES`.

    >>> rules_value("single_zero").la_partage
    False
    """
    if isinstance(rules, Rules):
        return rules
    if rules not in RULES:
        raise ValueError(f"unknown roulette rules {rules!r}; the rules are: {', '.join(RULES)}")
    return RULES[rules]


def layout(rules: Rules | str = DEFAULT_RULES) -> Layout:
    """The betting layout of a table.

    >>> list(layout().boxes)[:5]
    ['0', '00', '1', '2', '3']
    """
    return parse_layout(rules_value(rules).layout)


def streets(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """The rows of three boxes side by side, head to foot.

    >>> streets()[0], streets()[-1], len(streets())
    (('1', '2', '3'), ('34', '35', '36'), 12)
    """
    rows = defaultdict(list)
    for box in layout(rules).boxes.values():
        rows[box.top, box.bottom].append(box.pocket)
    return [tuple(row) for _, row in sorted(rows.items()) if len(row) == 3]


def columns(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """The three columns of numbers, left to right (the zeros belong to none).

    >>> columns()[0][:3], len(columns()[0])
    (('1', '4', '7'), 12)
    """
    numbers = {p for row in streets(rules) for p in row}
    cols = defaultdict(list)
    for box in layout(rules).boxes.values():
        if box.pocket in numbers:
            cols[box.left, box.right].append(box.pocket)
    return [tuple(col) for _, col in sorted(cols.items())]


def zeros(rules: Rules | str = DEFAULT_RULES) -> tuple[str, ...]:
    """The green pockets at the head of the layout: those in no street.

    >>> zeros(), zeros("single_zero")
    (('0', '00'), ('0',))
    """
    numbers = {p for row in streets(rules) for p in row}
    return tuple(p for p in layout(rules).boxes if p not in numbers)


def pockets(rules: Rules | str = DEFAULT_RULES) -> tuple[str, ...]:
    """Every pocket, in the order of the layout: the zeros, then 1 to 36.

    >>> len(pockets()), pockets()[:3], len(pockets("single_zero"))
    (38, ('0', '00', '1'), 37)
    """
    return tuple(layout(rules).boxes)


def wheel(rules: Rules | str = DEFAULT_RULES) -> Distribution:
    """One spin: every pocket of the wheel equally likely.

    >>> wheel()["00"], wheel("single_zero")["17"]
    (Fraction(1, 38), Fraction(1, 37))
    """
    return Distribution.uniform(rules_value(rules).wheel)


def colour(pocket: str) -> str:
    """The colour of a pocket: "red", "black", or "green" for the zeros.

    >>> colour("1"), colour("2"), colour("00")
    ('red', 'black', 'green')
    """
    if pocket in ("0", "00"):
        return "green"
    return "red" if pocket in RED else "black"


def number(pocket: str) -> int | None:
    """The number of a pocket 1-36, or None for a zero (a zero is neither odd nor even, low nor high).

    >>> number("17"), number("00")
    (17, None)
    """
    return None if pocket in ("0", "00") else int(pocket)


def pocket(name, rules: Rules | str = DEFAULT_RULES) -> str:
    """A pocket of the wheel from its name: a whole number 0-36 or a string such as "17" or "00".

    >>> pocket(17), pocket("00"), pocket(0)
    ('17', '00', '0')
    >>> pocket(37)
    Traceback (most recent call last):
    ...
    ValueError: 37 is not on the wheel; the pockets are 0, 00 and 1 to 36
    """
    rules = rules_value(rules)
    if isinstance(name, bool) or not isinstance(name, (int, str)):
        raise TypeError(f"a pocket is named by a whole number or a string such as '00', not {name!r}")
    text = str(name).strip()
    if text not in rules.wheel:
        raise ValueError(f"{text} is not on the wheel; the pockets are {', '.join(zeros(rules))} and 1 to 36")
    return text


def in_layout_order(chosen: Iterable[str], rules: Rules | str = DEFAULT_RULES) -> tuple[str, ...]:
    """Pockets sorted as on the layout: 0, 00, then 1 to 36.

    >>> in_layout_order(["10", "00", "2"])
    ('00', '2', '10')
    """
    order = {p: i for i, p in enumerate(pockets(rules))}
    return tuple(sorted(chosen, key=order.__getitem__))


# The legal bets, read off the layout.


def splits(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """Every split: two pockets whose boxes share an edge.

    >>> splits()[:5]
    [('0', '00'), ('0', '1'), ('0', '2'), ('00', '2'), ('00', '3')]
    """
    return _sorted_groups(layout(rules).edges, rules)


def corners(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """Every corner: four pockets whose boxes meet at one point (a 2x2 block).

    >>> corners()[0], len(corners())
    (('1', '2', '4', '5'), 22)
    """
    return _sorted_groups([g for g in layout(rules).points if len(g) == 4], rules)


def trios(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """The trios: three pockets whose boxes meet at one point, where the zeros meet the first row.

    >>> trios(), trios("single_zero")
    ([('0', '00', '2'), ('0', '1', '2'), ('00', '2', '3')], [('0', '1', '2'), ('0', '2', '3')])
    """
    return _sorted_groups([g for g in layout(rules).points if len(g) == 3], rules)


def six_lines(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """Every six line: two neighbouring streets.

    >>> six_lines()[0], len(six_lines())
    (('1', '2', '3', '4', '5', '6'), 11)
    """
    rows = streets(rules)
    return [a + b for a, b in pairwise(rows)]


def top_line(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """The top line: the zeros and the first street, 0-00-1-2-3, paying 6 to 1.

    >>> top_line().name, p_win(top_line()), house_edge(top_line())
    ('top line 0-00-1-2-3', Fraction(5, 38), Fraction(3, 38))
    """
    return bet_on(top_line_pockets(rules), rules, "top_line")


def top_line_pockets(rules: Rules | str = DEFAULT_RULES) -> tuple[str, ...]:
    """The pockets of the top line: the zeros at the head and the first street.

    >>> top_line_pockets()
    ('0', '00', '1', '2', '3')
    """
    return zeros(rules) + streets(rules)[0]


def _sorted_groups(groups, rules) -> list[tuple[str, ...]]:
    order = {p: i for i, p in enumerate(pockets(rules))}
    return sorted((in_layout_order(g, rules) for g in groups), key=lambda g: [order[p] for p in g])


def dozens(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, ...]]:
    """The three dozens, 1-12, 13-24 and 25-36: four streets each.

    >>> [(d[0], d[-1]) for d in dozens()]
    [('1', '12'), ('13', '24'), ('25', '36')]
    """
    rows = streets(rules)
    return [sum(rows[i : i + 4], ()) for i in range(0, 12, 4)]


def numbers_where(test, rules: Rules | str = DEFAULT_RULES) -> tuple[str, ...]:
    """The numbered pockets (zeros excluded) whose number passes ``test``.

    >>> numbers_where(lambda n: n % 9 == 0)
    ('9', '18', '27', '36')
    """
    return tuple(p for p in pockets(rules) if number(p) is not None and test(number(p)))


def outside_groups(rules: Rules | str = DEFAULT_RULES) -> dict[str, list[tuple[str, ...]]]:
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


def legal_bets(rules: Rules | str = DEFAULT_RULES) -> dict[str, list[tuple[str, ...]]]:
    """Every legal bet at the table, by kind: the pockets each one covers.

    Kinds the table does not offer are left out (the single-zero table has no top line).

    >>> {kind: len(found) for kind, found in legal_bets("single_zero").items() if kind in INSIDE}
    {'straight': 37, 'split': 60, 'street': 14, 'corner': 22, 'six_line': 11}
    """
    rules = rules_value(rules)
    found = {
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
def _kind_lookup(rules: Rules) -> dict[frozenset[str], str]:
    return {frozenset(group): kind for kind, groups in legal_bets(rules).items() for group in groups}


def kind_of(chosen: Iterable, rules: Rules | str = DEFAULT_RULES) -> str:
    """The kind of bet that covers exactly these pockets, or a ValueError saying why none does.

    >>> kind_of([1, 2]), kind_of(["0", "00", 1, 2, 3]), kind_of(range(1, 13))
    ('split', 'top_line', 'dozen')
    >>> kind_of([1, 5])
    Traceback (most recent call last):
    ...
    ValueError: 1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, e.g. 0-1, 1-2 or 1-4
    """
    rules = rules_value(rules)
    chosen = in_layout_order({pocket(p, rules) for p in chosen}, rules)
    kind = _kind_lookup(rules).get(frozenset(chosen))
    if kind is None:
        raise ValueError(why_not(chosen, rules))
    return kind


#: The kind of bet a number of pockets would make, for the error messages.
KIND_BY_SIZE = {1: "straight", 2: "split", 3: "street", 4: "corner", 5: "top_line", 6: "six_line"}


def why_not(chosen: tuple[str, ...], rules: Rules | str = DEFAULT_RULES) -> str:
    """Why no bet covers exactly these pockets, and what is allowed instead.

    >>> why_not(("1", "2", "4", "6"))
    '1, 2, 4 and 6 are not a 2x2 block on the layout; a corner covers four numbers that meet at one point, e.g. 1-2-4-5'
    """
    rules = rules_value(rules)
    legal = legal_bets(rules)
    size = len(chosen)
    if size == 0:
        return "no pocket chosen; a bet covers 1, 2, 3, 4, 5, 6, 12 or 18 pockets"
    named = _and(chosen)
    if size == 2:
        return (f"{named} are not adjacent on the layout; a split covers two numbers that share an edge, "
                f"e.g. {_examples('split', chosen, legal)}")
    if size == 3:
        zero_trio = tuple(chosen) in trios(rules)
        if zero_trio:
            return (f"{'-'.join(chosen)} is a trio where the zeros meet the first row; the {rules.name} rules take "
                    f"only streets of three numbers in a row, e.g. {_examples('street', chosen, legal)}")
        return (f"{named} are not a street; a street is three numbers in a row of the layout, "
                f"e.g. {_examples('street', chosen, legal)}")
    if size == 4:
        return (f"{named} are not a 2x2 block on the layout; a corner covers four numbers that meet at one point, "
                f"e.g. {_examples('corner', chosen, legal)}")
    if size == 5:
        if "top_line" in legal:
            return f"{named} are not the top line; the only five-number bet is {'-'.join(legal['top_line'][0])}"
        return f"the {rules.name} table has no five-number bet (no top line)"
    if size == 6:
        return (f"{named} are not a six line; a six line covers two neighbouring streets, "
                f"e.g. {_examples('six_line', chosen, legal)}")
    if size == 12:
        return "these 12 numbers are neither a dozen (1-12, 13-24, 25-36) nor a column"
    if size == 18:
        return "these 18 numbers are not red, black, odd, even, 1-18 or 19-36"
    return f"no bet covers exactly {size} pockets; a bet covers 1, 2, 3, 4, 5, 6, 12 or 18 pockets"


def _and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _examples(kind: str, chosen, legal, most: int = 3) -> str:
    """Legal bets of ``kind`` that share the first chosen pocket (or the first few of the kind)."""
    near = [g for g in legal.get(kind, []) if chosen[0] in g] or legal.get(kind, [])
    shown = ["-".join(g) for g in near[:most]]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


# Bets.

ORDINALS = ("1st", "2nd", "3rd")


def bet_name(kind: str, covered: tuple[str, ...], rules: Rules | str = DEFAULT_RULES) -> str:
    """The name of a bet as the chapter writes it.

    >>> bet_name("split", ("1", "2")), bet_name("dozen", tuple(map(str, range(13, 25)))), bet_name("low", ())
    ('split 1-2', '2nd dozen (13-24)', 'low (1-18)')
    """
    if kind in INSIDE:
        return f"{kind.replace('_', ' ')} {'-'.join(covered)}"
    if kind in ("dozen", "column"):
        groups = outside_groups(rules)[kind]
        which = ORDINALS[groups.index(tuple(covered))]
        span = f"{covered[0]}-{covered[-1]}" if kind == "dozen" else f"{covered[0]}, {covered[1]}, ..., {covered[-1]}"
        return f"{which} {kind} ({span})"
    return {"low": "low (1-18)", "high": "high (19-36)"}.get(kind, kind)


def bet_on(chosen: Iterable, rules: Rules | str = DEFAULT_RULES, kind: str | None = None) -> Bet:
    """The bet that covers exactly the chosen pockets (of the given kind, if one is named).

    >>> bet = bet_on([1, 2, 4, 5])
    >>> bet.name, bet.pays["win"], p_win(bet)
    ('corner 1-2-4-5', Fraction(8, 1), Fraction(2, 19))
    """
    rules = rules_value(rules)
    chosen = in_layout_order({pocket(p, rules) for p in chosen}, rules)
    if kind is not None and kind not in rules.pays:
        raise ValueError(f"the {rules.name} table has no {kind.replace('_', ' ')} bet; it offers {', '.join(rules.pays)}")
    found = _kind_lookup(rules).get(frozenset(chosen))
    if found is None or (kind is not None and found != kind):
        raise ValueError(why_not(chosen, rules) if kind is None or len(chosen) == _size_of(kind) else
                         f"a {kind.replace('_', ' ')} covers {_size_of(kind)} pockets, not {len(chosen)}")
    return _bet(found, chosen, rules)


def _size_of(kind: str) -> int:
    return {v: k for k, v in KIND_BY_SIZE.items()}.get(kind, 12 if kind in ("dozen", "column") else 18)


def _bet(kind: str, covered: tuple[str, ...], rules: Rules) -> Bet:
    name = bet_name(kind, covered, rules)
    inside = frozenset(covered)
    if rules.la_partage and kind in EVEN_MONEY:
        green = frozenset(zeros(rules))
        return Bet(name, wheel(rules), lambda p: WIN if p in inside else HALF_BACK if p in green else LOSE,
                   {WIN: rules.pays[kind], HALF_BACK: Fraction(-1, 2), LOSE: -1})
    return simple_bet(name, wheel(rules), inside.__contains__, rules.pays[kind])


#: The line of an even-money bet's pay table under la partage when a zero comes up.
HALF_BACK = "zero: half back"


def straight(p, *, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A straight-up bet on one pocket: 35 to 1.

    >>> p_win(straight("00")), house_edge(straight(17))
    (Fraction(1, 38), Fraction(1, 19))
    """
    return bet_on([p], rules, "straight")


def split(a, b, *, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A split: two pockets that share an edge on the layout, 17 to 1.

    >>> split(0, "00").name
    'split 0-00'
    >>> split(1, 5)
    Traceback (most recent call last):
    ...
    ValueError: 1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, e.g. 0-1, 1-2 or 1-4
    """
    return bet_on([a, b], rules, "split")


def street(a, b, c, *, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A street: three numbers in a row, 11 to 1 (and the trios at the zeros, where the rules take them).

    >>> street(4, 5, 6).name, street(0, 1, 2, rules="single_zero").name
    ('street 4-5-6', 'street 0-1-2')
    """
    return bet_on([a, b, c], rules, "street")


def corner(a, b, c, d, *, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A corner: four numbers in a 2x2 block, 8 to 1.

    >>> corner(17, 18, 20, 21).name
    'corner 17-18-20-21'
    """
    return bet_on([a, b, c, d], rules, "corner")


def six_line(*six, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A six line (the Oxford page's "line bet"): two neighbouring streets, 5 to 1.

    >>> house_edge(six_line(31, 32, 33, 34, 35, 36))
    Fraction(1, 19)
    """
    return bet_on(six, rules, "six_line")


def _outside(kind: str, rules, which: int = 1) -> Bet:
    rules = rules_value(rules)
    groups = outside_groups(rules)[kind]
    if isinstance(which, bool) or which not in range(1, len(groups) + 1):
        raise ValueError(f"there are {len(groups)} {kind}s, numbered 1 to {len(groups)}, not {which!r}")
    return bet_on(groups[which - 1], rules, kind)


def red(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """Red: the 18 red numbers, even money.

    >>> p_win(red()), house_edge(red()), house_edge(red("la_partage"))
    (Fraction(9, 19), Fraction(1, 19), Fraction(1, 74))
    """
    return _outside("red", rules)


def black(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """Black: the 18 black numbers, even money.

    >>> p_win(black())
    Fraction(9, 19)
    """
    return _outside("black", rules)


def odd(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """Odd: the odd numbers 1-35 (a zero is not odd), even money.

    >>> p_win(odd("single_zero"))
    Fraction(18, 37)
    """
    return _outside("odd", rules)


def even(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """Even: the even numbers 2-36 (a zero is not even here), even money.

    >>> p_win(even())
    Fraction(9, 19)
    """
    return _outside("even", rules)


def low(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """Low: 1-18, even money.

    >>> p_win(low())
    Fraction(9, 19)
    """
    return _outside("low", rules)


def high(rules: Rules | str = DEFAULT_RULES) -> Bet:
    """High: 19-36, even money.

    >>> p_win(high())
    Fraction(9, 19)
    """
    return _outside("high", rules)


def dozen(which: int = 1, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A dozen: 1-12, 13-24 or 25-36 (which = 1, 2 or 3), 2 to 1.

    >>> dozen(3).name, p_win(dozen(3))
    ('3rd dozen (25-36)', Fraction(6, 19))
    """
    return _outside("dozen", rules, which)


def column(which: int = 1, rules: Rules | str = DEFAULT_RULES) -> Bet:
    """A column of the layout (which = 1, 2 or 3, left to right), 2 to 1.

    >>> column(2).name
    '2nd column (2, 5, ..., 35)'
    """
    return _outside("column", rules, which)


def every_bet(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, Bet]]:
    """Every legal bet at the table as (kind, bet): 38 straights, 62 splits and so on.

    >>> len(every_bet()), len(every_bet("single_zero"))
    (158, 156)
    """
    rules = rules_value(rules)
    return [(kind, _bet(kind, g, rules)) for kind, groups in legal_bets(rules).items() for g in groups]


def edge_bets(rules: Rules | str = DEFAULT_RULES) -> list[tuple[str, Bet]]:
    """One bet of each kind the table offers, by its command-line ID (every bet of a kind has the same figures).

    >>> [(bet_id, bet.name) for bet_id, bet in edge_bets()][:3]
    [('straight', 'straight 1'), ('split', 'split 1-2'), ('street', 'street 1-2-3')]
    >>> [bet_id for bet_id, _ in edge_bets("single_zero")].count("top_line")
    0
    """
    rules = rules_value(rules)
    examples = {"straight": ["1"], "split": ["1", "2"], "street": streets(rules)[0], "corner": corners(rules)[0],
                "top_line": top_line_pockets(rules), "six_line": six_lines(rules)[0]}
    out = []
    for kind, groups in legal_bets(rules).items():
        out.append((kind, _bet(kind, tuple(examples.get(kind, groups[0])), rules)))
    return out


def payout_for_edge(bet: Bet, edge) -> Fraction:
    """The payout "x to 1" that would give a win-or-lose bet the house edge ``edge``.

    Solves P(win) * x - P(lose) = -edge.  The top line would have to pay 31/5
    (6.2 to 1) to cost the same as every other bet on the wheel:

    >>> payout_for_edge(top_line(), Fraction(1, 19))
    Fraction(31, 5)
    """
    p = p_win(bet)
    return (1 - p - exact(edge, "the house edge")) / p


# Stakes in chips.


def stake(chips) -> int:
    """A stake: a whole number of chips, at least 1.

    >>> stake(5)
    5
    >>> stake(0)
    Traceback (most recent call last):
    ...
    ValueError: a stake of 0 chips is not allowed; a stake is a whole number of chips, at least 1
    """
    if isinstance(chips, bool):
        raise TypeError("a stake is a whole number of chips, not True or False")
    chips = exact(chips, "a stake")
    if chips.denominator != 1:
        raise ValueError(f"a stake of {chips} chips is not a whole number of chips; a stake is a whole number of chips, at least 1")
    if chips <= 0:
        raise ValueError(f"a stake of {chips} chips is not allowed; a stake is a whole number of chips, at least 1")
    return int(chips)


def settle(bet: Bet, landed, chips=1, rules: Rules | str = DEFAULT_RULES) -> Fraction:
    """The net result, in chips, of ``chips`` chips on ``bet`` when the ball lands in ``landed``.

    >>> settle(straight(17), 17, chips=3), settle(straight(17), "00", chips=3)
    (Fraction(105, 1), Fraction(-3, 1))
    """
    landed = pocket(landed, rules)
    if landed not in bet.space:
        raise ValueError(f"{landed!r} is not a pocket of this bet's wheel")
    return stake(chips) * bet.pays[bet.line(landed)]


# The algebra, with sympy (imported only when asked for).


def n_number_expected_value(pocket_count=38):
    """The expected value of a bet on n numbers paying (36/n - 1) to 1, as a sympy formula in n.

    ``pocket_count`` may be a number or a sympy symbol.  Simplified, the formula
    no longer contains n: every such bet costs the same.

    >>> import sympy
    >>> formula = n_number_expected_value()
    >>> formula
    n*(-1 + 36/n)/38 + n/38 - 1
    >>> sympy.simplify(formula)
    -1/19
    """
    import sympy as sp

    n = sp.Symbol("n", positive=True, integer=True)
    payout = 36 / n - 1
    return n / sp.sympify(pocket_count) * payout - (sp.sympify(pocket_count) - n) / sp.sympify(pocket_count)
