"""The long-run assignment's questions: sessions of bets on red and on other bets, ruin, bold play, the martingale.

Every right answer is computed by :mod:`casino_math.session`,
:mod:`casino_math.ruin` and :mod:`casino_math.systems` for bets of one unit at
the Oxford Casino's wheel (bold play toward a goal that is not double the
bankroll by first-step analysis, :func:`bold_from_30`); the common mistakes (a
wheel without zeros, "ahead" read as "not behind", variances that grow like n
squared) by the same formulas under the wrong assumption.

>>> from fractions import Fraction
>>> QUESTIONS["double_up"].judge(Fraction(2, 3))
double_up: not right yet. Hint: that is the answer for a fair bet (a wheel without zeros): red loses a little more often than it wins.
>>> binomial_ahead(Fraction(1, 2), 2)        # two fair bets: ahead only by winning both
Fraction(1, 4)
>>> QUESTIONS["ahead_any"].judge(lambda plan: p_ahead(red(), plan[2]))   # red's chance, whatever the bet
ahead_any: not right yet. Hint: look again at 2 pockets paying 17 to 1, 10 bets: with k wins the net result is 17 * k - (10 - k), and k is binomial with a chance of 2/38 of winning each bet.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb, sqrt

from casino_math import roulette
from casino_math.bets import simple_bet
from casino_math.classroom.checks import ByHand, Estimate, Exact, Rule, same_exact
from casino_math.ruin import p_reach_goal, ruin
from casino_math.session import expected_net, p_ahead, p_even, session_variance
from casino_math.systems import martingale_series

NO_ZEROS = "that is the answer for a fair bet (a wheel without zeros): red loses a little more often than it wins"
STAKE, ROUNDS = 25, 80
BANKROLL, GOAL = 30, 45
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


def split():
    """One unit on a split at the Oxford Casino's wheel: two pockets, 17 to 1."""
    return roulette.split(1, 2)


def on_pockets(covered: int, payout) -> object:
    """One unit on ``covered`` of the Oxford wheel's pockets, paying ``payout`` to 1.

    >>> p_ahead(on_pockets(18, 1), 10) == p_ahead(red(), 10)
    True
    """
    won = {str(n) for n in range(1, covered + 1)}
    return simple_bet(f"{covered} pockets at {payout} to 1", roulette.wheel(), lambda pocket: pocket in won, payout)


def _ahead_of(plan: tuple) -> Fraction:
    covered, payout, bets = plan
    return p_ahead(on_pockets(covered, payout), bets)


def _ahead_hint(plan: tuple, got) -> str:
    covered, payout, bets = plan
    return (f"look again at {covered} pocket{'s' if covered != 1 else ''} paying {payout} to 1, {bets} bets: with k "
            f"wins the net result is {payout} * k - ({bets} - k), and k is binomial with a chance of {covered}/38 of "
            "winning each bet")


def _plans() -> list[tuple]:
    """Ten and 1,000 bets on red, ten on a split, 36 straight up."""
    return [(18, 1, 10), (18, 1, 1000), (2, 17, 10), (1, 35, 36)]


def _other_plans() -> list[tuple]:
    """Bets and lengths the notebook never shows: a dozen, a six-line, a street, a corner, an odd number on red."""
    return [(12, 2, 25), (6, 5, 20), (3, 11, 7), (4, 8, 60), (1, 35, 100), (18, 1, 101)]


def bold_from_30(p: Fraction) -> Fraction:
    """P(reach 45 from 30 by bold play) on an even-money bet that wins with chance ``p``.

    From 30 the stake is 15: a win ends at 45, a loss leaves 15, from which all 15 are staked and a win returns to
    30.  So from_30 = p + q from_15 and from_15 = p from_30, whence from_30 = p / (1 - q p).  On a fair bet bold
    play, like any play, reaches the goal with chance bankroll / goal:

    >>> bold_from_30(Fraction(1, 2))
    Fraction(2, 3)
    """
    return p / (1 - (1 - p) * p)


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
        right=lambda: STAKE * expected_net(red(), ROUNDS),
        hint="each $25 bet on red has an expected value of 25 times the bet's expected value per unit; add 80 of them",
        mistakes=lambda: {
            expected_net(red(), ROUNDS): "that is in units of one stake; the question asks in dollars, at $25 a bet",
            Fraction(0): "on a wheel without zeros red would be fair; the Oxford wheel has 0 and 00",
            STAKE * ROUNDS * (2 * _single_zero_red() - 1): "that is a single-zero wheel; the Oxford wheel has 0 and 00",
            STAKE * expected_net(red(), 1): "that is one bet: expected values add, so add the 80 bets",
        },
        sign="the question asks for the expected net result, which is negative when you lose on average",
    ),
    "variance_hundred": Exact(
        "variance_hundred",
        right=lambda: session_variance(split(), 100),
        hint="the variance of one bet on a split is E[X^2] - (E[X])^2 with X = 17 or -1, and the variances of "
             "independent bets add",
        mistakes=lambda: {
            100 * (17**2 * Fraction(2, 38) + Fraction(36, 38)): "a bet on a split does not have mean 0: its variance "
                                                                 "is E[X^2] - (E[X])^2",
            100 * session_variance(split(), 100): "variances of independent bets add: n bets have n times the "
                                                  "variance of one, not n squared times",
            session_variance(red(), 100): "that is a bet on red; a split pays 17 to 1 on two pockets",
            session_variance(split(), 1): "that is one bet: the variances of 100 independent bets add",
        },
    ),
    "ahead_any": Rule(
        "ahead_any",
        outcomes=_plans,
        right=_ahead_of,
        hint=_ahead_hint,
        same=same_exact,
    ),
    "double_up": Exact(
        "double_up",
        right=lambda: ruin(red(), BANKROLL, GOAL).p_goal,
        hint="use the gambler's ruin formula: with r = q/p, the chance of reaching the goal N from i units is "
             "(1 - r^i) / (1 - r^N)",
        mistakes=lambda: {
            Fraction(BANKROLL, GOAL): NO_ZEROS,
            ruin(red(), BANKROLL, GOAL).p_ruin: "that is the chance of going broke first",
            p_reach_goal(_single_zero_red(), 1 - _single_zero_red(), BANKROLL, GOAL): "that is a single-zero wheel; "
                                                                                      "the Oxford wheel has 0 and 00",
            ruin(red(), BANKROLL - 15, GOAL - 15).p_goal: "the player starts with 30 units and aims at 45; the "
                                                          "formula takes the bankroll and the goal, not the gain",
        },
        probability=True,
    ),
    "bold_play": Exact(
        "bold_play",
        right=lambda: bold_from_30(red().net()[1]),
        hint="from 30 the chance is p + q times the chance from 15, and from 15 it is p times the chance from 30: "
             "solve these two equations",
        mistakes=lambda: {
            Fraction(BANKROLL, GOAL): NO_ZEROS,
            red().net()[1]: "one bet of 15 does not decide everything: after a loss the player still has 15 units "
                            "and stakes them all",
            ruin(red(), BANKROLL, GOAL).p_goal: "that is betting one unit at a time; bold play stakes what would "
                                                "reach the goal",
            red().net()[1] ** 2: "after a loss from 30 the player has 15 and a win takes them back to 30, not to 45",
            bold_from_30(_single_zero_red()): "that is a single-zero wheel; the Oxford wheel has 0 and 00",
        },
        probability=True,
    ),
    "why_bold": ByHand(
        "why_bold",
        rubric="1 point: bold play gives the better chance of reaching 45 units (p_bold is larger than p_double). "
               "1 point: the reason, that every bet costs the house edge on average, so a plan that needs many small "
               "bets to reach the goal pays the edge on far more money staked than one that needs one or two large "
               "bets; either the expected amount staked or the drift of the walk towards ruin earns this point.",
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

#: Tests only the grader runs: bets and numbers of bets the notebook never shows, so a function that knows only red
#: (or returns the library's chance for red) fails.
HIDDEN = {
    "ahead_any": {"other_bets": replace(QUESTIONS["ahead_any"], outcomes=_other_plans)},
}
