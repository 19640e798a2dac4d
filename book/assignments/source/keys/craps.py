"""The craps assignment's questions: the come-out roll, the point, the line bets and the field.

Every right answer is computed by :mod:`casino_math.craps` under the Oxford
Casino's rules, and the commonest mistake, counting the 21 *unordered* rolls
of two dice as if they were equally likely, is computed the same way from
unordered counts, so that the check can recognise it.

>>> from fractions import Fraction
>>> QUESTIONS["natural"].judge(Fraction(4, 21))
natural: not right yet. Hint: that counts unordered rolls, as if {1, 6} were one roll: the 36 ordered rolls (first die, second die) are the equally likely ones, and (1, 6) and (6, 1) are two of them.
>>> unordered_ways(7), unordered_ways(4)
(3, 2)
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations_with_replacement

from casino_math.bets import house_edge, house_edge_per_bet_resolved
from casino_math.craps import OXFORD, RULES, bet
from casino_math.craps.line import dont_pass, expected_rolls_to_decision, p_natural, p_pass_wins, pass_line
from casino_math.craps.rolls import TOTALS, p_total, race
from casino_math.classroom.checks import Exact, Rule, Simulation, same_exact

UNORDERED = ("that counts unordered rolls, as if {1, 6} were one roll: the 36 ordered rolls (first die, second die) "
             "are the equally likely ones, and (1, 6) and (6, 1) are two of them")
TOTALS_ALIKE = "the 11 totals are not equally likely: count the 36 ordered rolls that make each one"
EDGE_SIGN = "the house edge is minus the expected value, positive when the house wins on average"

#: The 21 unordered rolls {a, b} of two dice: the sample space of the common mistake.
UNORDERED_ROLLS = tuple(combinations_with_replacement(range(1, 7), 2))


def unordered_ways(n: int) -> int:
    """How many of the 21 unordered rolls total ``n`` (the mistaken count).

    >>> [unordered_ways(n) for n in TOTALS]
    [1, 1, 2, 2, 3, 3, 3, 2, 2, 1, 1]
    """
    return sum(1 for a, b in UNORDERED_ROLLS if a + b == n)


def _unordered_total(n: int) -> Fraction:
    return Fraction(unordered_ways(n), len(UNORDERED_ROLLS))


def _unordered_race(a: int, b: int) -> Fraction:
    return Fraction(unordered_ways(a), unordered_ways(a) + unordered_ways(b))


def pass_wins_from(p_total, p_race, naturals=(7, 11), points=OXFORD.points) -> Fraction:
    """P(pass wins) by first-step analysis from given total and race probabilities (right or mistaken ones).

    >>> pass_wins_from(p_total, race)
    Fraction(244, 495)
    """
    return sum((p_total(n) for n in naturals), Fraction(0)) + sum((p_total(p) * p_race(p, 7) for p in points),
                                                                  Fraction(0))


def _field_hint(total: int, got) -> str:
    if total in OXFORD.field_pays:
        return (f"look again at a total of {total}: the field wins on it, and the Oxford Casino pays double "
                "on the 2 and the 12")
    return f"look again at a total of {total}: the field loses on it, a result of -1"


def _play_pass_exact():
    return pass_line().net().map(int)


QUESTIONS = {
    "natural": Exact(
        "natural",
        right=p_natural,
        hint="a natural is a 7 or an 11: count the ordered rolls that make each, out of 36",
        mistakes=lambda: {
            _unordered_total(7) + _unordered_total(11): UNORDERED,
            Fraction(2, 11): TOTALS_ALIKE,
            p_total(7): "a natural is a 7 or an 11: count the 11s too",
        },
        probability=True,
    ),
    "four_first": Exact(
        "four_first",
        right=lambda: race(4, 7),
        hint="only the rolls that end the wait matter: count the rolls that make a 4 and those that make a 7",
        mistakes=lambda: {
            p_total(4): "that is the chance of a 4 on one roll; the bet waits, and rolls that are neither "
                               "4 nor 7 change nothing",
            _unordered_race(4, 7): UNORDERED,
            Fraction(1, 2): "a 4 and a 7 are not equally likely: count the ordered rolls of each",
            1 - race(4, 7): "that is the chance that the 7 comes first",
        },
        probability=True,
    ),
    "pass_wins": Exact(
        "pass_wins",
        right=p_pass_wins,
        hint="add the chance of a natural on the come-out and, for each point, the chance of rolling it "
             "times the chance of making it before a 7",
        mistakes=lambda: {
            pass_wins_from(_unordered_total, _unordered_race): UNORDERED,
            p_natural(): "that is only the come-out win; add the wins after a point is set",
            pass_wins_from(p_total, lambda p, seven: p_total(p)): "after a point is set the bet "
                "waits: the point must come before a 7, however many rolls that takes",
            pass_wins_from(p_total, race, naturals=(7,)): "a natural is a 7 or an 11: the 11 wins too",
        },
        probability=True,
    ),
    "field_pays": Rule(
        "field_pays",
        outcomes=lambda: TOTALS,
        right=lambda total: OXFORD.field_pays.get(total, Fraction(-1)),
        hint=_field_hint,
        same=same_exact,
    ),
    "field_edge": Exact(
        "field_edge",
        right=lambda: house_edge(bet("field")),
        hint="the expected value of field_pays(total(roll)) over the 36 rolls, with its sign changed",
        mistakes=lambda: {
            house_edge(bet("field", RULES["vegas"])): "that is a table that pays 3 to 1 on the 12; at the Oxford "
                                                      "Casino the 2 and the 12 both pay 2 to 1",
            Fraction(4, 36): "the 2 and the 12 pay 2 to 1, not even money",
            -sum(OXFORD.field_pays.get(n, -1) * _unordered_total(n) for n in TOTALS): UNORDERED,
        },
        sign=EDGE_SIGN,
    ),
    "bar_three": Exact(
        "bar_three",
        right=lambda: house_edge(dont_pass(OXFORD.changed(bar=3))),
        hint="with the bar on the 3, a 3 on the come-out pushes and a 12 wins for Don't Pass: redo the count",
        mistakes=lambda: {
            house_edge(dont_pass()): "that is the edge with the bar on the 12; the 3 can be rolled two ways, "
                                     "the 12 only one",
            house_edge_per_bet_resolved(dont_pass(OXFORD.changed(bar=3))): "that is per bet resolved; the "
                "question asks per bet made, counting the pushes as bets with a result of 0",
            house_edge(dont_pass(OXFORD.changed(bar=None))): "with the 3 barred the bet still has a bar: "
                                                             "a 3 on the come-out pushes",
        },
        sign=EDGE_SIGN,
    ),
    "play_pass": Simulation(
        "play_pass",
        right=_play_pass_exact,
        rounds=20_000,
        hint="a pass line bet wins at once on 7 or 11, loses at once on 2, 3 or 12, and otherwise rolls on "
             "until its point (it wins) or a 7 (it loses)",
    ),
    "expected_rolls": Exact(
        "expected_rolls",
        right=expected_rolls_to_decision,
        hint="one come-out roll, plus, when a point p is set, the expected wait for p or a 7: 36 over the "
             "ways to roll either",
        mistakes=lambda: {
            expected_rolls_to_decision() - 1: "count the come-out roll too",
        },
    ),
}

#: Tests only the grader runs: the simulation on a seed the notebook never shows, so a function that replays one
#: seed's rounds scores only the public half (fewer rounds: the 4 standard errors scale with them).
HIDDEN = {
    "play_pass": {"other_seed": replace(QUESTIONS["play_pass"], seed=7, rounds=5_000)},
}
