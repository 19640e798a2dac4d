"""The long-run assignment's questions: sessions of bets on red, ruin, bold play and the martingale.

Every right answer is computed by :mod:`casino_math.session`,
:mod:`casino_math.ruin` and :mod:`casino_math.systems` for one unit on red at
the Oxford Casino's wheel; the common mistakes (a wheel without zeros, "ahead"
read as "not behind", variances that grow like n squared) by the same
formulas under the wrong assumption.

>>> from fractions import Fraction
>>> QUESTIONS["double_up"].judge(Fraction(1, 2))
double_up: not right yet. Hint: that is the answer for a fair bet (a wheel without zeros): red loses a little more often than it wins.
>>> binomial_ahead(Fraction(1, 2), 2)        # two fair bets: ahead only by winning both
Fraction(1, 4)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

from casino_math import roulette
from casino_math.ruin import p_reach_goal, ruin
from casino_math.session import expected_net, p_ahead, p_even, session_variance
from casino_math.systems import martingale_series
from casino_math.classroom.checks import Estimate, Exact

NO_ZEROS = "that is the answer for a fair bet (a wheel without zeros): red loses a little more often than it wins"
STAKE = 10
AHEAD = "ahead means more wins than losses; winning exactly half the bets leaves you even, not ahead"


def red():
    """One unit on red at the Oxford Casino's wheel."""
    return roulette.red()


def binomial_ahead(p: Fraction, bets: int, even_counts: bool = False) -> Fraction:
    """P(more wins than losses in ``bets`` even-money bets that each win with chance ``p``), by the binomial sum.

    ``even_counts=True`` is the mistake of counting "as many wins as losses" as ahead.
    """
    q = 1 - p
    least = bets // 2 if even_counts else bets // 2 + 1
    return sum((comb(bets, k) * p**k * q ** (bets - k) for k in range(least, bets + 1)), Fraction(0))


def _all_six_lose() -> Fraction:
    return red().net()[-1] ** 6


def _single_zero_red() -> Fraction:
    return Fraction(18, 37)


def _sd_red() -> float:
    p = float(p_ahead(red(), 100))
    return sqrt(p * (1 - p))


QUESTIONS = {
    "ahead_ten": Exact(
        "ahead_ten",
        right=lambda: p_ahead(red(), 10),
        hint="you are ahead after 10 bets when you win at least 6 of them: add C(10, k) p^k q^(10-k) over those k",
        mistakes=lambda: {
            binomial_ahead(Fraction(1, 2), 10): NO_ZEROS,
            p_ahead(red(), 10) + p_even(red(), 10): AHEAD,
            binomial_ahead(_single_zero_red(), 10): "that is a single-zero wheel; the Oxford wheel has 0 and 00",
        },
        probability=True,
    ),
    "expected_loss": Exact(
        "expected_loss",
        right=lambda: STAKE * expected_net(red(), 100),
        hint="each $10 bet on red has an expected value of 10 times the bet's expected value per unit; add 100 of them",
        mistakes=lambda: {
            expected_net(red(), 100): "that is in units of one stake; the question asks in dollars, at $10 a bet",
            Fraction(0): "on a wheel without zeros red would be fair; the Oxford wheel has 0 and 00",
            STAKE * 100 * (2 * _single_zero_red() - 1): "that is a single-zero wheel; the Oxford wheel has 0 and 00",
        },
        sign="the question asks for the expected net result, which is negative when you lose on average",
    ),
    "variance_hundred": Exact(
        "variance_hundred",
        right=lambda: session_variance(red(), 100),
        hint="the variance of one bet is E[X^2] - (E[X])^2, and the variances of independent bets add",
        mistakes=lambda: {
            Fraction(100): "a bet on red does not have mean 0: its variance is E[X^2] - (E[X])^2, a little less than 1",
            100 * session_variance(red(), 100): "variances of independent bets add: n bets have n times the "
                                                "variance of one, not n squared times",
        },
    ),
    "ahead_thousand": Exact(
        "ahead_thousand",
        right=lambda: p_ahead(red(), 1000),
        hint="the same sum as for 10 bets, now over the k that are more than half of 1000",
        mistakes=lambda: {
            binomial_ahead(Fraction(1, 2), 1000): NO_ZEROS,
            p_ahead(red(), 1000) + p_even(red(), 1000): AHEAD,
        },
        probability=True,
    ),
    "double_up": Exact(
        "double_up",
        right=lambda: ruin(red(), 10, 20).p_goal,
        hint="use the gambler's ruin formula: with r = q/p, the chance of reaching the goal N from i units is "
             "(1 - r^i) / (1 - r^N)",
        mistakes=lambda: {
            Fraction(1, 2): NO_ZEROS,
            ruin(red(), 10, 20).p_ruin: "that is the chance of going broke first",
            p_reach_goal(_single_zero_red(), 1 - _single_zero_red(), 10, 20): "that is a single-zero wheel; the "
                                                                              "Oxford wheel has 0 and 00",
        },
        probability=True,
    ),
    "bold_play": Exact(
        "bold_play",
        right=lambda: ruin(red(), 1, 2).p_goal,
        hint="one bet of 10 units decides everything: it doubles the money exactly when red comes up",
        mistakes=lambda: {
            Fraction(1, 2): NO_ZEROS,
            ruin(red(), 10, 20).p_goal: "that is betting one unit at a time; here all 10 units go on one spin",
            _single_zero_red(): "that is a single-zero wheel; the Oxford wheel has 0 and 00",
        },
        probability=True,
    ),
    "martingale_net": Exact(
        "martingale_net",
        right=lambda: martingale_series(red(), 6).E(),
        hint="the series wins 1 unit unless all six bets lose, when it loses 1 + 2 + 4 + 8 + 16 + 32 units: weigh "
             "both results by their chances",
        mistakes=lambda: {
            Fraction(1): "the series does not always win: all six bets can lose, and then it loses 63 units",
            Fraction(0): "on a wheel without zeros the series would be fair; the Oxford wheel has 0 and 00",
            (1 - _all_six_lose()) - 64 * _all_six_lose(): "when all six bets lose the series loses "
                                                          "1 + 2 + 4 + 8 + 16 + 32 units, not 64",
            -63 * _all_six_lose(): "the series also wins: 1 unit whenever one of its bets wins",
        },
        sign="a system cannot turn a losing bet into a winning one: the expected net result is negative",
    ),
    "simulate_ahead": Estimate(
        "simulate_ahead",
        right=lambda: p_ahead(red(), 100),
        sd=_sd_red,
        trials=10_000,
        hint="for each session count the wins among 100 bets, and share the sessions with more than 50",
        mistakes=lambda: {
            binomial_ahead(Fraction(1, 2), 100): "your simulated bets seem fair: red wins with the chance of "
                                                 "18 pockets out of 38",
            p_ahead(red(), 100) + p_even(red(), 100): AHEAD,
        },
    ),
}
