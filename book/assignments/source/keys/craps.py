"""The craps assignment's questions: the come-out roll, the point, the line bets, the field and a place bet.

Every right answer is computed by :mod:`casino_math.craps`, under the Oxford
Casino's rules or under a changed rules value (a field pay table, a bar on the
3, a place bet paying 6 to 5, crapless craps with its odds), and the commonest mistake,
counting the 21 *unordered* rolls of two dice as if they were equally likely,
is computed the same way from unordered counts, so that the check can
recognise it.

>>> from fractions import Fraction
>>> QUESTIONS["natural"].judge(Fraction(4, 21))
natural: not right yet. Hint: that counts unordered rolls, as if {1, 6} were one roll: the 36 ordered rolls (first die, second die) are the equally likely ones, and (1, 6) and (6, 1) are two of them.
>>> unordered_ways(7), unordered_ways(4)
(3, 2)
>>> from casino_math.craps import bet
>>> QUESTIONS["field_edge"].judge(lambda pays: house_edge(bet("field")))   # the Oxford table's edge, whatever the table
field_edge: not right yet. Hint: look again at the table {2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 3}: count the ordered rolls that make each total; a winning total gains its payout, every other total loses the unit.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations_with_replacement

from casino_math.bets import house_edge, house_edge_per_bet_resolved
from casino_math.classroom.checks import Exact, Rule, Simulation, same_exact
from casino_math.craps import OXFORD
from casino_math.craps.line import dont_pass, expected_rolls_to_decision, p_natural, p_pass_wins, p_point, pass_line
from casino_math.craps.numbers import place
from casino_math.craps.rolls import TOTALS, p_total, race, true_odds_against, ways

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


def four_within(rolls: int, ends=(4, 7), p=p_total) -> Fraction:
    """P(a 4 is rolled within ``rolls`` rolls, every roll before it a total that does not end the wait).

    ``ends=(4,)`` is the mistake of forgetting that a 7 ends the bet too.

    >>> four_within(1), four_within(3)      # 1/12, and 1/12 * (1 + 3/4 + 9/16)
    (Fraction(1, 12), Fraction(37, 192))
    """
    waits = 1 - sum((p(n) for n in ends), Fraction(0))
    return sum((waits**k * p(4) for k in range(rolls)), Fraction(0))


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


#: Crapless craps: only a 7 wins on the come-out, nothing loses, and every other total is a point.
CRAPLESS = OXFORD.changed(name="Crapless craps", naturals=frozenset({7}), craps=frozenset())
#: What crapless tables pay on the odds behind the pass line, point by point: 6 to 1 on the 2 and 12, 3 to 1 on the
#: 3 and 11, and the other points as every table pays them.
CRAPLESS_ODDS = {2: Fraction(6), 3: Fraction(3), 4: Fraction(2), 5: Fraction(3, 2), 6: Fraction(6, 5),
                 8: Fraction(6, 5), 9: Fraction(3, 2), 10: Fraction(2), 11: Fraction(3), 12: Fraction(6)}
#: The place bets on 5 and 9 paid 6 to 5 instead of Oxford's 7 to 5.
PLACE_SIX_TO_FIVE = OXFORD.changed(name="Place 5 and 9 at 6 to 5",
                                   place_pays={**OXFORD.place_pays, 5: Fraction(6, 5), 9: Fraction(6, 5)})


def with_single_odds(p_win: Fraction, p_point_set: Fraction, odds) -> Fraction:
    """The house edge per unit bet of 1 unit on the pass line with 1 unit of odds whenever a point is set.

    The expected loss of the line bet, ``1 - 2 p_win``, plus that of the odds, which pay ``odds[p]`` to 1 on the
    point p, over the amount bet on average, ``1 + p_point_set``.  Under the Oxford Casino's rules it is the
    library's combined edge with 1x odds.  Crapless tables pay true odds on every point, so the odds cost nothing
    and the edge is the pass line's 373/6930 over 1 + 5/6: the Wizard of Odds' 2.936% with 1x odds.

    >>> from casino_math.craps.odds import combined_house_edge
    >>> with_single_odds(p_pass_wins(), p_point(), OXFORD.take_odds_pays) == combined_house_edge("pass", "1x")
    True
    >>> _crapless_with_odds(), all(CRAPLESS_ODDS[p] == true_odds_against(p) for p in CRAPLESS.points)
    (Fraction(373, 12705), True)
    """
    odds_loss = -sum((p_total(p) * (race(p, 7) * odds[p] - race(7, p)) for p in odds), Fraction(0))
    return (1 - 2 * p_win + odds_loss) / (1 + p_point_set)


def _crapless_with_odds(rules=CRAPLESS) -> Fraction:
    """The edge with single odds under ``rules`` whose points are crapless ones, at the crapless tables' odds."""
    return with_single_odds(p_pass_wins(rules), p_point(rules), {p: CRAPLESS_ODDS[p] for p in rules.points})


def _single_odds_if(p_win: Fraction, p_point_set: Fraction) -> Fraction:
    """The edge with single odds worked out from a mistaken P(win) and P(point), the odds at true odds."""
    return (1 - 2 * p_win) / (1 + p_point_set)


def field_edge_of(pays) -> Fraction:
    """The field's house edge when it pays ``pays[n]`` to 1 on each total n in ``pays`` and loses on the others.

    >>> field_edge_of(OXFORD.field_pays), field_edge_of({2: 3, 12: 3} | dict.fromkeys((3, 4, 9, 10, 11), 1))
    (Fraction(1, 18), Fraction(0, 1))
    """
    return -sum((ways(n) * Fraction(pays.get(n, -1)) for n in TOTALS), Fraction(0)) / 36


def _field_table_hint(pays, got) -> str:
    return (f"look again at the table {pays}: count the ordered rolls that make each total; a winning total gains "
            "its payout, every other total loses the unit")


def _tables(*changes) -> list[dict]:
    return [{**{n: int(x) if x.denominator == 1 else x for n, x in OXFORD.field_pays.items()}, **change}
            for change in changes]


def _field_tables() -> list[dict]:
    """The Oxford Casino's field, the 3 to 1 on the 12 of many Las Vegas tables, and a fair table paying 3 to 1 twice."""
    return _tables({}, {12: 3}, {2: 3, 12: 3})


def _other_field_tables() -> list[dict]:
    """Tables the notebook never shows: winning on the 5 instead of the 9, on no 2, on the 5 as well, at 5 to 2."""
    no_nine = {n: x for n, x in _tables({5: 1})[0].items() if n != 9}
    no_two = {n: x for n, x in _tables({})[0].items() if n != 2}
    return [no_nine, no_two, *_tables({5: 1}, {12: Fraction(5, 2), 2: 3})]


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
        right=lambda: four_within(3),
        hint="the pass line wins on roll k when the k-1 rolls before it are neither 4 nor 7 and roll k is a 4: "
             "add this chance for k = 1, 2 and 3",
        mistakes=lambda: {
            race(4, 7): "that is the chance that the 4 comes first however long it takes; here it must come within "
                        "three rolls",
            3 * p_total(4): "a 4 on the second or third roll wins only if no 4 or 7 came before it",
            four_within(3, ends=(4,)): "a 7 ends the bet too: the rolls before the 4 must be neither 4 nor 7",
            p_total(4): "that is only the next roll; the second and third count too",
            four_within(3, p=_unordered_total): UNORDERED,
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
    "field_edge": Rule(
        "field_edge",
        outcomes=_field_tables,
        right=field_edge_of,
        hint=_field_table_hint,
        same=same_exact,
    ),
    "bar_three": Exact(
        "bar_three",
        right=lambda: house_edge_per_bet_resolved(dont_pass(OXFORD.changed(bar=3))),
        hint="with the bar on the 3, a 3 on the come-out pushes and a 12 wins for Don't Pass: redo the count, then "
             "divide the expected loss by the chance that the bet is resolved",
        mistakes=lambda: {
            house_edge_per_bet_resolved(dont_pass()): "that is the edge with the bar on the 12; the 3 can be rolled "
                                                      "two ways, the 12 only one",
            house_edge(dont_pass(OXFORD.changed(bar=3))): "that is per bet made, counting the pushes as bets with a "
                "result of 0; per bet resolved leaves them out",
            house_edge(dont_pass(OXFORD.changed(bar=None))): "with the 3 barred the bet still has a bar: "
                                                             "a 3 on the come-out pushes",
        },
        sign=EDGE_SIGN,
    ),
    "place_five": Exact(
        "place_five",
        right=lambda: house_edge(place(5, PLACE_SIX_TO_FIVE)),
        hint="the bet wins 6/5 of the stake if a 5 comes before a 7 and loses the stake otherwise: count the rolls "
             "that make a 5 and those that make a 7",
        mistakes=lambda: {
            house_edge(place(5)): "that is the edge at 7 to 5, the Oxford Casino's payout; this casino pays 6 to 5",
            -(race(5, 7) * Fraction(1, 5) - race(7, 5)): "6 to 5 means a win of 6 for every 5 staked, on top of the "
                                                         "stake you keep",
            -(p_total(5) * Fraction(6, 5) - p_total(7)): "that is one roll; the bet waits through every total that "
                                                         "is neither 5 nor 7",
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
    "crapless": Exact(
        "crapless",
        right=_crapless_with_odds,
        hint="find the chance that the pass line wins (a come-out 7 wins; each other total p becomes the point: add "
             "the chance of rolling it times the chance of making it before a 7); the odds, paid at true odds, add "
             "nothing to the expected loss, and a unit to the amount bet whenever a point is set",
        mistakes=lambda: {
            _crapless_with_odds(OXFORD): "that is the pass line with single odds under the Oxford Casino's rules; in "
                                         "crapless craps 2, 3, 11 and 12 are points too",
            _crapless_with_odds(OXFORD.changed(craps=frozenset())): "in crapless craps the 11 is a point too: it no "
                                                                    "longer wins at once",
            _single_odds_if(pass_wins_from(_unordered_total, _unordered_race, naturals=(7,), points=CRAPLESS.points),
                            1 - _unordered_total(7)): UNORDERED,
            _single_odds_if(pass_wins_from(p_total, lambda p, seven: p_total(p), naturals=(7,),
                                           points=CRAPLESS.points), p_point(CRAPLESS)): "after a point is set the "
                "bet waits: the point must come before a 7, however many rolls that takes",
            house_edge(pass_line(CRAPLESS)): "that is the edge of the pass line alone, per pass line bet: the odds "
                                             "add nothing to the expected loss, but a unit to the amount bet "
                                             "whenever a point is set",
            house_edge(pass_line(CRAPLESS)) / 2: "the odds are bet only when a point is set, not on every bet: "
                                                 "divide by the amount bet on average",
        },
        sign=EDGE_SIGN,
    ),
    "expected_rolls": Exact(
        "expected_rolls",
        right=lambda: expected_rolls_to_decision(CRAPLESS),
        hint="one come-out roll, plus, when a point p is set, the expected wait for p or a 7: 36 over the "
             "ways to roll either",
        mistakes=lambda: {
            expected_rolls_to_decision(CRAPLESS) - 1: "count the come-out roll too",
            expected_rolls_to_decision(): "that is how long a bet lasts under the Oxford Casino's rules; in crapless "
                                          "craps every come-out total but 7 sets a point",
        },
    ),
}

#: Tests only the grader runs: the simulation on a seed the notebook never shows, so a function that replays one
#: seed's rounds scores only the public half (fewer rounds: the 4 standard errors scale with them); and field pay
#: tables that win on other totals, so a function that knows only the Oxford table's winning totals (or returns
#: the library's edge of the Oxford field) fails.
HIDDEN = {
    "play_pass": {"other_seed": replace(QUESTIONS["play_pass"], seed=7, rounds=5_000)},
    "field_edge": {"other_tables": replace(QUESTIONS["field_edge"], outcomes=_other_field_tables)},
}
