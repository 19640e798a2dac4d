"""A table's wheel and layout: its pockets, their colours and numbers, its rows and columns.

"00" is a pocket of its own, not another way of writing 0 (in Python the
literal ``00`` *is* 0, which is why pockets here are named by strings).

>>> wheel()["00"], colour("00"), pocket(17)
(Fraction(1, 38), 'green', '17')
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TypeAlias

from ..distribution import Distribution
from .layout import Layout, parse_layout
from .rules import OXFORD, RED, SINGLE_ZERO, RouletteRules, check_rules  # noqa: F401  (SINGLE_ZERO: the examples)

#: How a reader names a pocket: a whole number 0-36, or a string such as "17" or "00".
PocketName: TypeAlias = int | str


def table_layout(rules: RouletteRules = OXFORD) -> Layout:
    """The betting layout of a table, read from its drawing.

    >>> list(table_layout().boxes)[:5]
    ['0', '00', '1', '2', '3']
    """
    return parse_layout(check_rules(rules).layout)


def streets(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """The rows of three boxes side by side, head to foot.

    >>> streets()[0], streets()[-1], len(streets())
    (('1', '2', '3'), ('34', '35', '36'), 12)
    """
    rows = defaultdict(list)
    for box in table_layout(rules).boxes.values():
        rows[box.top, box.bottom].append(box.pocket)
    return [tuple(row) for _, row in sorted(rows.items()) if len(row) == 3]


def columns(rules: RouletteRules = OXFORD) -> list[tuple[str, ...]]:
    """The three columns of numbers, left to right (the zeros belong to none).

    >>> columns()[0][:3], len(columns()[0])
    (('1', '4', '7'), 12)
    """
    numbers = {p for row in streets(rules) for p in row}
    cols = defaultdict(list)
    for box in table_layout(rules).boxes.values():
        if box.pocket in numbers:
            cols[box.left, box.right].append(box.pocket)
    return [tuple(col) for _, col in sorted(cols.items())]


def zeros(rules: RouletteRules = OXFORD) -> tuple[str, ...]:
    """The green pockets at the head of the layout: those in no street.

    >>> zeros(), zeros(SINGLE_ZERO)
    (('0', '00'), ('0',))
    """
    numbers = {p for row in streets(rules) for p in row}
    return tuple(p for p in table_layout(rules).boxes if p not in numbers)


def pockets(rules: RouletteRules = OXFORD) -> tuple[str, ...]:
    """Every pocket, in the order of the layout: the zeros, then 1 to 36.

    >>> len(pockets()), pockets()[:3], len(pockets(SINGLE_ZERO))
    (38, ('0', '00', '1'), 37)
    """
    return tuple(table_layout(rules).boxes)


def wheel(rules: RouletteRules = OXFORD) -> Distribution:
    """One spin: every pocket of the wheel equally likely.

    >>> wheel()["00"], wheel(SINGLE_ZERO)["17"]
    (Fraction(1, 38), Fraction(1, 37))
    """
    return Distribution.uniform(check_rules(rules).wheel)


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


def pocket(name: PocketName, rules: RouletteRules = OXFORD) -> str:
    """A pocket of the wheel from its name: a whole number 0-36 or a string such as "17" or "00".

    >>> pocket(17), pocket("00"), pocket(0)
    ('17', '00', '0')
    >>> pocket(37)
    Traceback (most recent call last):
    ...
    ValueError: 37 is not on the wheel; the pockets are 0, 00 and 1 to 36
    """
    rules = check_rules(rules)
    if isinstance(name, bool) or not isinstance(name, (int, str)):
        raise TypeError(f"a pocket is named by a whole number or a string such as '00', not {name!r}")
    text = str(name).strip()
    if text not in rules.wheel:
        raise ValueError(f"{text} is not on the wheel; the pockets are {', '.join(zeros(rules))} and 1 to 36")
    return text


def in_layout_order(chosen: Iterable[str], rules: RouletteRules = OXFORD) -> tuple[str, ...]:
    """Pockets sorted as on the layout: 0, 00, then 1 to 36.

    >>> in_layout_order(["10", "00", "2"])
    ('00', '2', '10')
    """
    order = {p: i for i, p in enumerate(pockets(rules))}
    return tuple(sorted(chosen, key=order.__getitem__))
