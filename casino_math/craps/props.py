"""Proposition bets: the hardways, and the single-roll bets built from single-number parts.

A single-roll bet is settled by the very next roll, so it is a bet over the 36
rolls of two dice.  The page pays some single numbers or groups directly (the
*parts*: any 7, any craps, the 2, 3, 11 and 12); every other single-roll bet is a
bundle of parts, a number of units on each (the horn is one unit on each of the
2, 3, 11 and 12).  A roll pays each part its own way, and the bundle's net per
unit staked is the sum over its parts divided by its units: on a 2 the horn wins
30 on one unit and loses the other three, a net of 27 per 4 units, the page's
"6.75 to 1".

A hardway is a race: a hard 6 (two 3s) before any other 6 or a 7.

>>> from casino_math.bets import house_edge
>>> net_payouts("horn")
{'2 or 12': Fraction(27, 4), '3 or 11': Fraction(3, 1)}
>>> house_edge(one_roll("horn")), house_edge(hardway(6))
(Fraction(1, 8), Fraction(1, 11))
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..bets import LOSE, WIN, Bet
from ..dice import total
from .rolls import ROLLS, TOTALS, deciding_rolls, expected_rolls_until
from .rules import OXFORD, CrapsRules

#: Single-roll bets on one number or one group of numbers: the bet ID -> the totals it wins on.
PARTS: dict[str, frozenset[int]] = {
    "any_7": frozenset({7}),
    "any_craps": frozenset({2, 3, 12}),
    "craps_2": frozenset({2}),
    "craps_3": frozenset({3}),
    "craps_12": frozenset({12}),
    "yo_11": frozenset({11}),
}

#: Single-roll bets made of parts: the bet ID -> units staked on each part.
BUNDLES: dict[str, dict[str, int]] = {
    "horn": {"craps_2": 1, "craps_3": 1, "yo_11": 1, "craps_12": 1},
    "horn_high_2": {"craps_2": 2, "craps_3": 1, "yo_11": 1, "craps_12": 1},
    "horn_high_3": {"craps_2": 1, "craps_3": 2, "yo_11": 1, "craps_12": 1},
    "horn_high_11": {"craps_2": 1, "craps_3": 1, "yo_11": 2, "craps_12": 1},
    "horn_high_12": {"craps_2": 1, "craps_3": 1, "yo_11": 1, "craps_12": 2},
    "world": {"craps_2": 1, "craps_3": 1, "yo_11": 1, "craps_12": 1, "any_7": 1},
    "c_and_e": {"any_craps": 1, "yo_11": 1},
    "three_way_craps": {"craps_2": 1, "craps_3": 1, "craps_12": 1},
    "high_low_yo": {"craps_2": 1, "yo_11": 1, "craps_12": 1},
}

#: What the book calls each single-roll bet.
NAMES = {
    "any_7": "any 7", "any_craps": "any craps", "craps_2": "2 (aces)", "craps_3": "3 (ace-deuce)",
    "craps_12": "12 (boxcars)", "yo_11": "11 (yo)", "horn": "horn", "horn_high_2": "horn high 2",
    "horn_high_3": "horn high 3", "horn_high_11": "horn high 11", "horn_high_12": "horn high 12",
    "world": "world (whirl)", "c_and_e": "C & E", "three_way_craps": "3-way craps", "high_low_yo": "high-low-yo",
    "field": "field",
}  # fmt: skip

#: The hardway numbers.
HARDWAYS = (4, 6, 8, 10)


def units(bet_id: str) -> dict[str, int]:
    """The units a single-roll bet puts on each part (a part is one unit on itself).

    >>> units("c_and_e"), units("any_7")
    ({'any_craps': 1, 'yo_11': 1}, {'any_7': 1})
    """
    if bet_id in PARTS:
        return {bet_id: 1}
    if bet_id not in BUNDLES:
        known = ", ".join([*PARTS, *BUNDLES])
        raise ValueError(f"unknown single-roll bet {bet_id!r}; the single-roll bets are field, {known}")
    return BUNDLES[bet_id]


def net_on(bet_id: str, n: int, rules: CrapsRules = OXFORD) -> Fraction:
    """The net result per unit staked on ``bet_id`` when the roll totals ``n``: each part pays or loses its units.

    >>> net_on("horn", 2)            # (30 - 1 - 1 - 1) / 4
    Fraction(27, 4)
    >>> net_on("world", 7)           # (4 - 1 - 1 - 1 - 1) / 5: a push
    Fraction(0, 1)
    """
    staked = units(bet_id)
    rules.check_offered(bet_id)
    net = sum(k * (rules.one_roll_pays[part] if n in PARTS[part] else -1) for part, k in staked.items())
    return Fraction(net, sum(staked.values()))


def grouped_lines(nets: Mapping[int, Fraction]) -> dict[int, str]:
    """Name the pay-table line of each total: totals that pay alike share a line ("2 or 12"); losers "lose".

    >>> grouped_lines({2: 2, 3: 1, 4: 1, 5: -1, 12: 2})
    {2: '2 or 12', 12: '2 or 12', 3: '3 or 4', 4: '3 or 4', 5: Line.LOSE}
    """
    by_net: dict[Fraction, list[int]] = {}
    for n, net in nets.items():
        by_net.setdefault(net, []).append(n)
    names: dict[int, str] = {}
    for net, totals in by_net.items():
        words = LOSE if net == -1 else _joined(sorted(totals))
        names.update({n: words for n in totals})
    return names


def _joined(totals: list[int]) -> str:
    if len(totals) == 1:
        return str(totals[0])
    return ", ".join(map(str, totals[:-1])) + " or " + str(totals[-1])


def _bet_by_total(name: str, nets: dict[int, Fraction]) -> Bet:
    lines = grouped_lines(nets)
    pays = {lines[n]: net for n, net in nets.items()}
    if len(pays) == 2 and LOSE in pays:   # a single winning line is simply "win"
        lines = {n: LOSE if line == LOSE else WIN for n, line in lines.items()}
        pays = {WIN: max(pays.values()), LOSE: Fraction(-1)}
    return Bet(name, ROLLS, lambda roll: lines[total(roll)], pays)


def net_by_total(bet_id: str, rules: CrapsRules = OXFORD) -> dict[int, Fraction]:
    """The net result per unit staked on a single-roll bet (the field included) for each total of the roll.

    >>> net_by_total("c_and_e")[3], net_by_total("c_and_e")[11], net_by_total("field")[5]
    (Fraction(3, 1), Fraction(7, 1), Fraction(-1, 1))
    """
    if bet_id == "field":
        rules.check_offered("field")
        return {n: rules.field_pays.get(n, Fraction(-1)) for n in TOTALS}
    units(bet_id)
    return {n: net_on(bet_id, n, rules) for n in TOTALS}


def net_payouts(bet_id: str, rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The winning lines of a single-roll bet and their net payouts per unit staked, largest first.

    >>> net_payouts("world")
    {'2 or 12': Fraction(26, 5), '3 or 11': Fraction(11, 5)}
    >>> net_payouts("field")
    {'2 or 12': Fraction(2, 1), '3, 4, 9, 10 or 11': Fraction(1, 1)}
    """
    nets = net_by_total(bet_id, rules)
    lines = grouped_lines(nets)
    return {lines[n]: net for n, net in sorted(nets.items(), key=lambda item: -item[1]) if net > 0}


def one_roll(bet_id: str, rules: CrapsRules = OXFORD) -> Bet:
    """A single-roll bet on a part (any_7, any_craps, craps_2, craps_3, craps_12, yo_11) or a bundle of parts.

    >>> from casino_math.bets import house_edge, p_push
    >>> house_edge(one_roll("any_7")), house_edge(one_roll("craps_2")), house_edge(one_roll("world"))
    (Fraction(1, 6), Fraction(5, 36), Fraction(2, 15))
    >>> p_push(one_roll("world"))
    Fraction(1, 6)
    """
    nets = net_by_total(bet_id, rules)
    return _bet_by_total(NAMES[bet_id], nets)


def field(rules: CrapsRules = OXFORD) -> Bet:
    """The field: wins on the totals of the rules' field pay table, each at its own payout; loses otherwise.

    >>> from casino_math.bets import house_edge
    >>> from casino_math.craps.rules import VEGAS
    >>> house_edge(field()), house_edge(field(VEGAS))     # 2 to 1 on the 12, or 3 to 1
    (Fraction(1, 18), Fraction(1, 36))
    """
    return _bet_by_total("field", net_by_total("field", rules))


def hardway(number: int, rules: CrapsRules = OXFORD) -> Bet:
    """A hardway: the pair that makes ``number`` (e.g. 3-3 for hard 6) before an easy ``number`` or a 7.

    >>> from casino_math.bets import p_win, house_edge
    >>> p_win(hardway(4)), house_edge(hardway(4)), house_edge(hardway(8))   # 1 of 9 rolls; 7/9 - 8/9
    (Fraction(1, 9), Fraction(1, 9), Fraction(1, 11))
    >>> hardway(5)
    Traceback (most recent call last):
    ...
    ValueError: there is no hardway bet on 5; the hardways are 4, 6, 8 and 10
    """
    if number not in HARDWAYS:
        raise ValueError(f"there is no hardway bet on {number!r}; the hardways are 4, 6, 8 and 10")
    rules.check_offered(f"hard_{number}")
    pair = (number // 2, number // 2)
    return Bet(f"hard {number}", deciding_rolls({number, 7}), lambda roll: WIN if roll == pair else LOSE,
               {WIN: rules.hardway_pays[number], LOSE: -1}, rounds=expected_rolls_until({number, 7}))
