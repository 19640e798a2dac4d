"""The craps chapters' exercises: every number a solution shows, derived again here from the 36 rolls.

A solution's figures are glued from the chapter's code; the saved notebook holds each one as the text the reader
sees.  Each is recomputed below from the ways to roll each total and the formulas the solutions derive, with no
call to the library's bets, and compared with what the chapter shows.  The simulation exercise is run again from
the code its solution prints.
"""

import json
import re
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from casino_math.display import decimal, percent

BOOK = Path(__file__).resolve().parents[1] / "book"
WAYS = {n: 6 - abs(n - 7) for n in range(2, 13)}
POINTS = (4, 5, 6, 8, 9, 10)


def p(n: int) -> F:
    return F(WAYS[n], 36)


def race(a: int, b: int = 7) -> F:
    """P(a before b): a's share of the rolls that end the wait."""
    return F(WAYS[a], WAYS[a] + WAYS[b])


def glued(chapter: str) -> dict[str, str]:
    """Every value the chapter glues, as the text the page shows."""
    cells = json.loads((BOOK / f"{chapter}.ipynb").read_text())["cells"]
    values = {}
    for cell in cells:
        for output in cell.get("outputs", []):
            name = output.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                values[name] = output["data"]["application/papermill.record/text/plain"]
    return values


def markdown(chapter: str) -> str:
    cells = json.loads((BOOK / f"{chapter}.ipynb").read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def solutions_use(chapter: str) -> set[str]:
    """The glue keys the chapter's exercise solutions show."""
    text = markdown(chapter).split("## Exercises", 1)[1].split("## Summary", 1)[0]
    return set(re.findall(r"\{glue:\}`([^`]+)`", text))


def pct(q: F) -> str:
    return percent(q, 3)


#: A state of the shooter's hand: "c" on a come-out roll, or a point by its ways (3, 4 or 5).
State = int | str

# --- the line bets and the shooter's hand ---------------------------------------------------------------------

PASS_WINS = p(7) + p(11) + sum((p(q) * race(q) for q in POINTS), F(0))
PASS_EDGE = 1 - 2 * PASS_WINS
ROLLS = 1 + sum((p(q) * F(36, WAYS[q] + 6) for q in POINTS), F(0))
SEVEN_OUT = sum((p(q) * race(7, q) for q in POINTS), F(0))


def hand_chain() -> tuple[list[State], dict[tuple[State, State], F]]:
    """The shooter's hand, its points lumped by their ways (4 and 10 alike): moves among come-out and 3, 4, 5 ways."""
    states: list[State] = ["c", 3, 4, 5]
    move: dict[tuple[State, State], F] = {("c", "c"): p(2) + p(3) + p(7) + p(11) + p(12)}
    for w in (3, 4, 5):
        move["c", w] = 2 * F(w, 36)
        move[w, "c"] = F(w, 36)
        move[w, w] = 1 - F(w + 6, 36)
    return states, move


def hand_tail(n: int) -> F:
    """P(L >= n), one roll at a time over the lumped chain."""
    states, move = hand_chain()
    at = {s: F(int(s == "c")) for s in states}
    for _ in range(n - 1):
        at = {t: sum((at[s] * move.get((s, t), 0) for s in states), F(0)) for t in states}
    return sum(at.values(), F(0))


def hand_moments() -> tuple[F, F]:
    """E[L] and E[L^2] from the come-out: first-step equations m = 1 + Q m and s = 1 + 2 Q m + Q s, solved exactly."""
    import sympy as sp

    states, move = hand_chain()
    Q = sp.Matrix(4, 4, lambda i, j: sp.Rational(move.get((states[i], states[j]), 0)))
    one = sp.ones(4, 1)
    m = (sp.eye(4) - Q).solve(one)
    s = (sp.eye(4) - Q).solve(one + 2 * Q * m)
    return F(str(m[0])), F(str(s[0]))


def line_expected() -> dict[str, object]:
    mean, second = hand_moments()
    variance = second - mean**2
    sd = F(round(float(variance) ** 0.5 * 100), 100)
    bylaw = ROLLS / (1 - PASS_WINS)
    tails = [hand_tail(n) for n in range(1, 12)]
    median = next(n for n in range(1, 11) if 1 - tails[n] >= F(1, 2))      # P(L <= n) = 1 - P(L >= n + 1)
    record = hand_tail(154)
    twice = -(-2 * mean // 1)                                   # the fewest whole rolls at least twice the mean
    return {
        "crapsline_ex_waiting": sum(p(q) * (1 - F(WAYS[q] + 6, 36)) ** 3 for q in POINTS),
        "crapsline_ex_given_point": sum(F(WAYS[q], 24) * race(q) for q in POINTS),
        "crapsline_ex_given_come_out": F(8, 12),
        "crapsline_ex_nat_ways": 8, "crapsline_ex_craps_ways": 4,
        "crapsline_ex_ways5": 4, "crapsline_ways7": 6, "crapsline_ex_race5": F(2, 5),
        "crapsline_ex_worst": "4 and 10", "crapsline_ex_worst_race": F(1, 3),
        "crapsline_ex_wait6": F(36, 11), "crapsline_ex_wait6_dec": "3.27", "crapsline_ex_ways6_or_7": 11,
        "crapsline_race4": F(1, 3),
        "crapsline_ex_points_share": sum(p(q) * race(q) for q in POINTS), "crapsline_p_natural": F(2, 9),
        "crapsline_p_pass": PASS_WINS, "crapsline_p_pass_lose": 1 - PASS_WINS,
        "crapsline_pass_edge": PASS_EDGE,
        "crapsline_ex_bar2": p(2) - PASS_EDGE, "crapsline_ex_bar3": p(3) - PASS_EDGE,
        "crapsline_ex_bar3_pct": pct(p(3) - PASS_EDGE),
        "crapsline_seven_out": SEVEN_OUT, "crapsline_rolls": ROLLS,
        "crapsline_hand_mean": mean, "crapsline_hand_mean_dec": decimal(mean, 3),
        "crapsline_ex_decisions": 1 / SEVEN_OUT,
        "crapsline_ex_bylaw_mean": bylaw, "crapsline_ex_bylaw_share": bylaw / mean,
        "crapsline_ex_var": variance, "crapsline_ex_sd": decimal(sd, 2),
        "crapsline_end_in_two": F(24, 36) * p(7), "crapsline_p7": p(7),
        "crapsline_hand_median": median,
        "crapsline_record_one_in": f"{round(1 / record):,}",
        "crapsline_record_digits": len(str(record.denominator)),
        "crapsline_ex_twice_rolls": twice, "crapsline_ex_twice_pct": percent(hand_tail(twice), 1),
    }


def odds_expected() -> dict[str, object]:
    edge5 = PASS_EDGE / (1 + F(2, 3) * 5)
    made = {1 + odds * F(6, WAYS[q]) for q, odds in {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}.items()}
    nets: dict[F, F] = {F(1): p(7) + p(11), F(-1): p(2) + p(3) + p(12)}
    for q, odds in {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}.items():
        nets[1 + odds * F(6, WAYS[q])] = nets.get(1 + odds * F(6, WAYS[q]), 0) + p(q) * race(q)
        nets[F(-1 - odds)] = nets.get(F(-1 - odds), F(0)) + p(q) * race(7, q)
    variance = sum(x * x * w for x, w in nets.items()) - PASS_EDGE**2
    place = {n: (6 - WAYS[n] * x) / F(WAYS[n] + 6) for n, x in ((4, F(9, 5)), (5, F(7, 5)), (6, F(7, 6)), (9, F(7, 5)))}
    return {
        "crapsodds_ex_p_point": F(2, 3), "crapsodds_ex_avg5": F(10, 3),
        "crapsodds_ex_edge5": edge5, "crapsodds_ex_edge5_pct": pct(edge5), "crapsodds_pass_edge": PASS_EDGE,
        "crapsodds_ex_125": "1.25", "crapsodds_ex_25": F(1, 26), "crapsodds_ex_25_pct": pct(F(1, 26)),
        "crapsodds_ex_20": F(1, 21), "crapsodds_ex_20_pct": pct(F(1, 21)),
        "crapsodds_ex_fair8": F(6, 5), "crapsodds_ex_short8": F(6, 5) - F(7, 6),
        "crapsodds_place6_p": race(8), "crapsodds_place6_edge": place[6],
        "crapsodds_ex_place4": place[4], "crapsodds_ex_place5": place[5], "crapsodds_ex_place6": place[6],
        "crapsodds_ex_widget_none": pct(PASS_EDGE),
        "crapsodds_ex_widget_2x": pct(PASS_EDGE / (1 + F(2, 3) * 2)),
        "crapsodds_ex_widget_100x": pct(PASS_EDGE / (1 + F(2, 3) * 100)),
        "crapsodds_ex_place9_pct": pct(place[9]),
        "crapsodds_ex_buy9_front_pct": pct(F(5, 100) / (1 + F(5, 100))),
        "crapsodds_ex_buy9_win_pct": pct(F(5, 100) * race(9)), "crapsodds_ex_p9": race(9),
        "crapsodds_ex_p_natural": F(2, 9), "crapsodds_ex_p_craps": F(1, 9),
        "crapsodds_ex_swing_made": made.pop() if len(made) == 1 else made,
        "crapsodds_ex_p_made": sum(p(q) * race(q) for q in POINTS),
        "crapsodds_ex_swing_var": variance,
        "crapsodds_ex_swing_sd": decimal(F(round(float(variance) ** 0.5 * 100), 100), 2),
        "crapsodds_ex_pass_sd": "1.00",
    }


def one_roll_edge(wins: list[int], pays: int) -> F:
    """The house edge of a one-unit bet that wins ``pays`` on the totals ``wins`` and loses 1 otherwise."""
    ways = sum(WAYS[n] for n in wins)
    return F(36 - ways - ways * pays, 36)


def props_expected() -> dict[str, object]:
    edges = {"2": one_roll_edge([2], 30), "3": one_roll_edge([3], 15), "11": one_roll_edge([11], 15),
             "12": one_roll_edge([12], 30), "craps": one_roll_edge([2, 3, 12], 7)}
    x2 = {n: (30 if n == 2 else -1) for n in WAYS}
    x3 = {n: (15 if n == 3 else -1) for n in WAYS}
    mean = {k: sum(WAYS[n] * x[n] for n in WAYS) / F(36) for k, x in (("2", x2), ("3", x3))}
    cov = sum(WAYS[n] * x2[n] * x3[n] for n in WAYS) / F(36) - mean["2"] * mean["3"]
    horn = {n: F({2: 27, 12: 27, 3: 12, 11: 12}.get(n, -4), 4) for n in WAYS}
    horn_mean = sum(WAYS[n] * horn[n] for n in WAYS) / F(36)
    horn_var = sum(WAYS[n] * horn[n] ** 2 for n in WAYS) / F(36) - horn_mean**2

    def var(n: int, pays: int) -> F:
        mean = (WAYS[n] * pays - (36 - WAYS[n])) / F(36)
        return (WAYS[n] * pays**2 + (36 - WAYS[n])) / F(36) - mean**2

    apart = (var(2, 30) + var(3, 15) + var(11, 15) + var(12, 30)) / 16
    return {
        "crapsprops_any7_edge": one_roll_edge([7], 4), "crapsprops_any7_fair": "5 to 1",
        "crapsprops_ex_fair_field_wins": 3 + 3 + 14, "crapsprops_field_loses": 20,
        "crapsprops_ex_fair_field_edge": 0,
        "crapsprops_hard4_edge": F(8 - 7, 9), "crapsprops_hard6_edge": F(10 - 9, 11),
        "crapsprops_ex_hh12": "12: 57 to 5; 2: 26 to 5; 3 or 11: 11 to 5",
        "crapsprops_ex_hh12_edge": (edges["2"] + edges["3"] + edges["11"] + 2 * edges["12"]) / 5,
        "crapsprops_ex_hh12_edge_pct": pct((edges["2"] + edges["3"] + edges["11"] + 2 * edges["12"]) / 5),
        "crapsprops_ex_ce": "11: 7 to 1; 2, 3 or 12: 3 to 1",
        "crapsprops_ex_ce_edge": (edges["craps"] + edges["11"]) / 2,
        "crapsprops_ex_anycraps_edge": edges["craps"], "crapsprops_ex_yo_edge": edges["11"],
        "crapsprops_ex_hard8_p": F(1, 11), "crapsprops_ex_hard8_rolls": F(36, 11),
        "crapsprops_field_edge": F(20 - 14 - 2 * 2, 36), "crapsprops_field3_edge": F(20 - 14 - 2 - 3, 36),
        "crapsprops_ex_field_gain": p(12), "crapsprops_ex_moved": "field",
        "crapsprops_horn_2_odds": "27 to 4", "crapsprops_horn_3": "3 to 1",
        "crapsprops_ex_horn_var": horn_var, "crapsprops_ex_apart_var": apart, "crapsprops_ex_cov_2_3": cov,
    }


def compare_expected() -> dict[str, object]:
    dont_wins = p(2) + p(3) + sum(p(q) * race(7, q) for q in POINTS)
    dont_edge = PASS_WINS - dont_wins                      # it loses when Pass wins; the 12 pushes
    crapless_points = [n for n in WAYS if n != 7]
    crapless_p = p(7) + sum(p(q) * race(q) for q in crapless_points)
    crapless_rolls = 1 + sum((p(q) * F(36, WAYS[q] + 6) for q in crapless_points), F(0))
    crapless_seven_out = sum((p(q) * race(7, q) for q in crapless_points), F(0))
    crapless_mean = crapless_rolls / crapless_seven_out
    return {
        "crapscompare_ex_best_oxford": "dont_pass and dont_come", "crapscompare_ex_best_oxford_pct": pct(dont_edge),
        "crapscompare_ex_best_vegas": "dont_pass and dont_come", "crapscompare_ex_best_vegas_pct": pct(dont_edge),
        "crapscompare_ex_lay4_vegas": pct(F(1, 40) * F(2, 3)),
        "crapscompare_ex_q_field": pct(F(1, 18)), "crapscompare_ex_q_field3": pct(F(1, 36)),
        "crapscompare_ex_q_gain": p(12),
        "crapscompare_ex_buy4_vegas": F(5, 100) * F(1, 3),
        "crapscompare_ex_n_on_win": 12,
        "crapscompare_ex_buy4_up_front": pct(F(1, 21)), "crapscompare_ex_buy4_on_win": pct(F(1, 60)),
        "crapscompare_ex_lay4_c5": F(1, 40), "crapscompare_ex_lay4_c4": F(1, 50),
        "crapscompare_ex_lay4_5": pct(F(1, 41)), "crapscompare_ex_lay4_4": pct(F(1, 51)),
        "crapscompare_ex_q_buy4": F(1, 3), "crapscompare_ex_q_lay4": F(2, 3),
        "crapscompare_ex_c_buy4": "200%", "crapscompare_ex_c_lay4": "100%",
        "crapscompare_ex_field_even": 14, "crapscompare_ex_field_lose": 20, "crapscompare_ex_field_sum": 6,
        "crapscompare_ex_field_pairs": "1 and 5, 2 and 4, 3 and 3, 4 and 2, 5 and 1",
        "crapscompare_ex_crapless_natural": p(7),
        "crapscompare_ex_crapless_race2": race(2), "crapscompare_ex_crapless_race3": race(3),
        "crapscompare_ex_crapless_p": crapless_p,
        "crapscompare_ex_crapless_edge": 1 - 2 * crapless_p,
        "crapscompare_ex_crapless_edge_pct": pct(1 - 2 * crapless_p), "crapscompare_ex_pass_pct": pct(PASS_EDGE),
        "crapscompare_ex_crapless_mean": crapless_mean,
        "crapscompare_ex_crapless_mean_dec": decimal(crapless_mean, 3),
        "crapscompare_ex_mean_dec": decimal(ROLLS / SEVEN_OUT, 3),
        "crapscompare_ex_crapless_seven_out": crapless_seven_out, "crapscompare_ex_seven_out": SEVEN_OUT,
    }


CHAPTERS = {"craps-line": line_expected, "craps-odds": odds_expected, "craps-props": props_expected,
            "craps-compare": compare_expected}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_figure_a_solution_shows_is_derived_again(chapter: str) -> None:
    shown = glued(chapter)
    expected = CHAPTERS[chapter]()
    for name, value in expected.items():
        assert shown[name] == str(value), f"{chapter}: {name} shows {shown[name]!r}, derived {value!r}"


# Figures a solution shows that are not recomputed above: simulated ones (checked next), and counts of the library's
# own tables (the explorer's rows, the bets a rule moves), which the chapters assert in their code.
UNCHECKED = {"crapsline_ex_sim_wins", "crapsline_ex_sim_share", "crapsline_ex_sim_se", "crapsline_ex_sim_low",
             "crapsline_ex_sim_high", "crapsline_ex_sim_exact", "crapsline_ex_sim_inside"}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_solution_figure_goes_unchecked(chapter: str) -> None:
    missing = solutions_use(chapter) - set(CHAPTERS[chapter]()) - UNCHECKED
    assert not missing, f"{chapter}: derive these here too: {sorted(missing)}"


def test_the_simulation_solution_shows_the_run_of_the_code_it_prints() -> None:
    text = markdown("craps-line")
    found = re.search(r"~~~python\n(.*?)~~~", text.split("craps-line-ex-simulate", 2)[2], re.DOTALL)
    assert found is not None, "the simulation solution prints its code"
    code = found.group(1)
    run: dict[str, Any] = {}
    exec(code, run)  # noqa: S102  (the book's own solution, as printed: 100,000 bets)
    shown = glued("craps-line")
    n = run["n_bets"]
    assert shown["crapsline_ex_sim_wins"] == f"{run['wins']:,}"
    share = F(run["wins"], n)
    assert shown["crapsline_ex_sim_share"] == decimal(share, 4)
    # The standard error the solution reports is the binomial one, sqrt(p (1 - p) / n), within rounding of the value
    # at the exact chance (the estimate is that close to the truth).
    exact_se = (float(PASS_WINS) * (1 - float(PASS_WINS)) / n) ** 0.5
    assert abs(float(shown["crapsline_ex_sim_se"]) - exact_se) < 0.00006
    low, high = float(shown["crapsline_ex_sim_low"]), float(shown["crapsline_ex_sim_high"])
    assert abs((high - low) - 2 * 1.96 * exact_se) < 0.0002
    inside = low <= float(PASS_WINS) <= high
    assert shown["crapsline_ex_sim_inside"] == ("lies inside it" if inside else "lies outside it")
    assert shown["crapsline_ex_sim_exact"] == decimal(PASS_WINS, 4)
