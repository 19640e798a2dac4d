"""Craps: published house edges, each checked exactly against the library and re-derived by hand.

Source of the published figures: Michael Shackleford, "Craps", The Wizard of Odds
(wizardofodds.com/games/craps/), the house-edge tables of the main page and its appendices.  A published
figure is a rounded percent; the exact fraction beside it is derived by hand in the comment, and the test
checks both that the library gives that fraction and that it rounds to the published percent.
"""

from fractions import Fraction as F

import pytest

from casino_math.bets import (
    house_edge,
    house_edge_per_bet_made,
    house_edge_per_bet_resolved,
    house_edge_per_round,
)
from casino_math.craps import OXFORD, VEGAS, bet
from casino_math.craps.line import expected_rolls_to_decision, p_pass_wins
from casino_math.craps.odds import combined_house_edge
from casino_math.craps.rules import CrapsRules
from casino_math.display import percent

WIZARD = "Wizard of Odds, Craps"

# bet ID, rules, exact edge (derived by hand), published percent, source
HOUSE_EDGES = [
    ("pass", OXFORD, F(7, 495), "1.41%", WIZARD),            # 1 - 2 * 244/495
    ("come", OXFORD, F(7, 495), "1.41%", WIZARD),
    ("dont_pass", OXFORD, F(3, 220), "1.36%", WIZARD),       # 949/1980 - 976/1980, per bet made
    ("dont_come", OXFORD, F(3, 220), "1.36%", WIZARD),
    ("place_6", OXFORD, F(1, 66), "1.52%", WIZARD),          # 5/11 * 7/6 - 6/11
    ("place_8", OXFORD, F(1, 66), "1.52%", WIZARD),
    ("place_5", OXFORD, F(1, 25), "4.00%", WIZARD),          # 2/5 * 7/5 - 3/5
    ("place_9", OXFORD, F(1, 25), "4.00%", WIZARD),
    ("place_4", OXFORD, F(1, 15), "6.67%", WIZARD),          # 1/3 * 9/5 - 2/3
    ("place_10", OXFORD, F(1, 15), "6.67%", WIZARD),
    ("buy_4", OXFORD, F(1, 21), "4.76%", WIZARD),            # commission up front: 1/20 lost per 21/20 put down
    ("buy_5", OXFORD, F(1, 21), "4.76%", WIZARD),
    ("buy_6", OXFORD, F(1, 21), "4.76%", WIZARD),
    ("buy_4", VEGAS, F(1, 60), "1.67%", WIZARD),             # commission on a win only: 1/3 * 39/20 - 2/3
    ("buy_10", VEGAS, F(1, 60), "1.67%", WIZARD),
    ("buy_5", VEGAS, F(1, 50), "2.00%", WIZARD),             # 2/5 * 29/20 - 3/5
    ("buy_6", VEGAS, F(1, 44), "2.27%", WIZARD),             # 5/11 * 23/20 - 6/11
    ("lay_4", OXFORD, F(1, 41), "2.44%", WIZARD),            # 1/40 lost per 41/40 put down
    ("lay_5", OXFORD, F(1, 31), "3.23%", WIZARD),            # 1/30 per 31/30
    ("lay_6", OXFORD, F(1, 25), "4.00%", WIZARD),            # 1/24 per 25/24
    ("lay_4", VEGAS, F(1, 60), "1.67%", WIZARD),             # 2/3 * 19/40 - 1/3
    ("lay_5", VEGAS, F(1, 50), "2.00%", WIZARD),             # 3/5 * 19/30 - 2/5
    ("lay_6", VEGAS, F(1, 44), "2.27%", WIZARD),             # 6/11 * 19/24 - 5/11
    ("hard_4", OXFORD, F(1, 9), "11.11%", WIZARD),           # 1/9 * 7 - 8/9
    ("hard_10", OXFORD, F(1, 9), "11.11%", WIZARD),
    ("hard_6", OXFORD, F(1, 11), "9.09%", WIZARD),           # 1/11 * 9 - 10/11
    ("hard_8", OXFORD, F(1, 11), "9.09%", WIZARD),
    ("field", OXFORD, F(1, 18), "5.56%", WIZARD),            # (14 + 2*2*1) / 36 - 20/36: 2 to 1 on 2 and 12
    ("field", VEGAS, F(1, 36), "2.78%", WIZARD),             # (14 + 2 + 3) / 36 - 20/36: 3 to 1 on the 12
    ("any_7", OXFORD, F(1, 6), "16.67%", WIZARD),            # 6/36 * 4 - 30/36
    ("any_craps", OXFORD, F(1, 9), "11.11%", WIZARD),        # 4/36 * 7 - 32/36
    ("craps_2", OXFORD, F(5, 36), "13.89%", WIZARD),         # 30/36 - 35/36
    ("craps_12", OXFORD, F(5, 36), "13.89%", WIZARD),
    ("craps_3", OXFORD, F(1, 9), "11.11%", WIZARD),          # 2/36 * 15 - 34/36
    ("yo_11", OXFORD, F(1, 9), "11.11%", WIZARD),
    ("horn", OXFORD, F(1, 8), "12.50%", WIZARD),             # (2 * 27/4 + 4 * 3) / 36 - 30/36
    ("horn_high_2", OXFORD, F(23, 180), "12.78%", WIZARD),   # (57 + 26 + 4 * 11) / 180 - 150/180
    ("horn_high_12", OXFORD, F(23, 180), "12.78%", WIZARD),
    ("horn_high_3", OXFORD, F(11, 90), "12.22%", WIZARD),    # (2 * 27 + 2 * 26 + 2 * 11) / 180 - 150/180
    ("horn_high_11", OXFORD, F(11, 90), "12.22%", WIZARD),
    ("world", OXFORD, F(2, 15), "13.33%", WIZARD),           # (2 * 26 + 4 * 11) / 180 - 24/36, the 7 pushes
    ("c_and_e", OXFORD, F(1, 9), "11.11%", WIZARD),          # (4 * 3 + 2 * 7) / 36 - 30/36
    ("three_way_craps", OXFORD, F(7, 54), "12.96%", "derived: (28 + 28 + 2 * 13) / 108 - 96/108"),
    ("high_low_yo", OXFORD, F(7, 54), "12.96%", "derived: (28 + 28 + 2 * 13) / 108 - 96/108"),
]  # fmt: skip


@pytest.mark.parametrize("bet_id, rules, edge, published, source", HOUSE_EDGES)
def test_house_edge_matches_the_published_figure(
        bet_id: str, rules: CrapsRules, edge: F, published: str, source: str) -> None:
    assert house_edge(bet(bet_id, rules)) == edge
    assert percent(edge) == published, source


# Line bets with full odds: the combined edge per total amount bet (Wizard of Odds, Craps, "odds" table).
COMBINED = [
    ("pass", "1x", F(7, 825), "0.848%"),       # 7/495 / (1 + 2/3)
    ("pass", "2x", F(1, 165), "0.606%"),       # 7/495 / (1 + 4/3)
    ("pass", "3x", F(7, 1485), "0.471%"),      # 7/495 / (1 + 2)
    ("pass", "3-4-5x", F(7, 1870), "0.374%"),  # 7/495 / (1 + 25/9)
    ("pass", "5x", F(7, 2145), "0.326%"),      # 7/495 / (1 + 10/3)
    ("pass", "10x", F(7, 3795), "0.184%"),     # 7/495 / (1 + 20/3)
    ("pass", "100x", F(1, 4785), "0.021%"),    # 7/495 / (1 + 200/3)
    ("dont_pass", "1x", F(3, 440), "0.682%"),  # 3/220 / (1 + 1): lay to win 1x
    ("dont_pass", "2x", F(1, 220), "0.455%"),
    ("dont_pass", "3x", F(3, 880), "0.341%"),
    ("dont_pass", "3-4-5x", F(3, 1100), "0.273%"),  # lay 6x on every point: 3/220 / (1 + 4)
    ("dont_pass", "5x", F(1, 440), "0.227%"),
    ("dont_pass", "10x", F(3, 2420), "0.124%"),
    ("dont_pass", "100x", F(3, 22220), "0.014%"),
]  # fmt: skip


@pytest.mark.parametrize("side, policy, edge, published", COMBINED)
def test_combined_edge_with_full_odds(side: str, policy: str, edge: F, published: str) -> None:
    assert combined_house_edge(side, policy) == edge
    assert house_edge(bet(f"{side}_with_odds", OXFORD, policy)) == edge
    assert percent(edge, 3) == published


def test_the_pass_line_figures() -> None:
    assert p_pass_wins() == F(244, 495)
    assert expected_rolls_to_decision() == F(557, 165)                       # "3.376 rolls" (Wizard of Odds)
    assert percent(house_edge_per_round(bet("pass")), 2) == "0.42%"         # per roll (Wizard of Odds)


def test_dont_pass_per_bet_made_and_per_bet_resolved() -> None:
    dont = bet("dont_pass")
    assert house_edge_per_bet_made(dont) == F(3, 220)
    assert house_edge_per_bet_resolved(dont) == F(27, 1925)                 # 3/220 / (35/36)
    assert percent(house_edge_per_bet_resolved(dont), 3) == "1.403%"


# House edge per roll (Wizard of Odds, Craps, "house edge per roll" column).
PER_ROLL = [
    ("place_6", F(1, 216), "0.46%"),     # 1/66 over 36/11 rolls
    ("place_5", F(1, 90), "1.11%"),      # 1/25 over 18/5
    ("place_4", F(1, 60), "1.67%"),      # 1/15 over 4
    ("hard_4", F(1, 36), "2.78%"),       # 1/9 over 4
    ("hard_6", F(1, 36), "2.78%"),       # 1/11 over 36/11
    ("dont_pass", F(9, 2228), "0.40%"),  # 3/220 over 557/165
]  # fmt: skip


@pytest.mark.parametrize("bet_id, edge, published", PER_ROLL)
def test_house_edge_per_roll(bet_id: str, edge: F, published: str) -> None:
    assert house_edge_per_round(bet(bet_id)) == edge
    assert percent(edge) == published
