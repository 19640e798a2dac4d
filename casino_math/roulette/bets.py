"""Every bet on the layout: built from the pockets it covers, by its kind, or by its ID.

A bet is the wheel plus the pockets it covers plus the pay table's line for
its kind.  :func:`bet_on` builds the bet that covers exactly the chosen
pockets (or says why no bet does); :func:`straight`, :func:`split` and the
rest build each kind by name; :func:`bet` builds one bet of each kind by the
ID the command line prints.

>>> from casino_math.bets import house_edge, p_win
>>> p_win(split(17, 20)), house_edge(split(17, 20))
(Fraction(1, 19), Fraction(1, 19))
>>> house_edge(top_line()), house_edge(red(LA_PARTAGE))
(Fraction(3, 38), Fraction(1, 74))
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from ..bets import LOSE, WIN, Bet, p_win, simple_bet
from ..distribution import FrozenMap, Number, exact
from ..rules import known_bet
from .legal import (
    KIND_BY_SIZE,
    corners,
    kind_lookup,
    legal_bets,
    outside_groups,
    six_lines,
    top_line_pockets,
    why_not,
)
from .rules import EVEN_MONEY, INSIDE, KINDS, LA_PARTAGE, OXFORD, SINGLE_ZERO, RouletteRules, check_rules  # noqa: F401  (LA_PARTAGE, SINGLE_ZERO: the examples)
from .table import PocketName, in_layout_order, pocket, streets, wheel, zeros

ORDINALS = ("1st", "2nd", "3rd")

#: The line of an even-money bet's pay table under la partage when a zero comes up.
HALF_BACK = "zero: half back"


def bet_name(kind: str, covered: tuple[str, ...], rules: RouletteRules = OXFORD) -> str:
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


def bet_on(chosen: Iterable[PocketName], rules: RouletteRules = OXFORD, kind: str | None = None) -> Bet:
    """The bet that covers exactly the chosen pockets (of the given kind, if one is named).

    >>> bet = bet_on([1, 2, 4, 5])
    >>> bet.name, bet.pays["win"], p_win(bet)
    ('corner 1-2-4-5', Fraction(8, 1), Fraction(2, 19))
    """
    rules = check_rules(rules)
    chosen = in_layout_order({pocket(p, rules) for p in chosen}, rules)
    if kind is not None and kind not in rules.pays:
        raise ValueError(f"this table ({rules.name}) has no {kind.replace('_', ' ')} bet; "
                         f"it offers {', '.join(rules.pays)}")
    found = kind_lookup(rules).get(frozenset(chosen))
    if found is None or (kind is not None and found != kind):
        raise ValueError(why_not(chosen, rules) if kind is None or len(chosen) == _size_of(kind) else
                         f"a {kind.replace('_', ' ')} covers {_size_of(kind)} pockets, not {len(chosen)}")
    return _bet(found, chosen, rules)


def _size_of(kind: str) -> int:
    return {v: k for k, v in KIND_BY_SIZE.items()}.get(kind, 12 if kind in ("dozen", "column") else 18)


def _bet(kind: str, covered: tuple[str, ...], rules: RouletteRules) -> Bet:
    name = bet_name(kind, covered, rules)
    inside = frozenset(covered)
    if rules.la_partage and kind in EVEN_MONEY:
        green = frozenset(zeros(rules))
        return Bet(name, wheel(rules), lambda p: WIN if p in inside else HALF_BACK if p in green else LOSE,
                   {WIN: rules.pays[kind], HALF_BACK: Fraction(-1, 2), LOSE: -1})
    return simple_bet(name, wheel(rules), inside.__contains__, rules.pays[kind])


# The inside bets, by the pockets they cover.


def straight(p: PocketName, *, rules: RouletteRules = OXFORD) -> Bet:
    """A straight-up bet on one pocket: 35 to 1.

    >>> from casino_math.bets import house_edge
    >>> p_win(straight("00")), house_edge(straight(17))
    (Fraction(1, 38), Fraction(1, 19))
    """
    return bet_on([p], rules, "straight")


def split(a: PocketName, b: PocketName, *, rules: RouletteRules = OXFORD) -> Bet:
    """A split: two pockets that share an edge on the layout, 17 to 1.

    >>> split(0, "00").name
    'split 0-00'
    >>> split(1, 5)
    Traceback (most recent call last):
    ...
    ValueError: 1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, e.g. 0-1, 1-2 or 1-4
    """
    return bet_on([a, b], rules, "split")


def street(a: PocketName, b: PocketName, c: PocketName, *, rules: RouletteRules = OXFORD) -> Bet:
    """A street: three numbers in a row, 11 to 1 (and the trios at the zeros, where the rules take them).

    >>> street(4, 5, 6).name, street(0, 1, 2, rules=SINGLE_ZERO).name
    ('street 4-5-6', 'street 0-1-2')
    """
    return bet_on([a, b, c], rules, "street")


def corner(a: PocketName, b: PocketName, c: PocketName, d: PocketName, *, rules: RouletteRules = OXFORD) -> Bet:
    """A corner: four numbers in a 2x2 block, 8 to 1.

    >>> corner(17, 18, 20, 21).name
    'corner 17-18-20-21'
    """
    return bet_on([a, b, c, d], rules, "corner")


def top_line(rules: RouletteRules = OXFORD) -> Bet:
    """The top line: the zeros and the first street, 0-00-1-2-3, paying 6 to 1.

    >>> from casino_math.bets import house_edge
    >>> top_line().name, p_win(top_line()), house_edge(top_line())
    ('top line 0-00-1-2-3', Fraction(5, 38), Fraction(3, 38))
    """
    return bet_on(top_line_pockets(rules), rules, "top_line")


def six_line(*six: PocketName, rules: RouletteRules = OXFORD) -> Bet:
    """A six line (the Oxford page's "line bet"): two neighbouring streets, 5 to 1.

    >>> from casino_math.bets import house_edge
    >>> house_edge(six_line(31, 32, 33, 34, 35, 36))
    Fraction(1, 19)
    """
    return bet_on(six, rules, "six_line")


# The outside bets, by the rule that picks their numbers.


def _outside(kind: str, rules: RouletteRules, which: int = 1) -> Bet:
    groups = outside_groups(check_rules(rules))[kind]
    if isinstance(which, bool) or which not in range(1, len(groups) + 1):
        raise ValueError(f"there are {len(groups)} {kind}s, numbered 1 to {len(groups)}, not {which!r}")
    return bet_on(groups[which - 1], rules, kind)


def red(rules: RouletteRules = OXFORD) -> Bet:
    """Red: the 18 red numbers, even money.

    >>> from casino_math.bets import house_edge
    >>> p_win(red()), house_edge(red()), house_edge(red(LA_PARTAGE))
    (Fraction(9, 19), Fraction(1, 19), Fraction(1, 74))
    """
    return _outside("red", rules)


def black(rules: RouletteRules = OXFORD) -> Bet:
    """Black: the 18 black numbers, even money.

    >>> p_win(black())
    Fraction(9, 19)
    """
    return _outside("black", rules)


def odd(rules: RouletteRules = OXFORD) -> Bet:
    """Odd: the odd numbers 1-35 (a zero is not odd), even money.

    >>> p_win(odd(SINGLE_ZERO))
    Fraction(18, 37)
    """
    return _outside("odd", rules)


def even(rules: RouletteRules = OXFORD) -> Bet:
    """Even: the even numbers 2-36 (a zero is not even here), even money.

    >>> p_win(even())
    Fraction(9, 19)
    """
    return _outside("even", rules)


def low(rules: RouletteRules = OXFORD) -> Bet:
    """Low: 1-18, even money.

    >>> p_win(low())
    Fraction(9, 19)
    """
    return _outside("low", rules)


def high(rules: RouletteRules = OXFORD) -> Bet:
    """High: 19-36, even money.

    >>> p_win(high())
    Fraction(9, 19)
    """
    return _outside("high", rules)


def dozen(which: int = 1, rules: RouletteRules = OXFORD) -> Bet:
    """A dozen: 1-12, 13-24 or 25-36 (which = 1, 2 or 3), 2 to 1.

    >>> dozen(3).name, p_win(dozen(3))
    ('3rd dozen (25-36)', Fraction(6, 19))
    """
    return _outside("dozen", rules, which)


def column(which: int = 1, rules: RouletteRules = OXFORD) -> Bet:
    """A column of the layout (which = 1, 2 or 3, left to right), 2 to 1.

    >>> column(2).name
    '2nd column (2, 5, ..., 35)'
    """
    return _outside("column", rules, which)


# Every bet, and one of each kind by its ID.


def every_bet(rules: RouletteRules = OXFORD) -> list[tuple[str, Bet]]:
    """Every legal bet at the table as (kind, bet): 38 straights, 62 splits and so on.

    >>> len(every_bet()), len(every_bet(SINGLE_ZERO))
    (158, 156)
    """
    rules = check_rules(rules)
    return [(kind, _bet(kind, g, rules)) for kind, groups in legal_bets(rules).items() for g in groups]


#: Every bet ID: one per kind of bet, inside then outside.
BET_IDS = KINDS


def check_bet_id(bet_id: str) -> str:
    """``bet_id`` if it names a kind of bet, else an error suggesting the closest names.

    >>> check_bet_id("stret")
    Traceback (most recent call last):
    ...
    ValueError: unknown roulette bet 'stret'; did you mean street or straight? (python -m casino_math edges --game roulette lists every bet)
    """
    return known_bet("roulette", bet_id, BET_IDS)


@cache
def _first_of_each_kind(rules: RouletteRules) -> FrozenMap[str, tuple[str, ...]]:
    """The pockets of the bet that stands for each kind: every bet of a kind has the same figures."""
    firsts = {kind: groups[0] for kind, groups in legal_bets(rules).items()}
    return FrozenMap({**firsts, "straight": ("1",), "split": ("1", "2"), "street": streets(rules)[0],
                      "corner": corners(rules)[0], "six_line": six_lines(rules)[0]})


def bet(bet_id: str, rules: RouletteRules = OXFORD) -> Bet:
    """The bet that stands for the kind ``bet_id`` under ``rules``: its first on the layout, 1 for a straight.

    >>> bet("split").name, bet("dozen").name
    ('split 1-2', '1st dozen (1-12)')
    >>> bet("top_line", SINGLE_ZERO)
    Traceback (most recent call last):
    ...
    ValueError: this table (A single-zero (European) wheel) has no top_line bet; it offers: straight, split, street, corner, six_line, red, black, odd, even, low, high, dozen, column
    """
    check_rules(rules).check_offered(check_bet_id(bet_id))
    return _bet(bet_id, _first_of_each_kind(rules)[bet_id], rules)


def edge_bets(rules: RouletteRules = OXFORD) -> list[tuple[str, Bet]]:
    """One bet of each kind the table offers, by its command-line ID (every bet of a kind has the same figures).

    >>> [(bet_id, bet.name) for bet_id, bet in edge_bets()][:3]
    [('straight', 'straight 1'), ('split', 'split 1-2'), ('street', 'street 1-2-3')]
    >>> [bet_id for bet_id, _ in edge_bets(SINGLE_ZERO)].count("top_line")
    0
    """
    firsts = _first_of_each_kind(check_rules(rules))
    return [(bet_id, _bet(bet_id, firsts[bet_id], rules)) for bet_id in rules.offers()]


def payout_for_edge(bet: Bet, edge: Number) -> Fraction:
    """The payout "x to 1" that would give a win-or-lose bet the house edge ``edge``.

    Solves P(win) * x - P(lose) = -edge.  The top line would have to pay 31/5
    (6.2 to 1) to cost the same as every other bet on the wheel:

    >>> payout_for_edge(top_line(), Fraction(1, 19))
    Fraction(31, 5)
    """
    p = p_win(bet)
    return (1 - p - exact(edge, "the house edge")) / p
