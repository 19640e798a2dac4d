"""The roulette assignment's questions: the Oxford Casino's wheel of 38 pockets.

Every right answer is computed by :mod:`casino_math.roulette`, and every
common mistake by the same library under the wrong assumption (a wheel of 36
or 37 pockets, zeros that win an outside bet, a payout read as "for 1").

>>> from fractions import Fraction
>>> QUESTIONS["red"].judge(Fraction(18, 37))
red: not right yet. Hint: 37 pockets is a single-zero wheel: the Oxford wheel has both 0 and 00.
>>> QUESTIONS["straight_ev"].judge(Fraction(0))
straight_ev: not right yet. Hint: 35 to 1 would be a fair payout on a wheel of 36 pockets: the two zeros are the house's share, count them.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import sqrt

from casino_math import roulette
from casino_math.bets import WIN, expected_value, fair_payout, house_edge, p_win
from casino_math.classroom.checks import Estimate, Exact, Rule

THIRTY_SIX = "a wheel of 36 pockets has no zeros: the Oxford wheel has 0 and 00 as well"
THIRTY_SEVEN = "37 pockets is a single-zero wheel: the Oxford wheel has both 0 and 00"
EDGE_SIGN = "the house edge is minus the expected value, positive when the house wins on average"
EV_SIGN = "an expected value is negative when the bettor loses on average"


def _edge(covered: int, pockets: int, payout) -> Fraction:
    """The house edge of a bet on ``covered`` of ``pockets`` equally likely pockets that pays ``payout`` to 1.

    A win returns the stake and ``payout`` more, so per chip the bet gives back
    (payout + 1) * covered / pockets on average: 1 minus that is the edge.

    >>> _edge(1, 38, 35), _edge(1, 36, 35)
    (Fraction(1, 19), Fraction(0, 1))
    """
    return 1 - Fraction((payout + 1) * covered, pockets)


def _low_hint(pocket: str, got) -> str:
    if roulette.number(pocket) is None:
        return f"the function says {pocket!r} {'wins' if got else 'loses'}: a zero is not low, and loses every outside bet"
    return (f"look again at pocket {pocket!r} (pockets are strings: compare numbers with int(pocket), "
            "and remember that 1-18 includes both 1 and 18)")


@cache
def _low_pockets() -> frozenset[str]:
    """The pockets on which the low bet wins, by the library's rule."""
    low = roulette.low()
    return frozenset(pocket for pocket in roulette.pockets() if low.line(pocket) == WIN)


def _oxford_la_partage() -> roulette.RouletteRules:
    """The Oxford wheel and layout with la partage: half the stake back on an even-money bet when a zero comes up."""
    return roulette.OXFORD.changed(name="The Oxford wheel with la partage", la_partage=True)


QUESTIONS = {
    "red": Exact(
        "red",
        right=lambda: p_win(roulette.red()),
        hint="count the red pockets, and all the pockets of the wheel (roulette.colour(pocket) gives a pocket's colour)",
        mistakes=lambda: {
            Fraction(18, 36): f"{THIRTY_SIX}, and they are neither red nor black",
            Fraction(18, 37): THIRTY_SEVEN,
            Fraction(20, 38): "that is the chance that red does not come up",
        },
        probability=True,
    ),
    "straight_ev": Exact(
        "straight_ev",
        right=lambda: expected_value(roulette.straight(17)),
        hint="a straight wins 35 on one pocket of 38 and loses the chip on each of the others: add both parts",
        mistakes=lambda: {
            Fraction(0): "35 to 1 would be a fair payout on a wheel of 36 pockets: the two zeros are the house's share, "
                         "count them",
            -_edge(1, 37, 35): THIRTY_SEVEN,
            Fraction(35, 38): "that is only what the wins bring; the chip is lost on each of the other 37 pockets",
            Fraction(36, 38) - Fraction(37, 38): "a win of 35 to 1 adds 35 chips to the stake you keep: the net win is 35, not 36",
        },
        sign=EV_SIGN,
    ),
    "splits": Exact(
        "splits",
        right=lambda: len(roulette.splits()),
        hint="count the pairs side by side in each row, the pairs one above the other, and the pairs at the zeros",
        mistakes=lambda: {
            Fraction(12 * 2 + 11 * 3): "that counts the splits among 1-36; the zeros at the head make splits too "
                                       "(with each other and with the first row)",
            Fraction(len(roulette.splits(roulette.SINGLE_ZERO))): "that is the single-zero layout; the Oxford layout has 0 and 00",
            Fraction(12 * 2 + 12 * 3): "the last row has no row below it: count the vertical pairs between neighbouring rows",
        },
    ),
    "low_wins": Rule(
        "low_wins",
        outcomes=roulette.pockets,
        right=lambda pocket: pocket in _low_pockets(),
        hint=_low_hint,
    ),
    "edge_low": Exact(
        "edge_low",
        right=lambda: house_edge(roulette.low()),
        hint="make the bet with simple_bet(name, wheel, low_wins, 1) and take its house_edge",
        mistakes=lambda: {
            _edge(18, 37, 1): THIRTY_SEVEN,
            Fraction(0): f"an even-money bet is fair only on {THIRTY_SIX}; check that low_wins and the wheel are right",
            _edge(20, 38, 1): "that edge is what you get when the zeros win: "
                                                                     "check that low_wins says a zero loses",
        },
        sign=EDGE_SIGN,
    ),
    "top_line": Exact(
        "top_line",
        right=lambda: house_edge(roulette.top_line()),
        hint="the top line wins on five pockets of 38 and pays 6 to 1; find its expected value",
        mistakes=lambda: {
            _edge(5, 37, 6): THIRTY_SEVEN,
            _edge(5, 36, 6): THIRTY_SIX,
            _edge(5, 38, 5): "6 to 1 means you win 6 chips and keep your own: the net win is 6",
            _edge(4, 38, 6): "the top line covers five pockets: 0, 00, 1, 2 and 3",
            house_edge(roulette.straight(1)): "every other bet has this edge; the top line is the exception: "
                                              "work out its expected value",
        },
        sign=EDGE_SIGN,
    ),
    "la_partage": Exact(
        "la_partage",
        right=lambda: house_edge(roulette.red(_oxford_la_partage())),
        hint="the bet now has three lines: win 1 on red, lose half the stake on a zero, lose the stake on black",
        mistakes=lambda: {
            house_edge(roulette.red()): "that is the edge without the rule: a zero now costs only half the stake",
            house_edge(roulette.red(roulette.LA_PARTAGE)): "that is la partage on a single-zero wheel; the Oxford wheel has "
                                                    "two zeros",
            Fraction(0): "a zero still costs half the stake, so the bet cannot be fair",
        },
        sign=EDGE_SIGN,
    ),
    "fair_split": Exact(
        "fair_split",
        right=lambda: fair_payout(roulette.split(1, 2)),
        hint="solve P(win) * x - P(lose) = 0 for x, with the split's two pockets out of 38",
        mistakes=lambda: {
            Fraction(17): "17 to 1 is what the casino pays, and it would be fair only on a wheel of 36 pockets",
            Fraction(37, 2) - 1: THIRTY_SEVEN,
            Fraction(19): "a payout 'x to 1' is the net win on top of the stake you keep: the stake is not part of x",
        },
    ),
    "simulate_red": Estimate(
        "simulate_red",
        right=lambda: p_win(roulette.red()),
        sd=lambda: sqrt(p_win(roulette.red()) * (1 - p_win(roulette.red()))),
        trials=100_000,
        hint="spin the wheel with rng.choice(pockets, size=spins) and count the red results",
        mistakes=lambda: {Fraction(1, 2): "your simulated wheel seems to have no zeros: spin all 38 pockets"},
    ),
}
