"""The long-run chapter's figures and exercise answers, as glued in its saved outputs, each derived again here a
different way: closed forms and sums written out, the absorbing chain where the chapter uses the formula, the
normal curve from math.erf, and the simulation exercise's own code run from the solution's text."""

import json
import re
from decimal import Decimal, localcontext
from fractions import Fraction
from math import comb, erf, sqrt
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from casino_math import baccarat, craps, roulette, ruin
from casino_math.baccarat.successive import OXFORD_EIGHT_DECKS
from casino_math.bets import variance
from casino_math.display import percent, scientific

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "long-run.ipynb"
RECORD = "application/papermill.record/text/plain"
CELLS = json.loads(CHAPTER.read_text())["cells"]
GLUED = {output["metadata"]["scrapbook"]["name"]: "".join(output["data"][RECORD]).strip("'")
         for cell in CELLS for output in cell.get("outputs", []) if RECORD in output.get("data", {})}
MARKDOWN = "\n".join("".join(cell["source"]) for cell in CELLS if cell["cell_type"] == "markdown")

RED_P, RED_Q = Fraction(18, 38), Fraction(20, 38)  # 18 red pockets of 38
PASS_P = Fraction(244, 495)  # the pass line wins 244 of every 495 decisions
DONT_PASS = {1: Fraction(949, 1980), -1: Fraction(976, 1980), 0: Fraction(55, 1980)}  # bar 12: a 12 pushes (1/36)


def normal_above(line: float, mean: float, var: float) -> float:
    """The normal curve's chance of more than ``line``, from math.erf."""
    return 0.5 * (1 - erf((line - mean) / sqrt(2 * var)))


def ahead_binary(n: int, p: Fraction) -> Fraction:
    """P(ahead) after n bets that win or lose one unit: more wins than losses."""
    return sum((comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1) if 2 * k > n), Fraction(0))


def even_binary(n: int, p: Fraction) -> Fraction:
    return comb(n, n // 2) * p ** (n // 2) * (1 - p) ** (n // 2) if n % 2 == 0 else Fraction(0)


# --- the normal curve after 100 bets (the review: 3.4 points off for red and 3.9 for the pass line) ----------------

@pytest.mark.parametrize("name, p, gap", [("red", RED_P, "3.4"), ("pass", PASS_P, "3.9")])
def test_the_normal_curve_without_and_with_the_continuity_correction(name: str, p: Fraction, gap: str) -> None:
    n, mean, var = 100, 100 * float(2 * p - 1), 100 * float(1 - (2 * p - 1) ** 2)
    exact = float(ahead_binary(n, p))
    assert GLUED[f"longrun_normal_gap_{name}"] == f"{100 * (normal_above(0, mean, var) - exact):.1f}" == gap
    assert GLUED[f"longrun_cc_gap_{name}"] == f"{100 * abs(normal_above(1, mean, var) - exact):.2f}"
    assert GLUED[f"longrun_half_even_{name}"] == f"{50 * float(even_binary(n, p)):.1f}"
    assert float(GLUED[f"longrun_cc_gap_{name}"]) < 0.05


# --- the exercises ----------------------------------------------------------------------------------------------

def test_ahead_after_36_spins() -> None:
    p = Fraction(1, 38)
    assert GLUED["longrun_ex_36_even"] == percent(36 * p * (1 - p) ** 35, 2)
    assert GLUED["longrun_ex_36_ahead"] == percent(1 - (1 - p) ** 36 - 36 * p * (1 - p) ** 35, 2)
    assert GLUED["longrun_ex_35_ahead"] == percent(1 - (1 - p) ** 35, 2)


def test_the_standard_deviation_of_two_coups_of_one_shoe() -> None:
    bet = baccarat.banker_bet()
    _, _, covariance = OXFORD_EIGHT_DECKS["banker"]
    rho = covariance / variance(bet)
    with localcontext() as context:
        context.prec = 50
        share = 1 - (1 + Decimal(rho.numerator) / Decimal(rho.denominator)).sqrt()
    assert GLUED["longrun_ex_sd_share"] == scientific(share)
    shown = scientific(Decimal(rho.numerator) / Decimal(rho.denominator))
    assert GLUED["longrun_shoe_corr_banker"] == shown


def test_the_continuity_correction_when_a_bet_can_push() -> None:
    ahead = sum(comb(100, w) * comb(100 - w, l) * DONT_PASS[1] ** w * DONT_PASS[-1] ** l
                * DONT_PASS[0] ** (100 - w - l) for w in range(101) for l in range(101 - w) if w > l)
    mean = 100 * float(DONT_PASS[1] - DONT_PASS[-1])
    var = 100 * float(DONT_PASS[1] + DONT_PASS[-1] - (DONT_PASS[1] - DONT_PASS[-1]) ** 2)
    assert craps.bet("dont_pass").net().P({0}) == DONT_PASS[0]
    assert GLUED["longrun_ex_dp_exact"] == percent(ahead, 2)
    assert GLUED["longrun_ex_dp_normal"] == f"{normal_above(0, mean, var):.2%}"
    assert GLUED["longrun_ex_dp_line"] == "1/2"
    assert GLUED["longrun_ex_dp_cc"] == f"{normal_above(0.5, mean, var):.2%}"


def test_the_standard_error_exercise() -> None:
    h = Fraction(1, 19)  # n >= 100 (1/h^2 - 1)
    assert GLUED["longrun_ex_se_spins"] == f"{int(100 * (1 / h**2 - 1)):,}" == "36,000"


def simulation_code() -> str:
    solution = MARKDOWN[MARKDOWN.index("{solution} long-run-ex-simulate"):]
    found = re.search(r":::\{code-block\} python\n(.*?)\n:::", solution, re.DOTALL)
    assert found is not None, "the simulation exercise prints its code"
    return found.group(1)


def test_the_simulation_exercise_runs_as_printed() -> None:
    space: dict[str, Any] = {"np": np}
    exec(simulation_code(), space)  # noqa: S102  (the book's own solution, run as a reader would)
    estimate, low, high = float(space["estimate"]), float(space["low"]), float(space["high"])
    assert GLUED["longrun_ex_sim_estimate"] == f"{estimate:.2%}"
    assert (GLUED["longrun_ex_sim_low"], GLUED["longrun_ex_sim_high"]) == (f"{low:.2%}", f"{high:.2%}")
    assert GLUED["longrun_ex_sim_se"] == f"{100 * sqrt(estimate * (1 - estimate) / 10_000):.2f}"
    inside = low <= float(ahead_binary(100, RED_P)) <= high
    assert GLUED["longrun_ex_sim_verdict"] == ("inside" if inside else "outside")
    assert GLUED["longrun_ex_sim_sessions_half"] == "40,000"


def test_how_long_the_game_of_the_theorem_lasts() -> None:
    _, expected_bets = ruin.ruin_chain(roulette.red(), 20, 40)  # the chain, solved by Gaussian elimination: no formula
    assert GLUED["longrun_ex_duration_red"] == f"{float(expected_bets):.2f}"
    r = RED_Q / RED_P
    u = (1 - r**20) / (1 - r**40)
    assert expected_bets == (20 - 40 * u) / (RED_Q - RED_P)  # the exercise's closed form
    assert GLUED["longrun_ex_duration_fair"] == str(20 * (40 - 20))


def test_doubling_at_a_smaller_table() -> None:
    r = RED_Q / RED_P
    assert GLUED["longrun_ex_r_red"] == "10/9"
    assert GLUED["longrun_ex_double_5"] == percent(1 / (1 + r**40), 2)
    assert GLUED["longrun_ex_double_10"] == percent(1 / (1 + r**20), 2)
    assert ruin.ruin_chain(roulette.red(), 40, 80)[0] == 1 / (1 + r**40)


def test_when_a_bet_can_push() -> None:
    player = baccarat.player_bet()
    p_goal, expected_bets = ruin.ruin_chain(player, 20, 40)
    net = player.net()
    p, q = net[1], net[-1]
    r = q / p
    u = (1 - r**20) / (1 - r**40)
    decided = (20 - 40 * u) / (q / (p + q) - p / (p + q))  # the game without pushes
    assert p_goal == u and expected_bets == decided / (p + q)
    assert GLUED["longrun_ex_push_goal"] == percent(u, 2)
    assert GLUED["longrun_ex_push_bets"] == f"{float(expected_bets):.2f}"
    assert GLUED["longrun_ex_push_decided"] == f"{float(decided):.2f}"


def test_every_exercise_has_a_level_and_a_folded_solution() -> None:
    labels = re.findall(r"```\{exercise\}[^\n]*\n:label: (\S+)\n:class: (basic|core|challenge)", MARKDOWN)
    assert len(labels) >= 6
    assert {level for _, level in labels} == {"basic", "core", "challenge"}
    for label, _ in labels:
        assert f"```{{solution}} {label}\n:class: dropdown" in MARKDOWN
