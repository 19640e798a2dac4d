"""The shooter's hand: its exact length distribution against closed forms, brute force, a simulation and the record.

The library reads the hand off the Pass line's Markov chain (casino_math.craps.hand); every check here derives its
figure another way: the rolls per line decision over the chance that a decision is a seven-out, a hand played out
roll by roll over every short sequence of totals, a seeded simulation, and the published odds of the 2009 record.
"""

import itertools
import json
import subprocess
import sys
from fractions import Fraction as F
from typing import Any

import numpy as np
import pytest

from casino_math import simulate
from casino_math.craps import RULES, hand
from casino_math.craps.simulate import shooter_hands

WAYS = {n: 6 - abs(n - 7) for n in range(2, 13)}      # the rolls of two dice that make each total
POINTS = (4, 5, 6, 8, 9, 10)


def p(n: int) -> F:
    return F(WAYS[n], 36)


def test_the_mean_is_the_rolls_per_decision_over_the_chance_of_a_seven_out() -> None:
    # A hand is a run of line decisions; each takes 1 + sum P(p) 36 / (w_p + 6) rolls on average, and ends the hand
    # (a point, then a 7 first) with chance sum P(p) 6 / (w_p + 6).  The number of decisions is geometric.
    rolls_per_decision = 1 + sum(p(q) * F(36, WAYS[q] + 6) for q in POINTS)
    seven_out = sum(p(q) * F(6, WAYS[q] + 6) for q in POINTS)
    assert (rolls_per_decision, seven_out) == (F(557, 165), F(196, 495))
    assert hand.mean_hand_length() == rolls_per_decision / seven_out == F(1671, 196)


def test_the_mean_is_catlins_about_8_526_rolls() -> None:
    # Donald Catlin, "The Number of Craps Rolls", Casino City Times, 2013: about 8.526 rolls a hand.
    assert round(float(hand.mean_hand_length()), 3) == 8.526


@pytest.mark.parametrize("rules_name", RULES)
def test_every_rules_value_deals_the_same_hand(rules_name: str) -> None:
    rules = RULES[rules_name]
    assert hand.mean_hand_length(rules) == F(1671, 196)
    assert hand.p_hand_at_least(20, rules) == hand.p_hand_at_least(20)


def test_a_hand_lasts_at_least_one_roll_and_the_come_out_never_ends_it() -> None:
    assert hand.p_hand_at_least(1) == hand.p_hand_at_least(2) == 1
    assert hand.hand_length_probabilities(1) == [0]


def test_the_distribution_sums_to_one() -> None:
    most = 300
    chances = hand.hand_length_probabilities(most)
    assert sum(chances) + hand.p_hand_at_least(most + 1) == 1


def test_squaring_and_stepping_agree_roll_by_roll() -> None:
    # P(L >= n) by powers of Q (repeated squaring) against P(L = n) stepped one roll at a time.
    chances = hand.hand_length_probabilities(60)
    for n in range(1, 60):
        assert hand.p_hand_at_least(n) - hand.p_hand_at_least(n + 1) == chances[n - 1]


def play(totals: tuple[int, ...]) -> int | None:
    """The number of rolls after which a hand ends on these totals (the seven-out's roll), or None if it goes on."""
    point = None
    for roll, t in enumerate(totals, start=1):
        if point is None:
            if t in POINTS:
                point = t
        elif t == 7:
            return roll
        elif t == point:
            point = None
    return None


def test_short_hands_by_brute_force() -> None:
    # Every sequence of 5 totals, weighted by its chance, played out by the rules stated in words.
    rolls = 5
    ended = dict.fromkeys(range(1, rolls + 1), F(0))
    going_on = F(0)
    for totals in itertools.product(WAYS, repeat=rolls):
        chance = F(1)
        for t in totals:
            chance *= p(t)
        end = play(totals)
        if end is None:
            going_on += chance
        else:
            ended[end] += chance
    assert hand.hand_length_probabilities(rolls) == [ended[n] for n in range(1, rolls + 1)]
    assert hand.p_hand_at_least(rolls + 1) == going_on
    assert ended[3] == F(6 * 620 + 12 * 24 * 6, 36**3)       # a point, a miss, a 7; or a decision, a point, a 7


def test_the_generating_function_is_the_distribution_and_has_four_geometric_terms() -> None:
    import sympy as sp

    z = sp.Symbol("z")
    G = hand.hand_generating_function()
    series = sp.Poly(sp.series(G, z, 0, 31).removeO(), z)
    chances = hand.hand_length_probabilities(30)
    assert [F(str(series.coeff_monomial(z**n))) for n in range(1, 31)] == chances
    # Ethier and Hoppe (2010): the distribution of L is a linear combination of four geometric distributions, so
    # G's denominator is a quartic.
    assert sp.degree(sp.fraction(sp.cancel(G))[1], z) == 4


def test_the_atlantic_city_record_is_one_chance_in_5_59_billion() -> None:
    # Ethier and Hoppe, "A world record in Atlantic City and the length of the shooter's hand at craps", The
    # Mathematical Intelligencer 32(4), 2010 (arXiv:0906.1545) -> None: "one chance in 5.6 (or 5.59) billion" of a hand
    # of 154 rolls or more.
    odds = 1 / hand.p_hand_at_least(154)
    assert F(5_585_000_000) <= odds < F(5_595_000_000)


def test_the_hand_against_its_simulation_twin() -> None:
    # 200,000 hands rolled by shooter_hands (a seeded numpy Generator), within 4 standard errors.
    hands = shooter_hands(RULES["oxford"], 200_000, simulate.generator(2026))
    mean = float(hand.mean_hand_length())
    assert abs(hands.mean() - mean) < 4 * hands.std() / np.sqrt(hands.size)
    for n in (3, 10, 30):
        exact = float(hand.p_hand_at_least(n))
        share = (hands >= n).mean()
        assert abs(share - exact) < 4 * np.sqrt(exact * (1 - exact) / hands.size), n


def test_the_median_is_where_the_distribution_passes_one_half() -> None:
    median = hand.median_hand_length()
    assert 1 - hand.p_hand_at_least(median) < F(1, 2) <= 1 - hand.p_hand_at_least(median + 1)


@pytest.mark.parametrize("bad, error", [
    (0, ValueError), (-3, ValueError), (2.5, TypeError), (hand.MOST_ROLLS + 1, ValueError),
])
def test_bad_numbers_of_rolls_are_refused(bad: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        hand.p_hand_at_least(bad)


# --- the command line ------------------------------------------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", "hand-length", *args], capture_output=True,
                          text=True, check=False)


def test_the_command_gives_the_exact_chance_and_mean_as_fractions() -> None:
    result = run("--at-least", "154", "--format", "json", "--exact")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {"at_least", "p", "mean"} <= set(report)
    assert report["at_least"] == 154 and report["rules"] == "oxford"
    assert F(report["p"]) == hand.p_hand_at_least(154) and F(report["mean"]) == F(1671, 196)
    assert report["p_one_in"] == "5590264072"


def test_a_short_chance_comes_whole_and_a_long_one_is_summarised_in_a_table_without_exact() -> None:
    report = json.loads(run("--at-least", "3", "--format", "json").stdout)
    assert report["p"] == "8/9"                           # 1 - P(point) P(7) = 1 - 2/3 * 1/6
    long = json.loads(run("--at-least", "154", "--format", "json").stdout)    # JSON: whole below 10,000 digits
    assert F(long["p"]) == hand.p_hand_at_least(154) and len(long["p"]) > 120 and long["mean"] == "1671/196"
    assert "digits over" in run("--at-least", "154").stdout and "digits over" not in run("--at-least", "3").stdout


def test_the_table_says_how_rare_the_record_is() -> None:
    result = run("--at-least", "154")
    assert result.returncode == 0, result.stderr
    assert "1.79 × 10⁻¹⁰, 1 in 5590264072" in result.stdout and "1671/196" in result.stdout


@pytest.mark.parametrize("args, message", [
    (("--at-least", "0"), "--at-least must be a whole number from 1 up, not 0"),
    (("--at-least", "-2"), "--at-least must be a whole number from 1 up, not -2"),
    (("--at-least", "1.5"), "--at-least must be a whole number, not '1.5'"),
    (("--at-least", "many"), "--at-least must be a whole number, not 'many'"),
    (("--at-least", "60000"), "too long to work out exactly here (the limit is 50000 rolls)"),
    (("--at-least", "5", "--rules", "atlantis"), "unknown rules 'atlantis' for craps; the rules are: oxford"),
])
def test_bad_options_are_one_line_errors(args: tuple[str, str, str, str] | tuple[str, str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert [line for line in result.stderr.splitlines() if "error:" in line] == [result.stderr.splitlines()[-1]]


def test_the_command_imports_no_heavy_library() -> None:
    code = (
        "import io, sys, contextlib\n"
        "from casino_math import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()): cli.main(['hand-length', '--at-least', '154'])\n"
        "print(','.join(m for m in ('sympy', 'numpy', 'matplotlib') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
