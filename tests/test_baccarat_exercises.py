"""The numbers in the baccarat chapters' exercise solutions, each derived again here by another route.

A solution's figures are glued from the chapter's code; these tests read what the saved notebook shows the reader and
derive it independently: by counting cards by hand, from the deal counts with bets settled here, from published
figures (with their source), from the review's independent recomputation, or by an identity the figure must satisfy.
"""

import json
import math
import re
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import permutations, product
from pathlib import Path

import pytest

from casino_math.baccarat import Shoe, deal_counts, deals_total, hand_total, play
from casino_math.baccarat.chemin import PLAYER_DRAWS, Cell, best_reply, solve
from casino_math.baccarat.deal import dealt
from casino_math.baccarat.rules import NATURALS, STANDARD_DRAWING, STOOD, DrawingRules
from casino_math.display import decimal, fraction_text, percent

BOOK = Path(__file__).resolve().parents[1] / "book"
EIGHT = Shoe.of_decks(8)
RECORD = "application/papermill.record/text/plain"


@cache
def glued_values(chapter: str) -> dict[str, str]:
    """Every value the chapter glues, as the reader sees it (its text)."""
    cells = json.loads((BOOK / f"{chapter}.ipynb").read_text())["cells"]
    return {out["metadata"]["scrapbook"]["name"]: out["data"][RECORD]
            for cell in cells if cell["cell_type"] == "code" for out in cell.get("outputs", [])
            if "scrapbook" in out.get("metadata", {})}


def glued(chapter: str, name: str) -> str:
    return glued_values(chapter)[name]


def as_fraction(text: str) -> Fraction:
    """A glued percent ("45.846%"), fraction ("9/11") or number ("59,280") as an exact number."""
    text = text.replace(",", "")
    return Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)


# --- settling the main bets from the deal counts, here rather than by casino_math.bets -------------------------

def chances(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> tuple[Fraction, Fraction, Fraction]:
    """P(banker wins), P(player wins), P(tie) for the shoe, from the ordered six-card deal counts."""
    counts, total = deal_counts(shoe, drawing), deals_total(shoe)
    banker, player, tie = (Fraction(sum(n for coup, n in counts.items() if coup.winner == w), total)
                           for w in ("banker", "player", "tie"))
    return banker, player, tie


def main_evs(shoe: Shoe) -> dict[str, Fraction]:
    """The Oxford Casino's banker (19 to 20), player (1 to 1) and tie (8 to 1) bets' expected values per unit."""
    banker, player, tie = chances(shoe)
    return {"banker": Fraction(19, 20) * banker - player, "player": player - banker, "tie": 8 * tie - (1 - tie)}


def dragon_bonus_ev(shoe: Shoe, side: str) -> Fraction:
    """The Dragon Bonus on one side, by the table the chapter uses: natural win 1 to 1, natural tie push, and a win
    without a natural by 9, 8, 7, 6, 5, 4 paying 30, 10, 6, 4, 2, 1 to 1."""
    by_margin = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}
    total, ev = deals_total(shoe), Fraction(0)
    for coup, n in deal_counts(shoe).items():
        if coup.natural and coup.winner == "tie":
            continue
        if coup.winner == side:
            ev += n * (1 if coup.natural else by_margin.get(coup.margin, -1))
        else:
            ev -= n
    return ev / total


def side_evs(shoe: Shoe) -> dict[str, Fraction]:
    """EZ's Dragon 7 (40 to 1) and Panda 8 (25 to 1) expected values per unit."""
    counts, total = deal_counts(shoe), deals_total(shoe)
    dragon = Fraction(sum(n for c, n in counts.items() if c.winner == "banker" and c.banker == 7 and c.banker_cards == 3),
                      total)
    panda = Fraction(sum(n for c, n in counts.items() if c.winner == "player" and c.player == 8 and c.player_cards == 3),
                     total)
    return {"dragon_7": 41 * dragon - 1, "panda_8": 26 * panda - 1}


# --- baccarat ---------------------------------------------------------------------------------------------------

def test_the_coup_by_hand() -> None:
    # player 2 + 1 = 3 draws (0 to 5) the 4: 7; banker 3 + 0 = 3 draws against a third card of 4 (it stands only
    # against an 8) -> None: 3 + 5 = 8, and wins
    assert glued("baccarat", "bac_ex_hand_player") == "7" and glued("baccarat", "bac_ex_hand_banker") == "8"


def test_a_natural_by_counting_every_pair_of_cards() -> None:
    cards = [v for v, n in enumerate(EIGHT.counts) for _ in range(n)]
    totals = {8: 0, 9: 0}
    for i, j in permutations(range(len(cards)), 2):
        total = (cards[i] + cards[j]) % 10
        if total in totals:
            totals[total] += 1
    assert as_fraction(glued("baccarat", "bac_ex_ways_8")) == totals[8]
    assert as_fraction(glued("baccarat", "bac_ex_ways_9")) == totals[9]
    assert as_fraction(glued("baccarat", "bac_ex_ways_two")) == 416 * 415
    p = Fraction(totals[8] + totals[9], 416 * 415)
    assert glued("baccarat", "bac_ex_hand_natural") == fraction_text(p)
    assert glued("baccarat", "bac_ex_natural_independent") == percent(1 - (1 - p) ** 2, 3)
    assert glued("baccarat", "bac_ex_both_independent") == percent(p**2, 3)


def test_a_natural_in_the_coup_by_weighting_every_first_four_values() -> None:
    left_weights = EIGHT.counts
    either = both = 0
    for p1, b1, p2, b2 in product(range(10), repeat=4):
        left, ways = list(left_weights), 1
        for v in (p1, b1, p2, b2):
            ways *= left[v]
            left[v] -= 1
        player, banker = (p1 + p2) % 10 in NATURALS, (b1 + b2) % 10 in NATURALS
        either += ways * (player or banker)
        both += ways * (player and banker)
    four = 416 * 415 * 414 * 413
    assert glued("baccarat", "bac_ex_natural") == percent(Fraction(either, four), 3)
    assert glued("baccarat", "bac_ex_both") == percent(Fraction(both, four), 3)


def test_a_tie_at_ten_to_one_from_the_published_tie_count() -> None:
    p_tie = Fraction(475_627_426_473_216, 416 * 415 * 414 * 413 * 412 * 411)      # Wizard of Odds, eight decks
    assert glued("baccarat", "bac_ex_ten_tie_ev") == percent(11 * p_tie - 1, 3)


def test_the_simulation_s_interval_is_what_its_figures_say_and_holds_the_published_chance() -> None:
    n, wins = as_fraction(glued("baccarat", "bac_ex_sim_n")), as_fraction(glued("baccarat", "bac_ex_sim_wins"))
    estimate = wins / n
    se = math.sqrt(estimate * (1 - estimate) / n)
    assert glued("baccarat", "bac_ex_sim_estimate") == percent(estimate, 3)
    assert abs(as_fraction(glued("baccarat", "bac_ex_sim_se")) - Fraction(se)) <= Fraction(5, 10**6)
    low, high = as_fraction(glued("baccarat", "bac_ex_sim_low")), as_fraction(glued("baccarat", "bac_ex_sim_high"))
    assert abs(low - (estimate - Fraction(1.96) * Fraction(se))) <= Fraction(1, 10**5)
    assert abs(high - (estimate + Fraction(1.96) * Fraction(se))) <= Fraction(1, 10**5)
    published = Fraction("0.458597")         # P(banker wins), eight decks (Thorp)
    assert abs(as_fraction(glued("baccarat", "bac_ex_sim_exact")) - published) < Fraction(1, 10**5)
    assert low < published < high and glued("baccarat", "bac_ex_sim_inside") == "lies inside it"
    assert as_fraction(glued("baccarat", "bac_ex_sim_n_for_tenth")) == math.ceil(estimate * (1 - estimate) * 10**6)


def test_the_simulation_in_the_solution_is_the_code_the_chapter_runs() -> None:
    cells = json.loads((BOOK / "baccarat.ipynb").read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    found = re.search(r"```\{solution\} baccarat-ex-simulate\n.*?~~~python\n(.*?)\n~~~", text, re.DOTALL)
    assert found is not None, "the simulation exercise prints its code"
    shown = found.group(1)
    assert any("".join(c["source"]) == shown for c in cells if c["cell_type"] == "code")


def test_a_banker_with_the_player_s_rule_wins_as_often_as_the_player() -> None:
    # the solution's pairing, dealt card by card from a small shoe: every deal, each equally likely
    symmetric = DrawingRules(banker_draws=frozenset((t, x) for t in range(6) for x in (*range(10), STOOD)))
    cards = [0, 0, 0, 1, 2, 3, 5, 5, 7, 9]
    wins = {"banker": 0, "player": 0, "tie": 0}
    for deal in permutations(cards, 6):
        wins[play(deal, symmetric).winner] += 1
    assert wins["banker"] == wins["player"]
    assert glued("baccarat", "bac_ex_mimic_banker") == glued("baccarat", "bac_ex_mimic_player")
    banker, player, _ = chances(EIGHT, symmetric)
    assert banker == player and glued("baccarat", "bac_ex_mimic_banker") == percent(banker, 4)


def test_six_decks_against_the_published_edges() -> None:
    assert glued("baccarat", "bac_ex_six_banker") == "1.0558%"      # Thorp, six decks
    assert glued("baccarat", "bac_ex_six_player") == "1.2374%"


def test_the_tie_moves_most_between_eight_decks_and_one() -> None:
    tie = {d: -main_evs(Shoe.of_decks(d))["tie"] for d in (1, 8)}
    assert glued("baccarat", "bac_ex_decks_biggest") == "Tie"
    assert glued("baccarat", "bac_ex_decks_biggest_8") == percent(tie[8], 4) == "14.3596%"     # WoO, eight decks
    assert glued("baccarat", "bac_ex_decks_biggest_1") == percent(tie[1], 4)
    assert glued("baccarat", "bac_ex_decks_biggest_points") == decimal((tie[1] - tie[8]) * 100, 2)


# --- baccarat-counting --------------------------------------------------------------------------------------------

def effects_here(shoe: Shoe, bet_id: str) -> dict[int, Fraction]:
    """Each point value's effect of removal on one of the main bets, from the deal counts of the two shoes."""
    full = main_evs(shoe)[bet_id]
    return {v: main_evs(shoe.without(v))[bet_id] - full for v in range(10) if shoe[v]}


def test_the_effect_of_a_4_with_one_deck() -> None:
    one = effects_here(Shoe.of_decks(1), "banker")[4]
    eight = effects_here(EIGHT, "banker")[4]
    assert glued("baccarat-counting", "bacc_ex_eor4_1") == percent(one, 4)
    assert glued("baccarat-counting", "bacc_ex_ratio") == decimal(one / eight, 2)


def test_a_shoe_poor_in_middle_cards_exactly_and_linearly() -> None:
    removed = {5: 8, 6: 8, 7: 8, 8: 8}
    rich = Shoe(tuple(n - removed.get(v, 0) for v, n in enumerate(EIGHT.counts)))
    assert glued("baccarat-counting", "bacc_ex_rich_exact") == percent(main_evs(rich)["player"], 4)
    effects, k = effects_here(EIGHT, "player"), sum(removed.values())
    linear = main_evs(EIGHT)["player"] + Fraction(415, 416 - k) * sum(d * effects[v] for v, d in removed.items())
    assert glued("baccarat-counting", "bacc_ex_rich_linear") == percent(linear, 4)


def test_a_shoe_with_no_3s_and_no_4s() -> None:
    shoe = Shoe(tuple(0 if v in (3, 4) else n for v, n in enumerate(EIGHT.counts)))
    evs = {**main_evs(shoe), **{f"dragon_bonus_{s}": dragon_bonus_ev(shoe, s) for s in ("player", "banker")}}
    for bet_id, ev in evs.items():
        assert glued("baccarat-counting", f"bacc_ex_widget_{bet_id}") == percent(ev, 4)
    assert evs["dragon_bonus_player"] > 0 and evs["dragon_bonus_banker"] > 0
    assert max(evs["banker"], evs["player"], evs["tie"]) < 0


def test_counting_the_tie() -> None:
    effects = effects_here(EIGHT, "tie")
    best = max(effects, key=lambda v: effects[v])
    edge = -main_evs(EIGHT)["tie"]
    assert glued("baccarat-counting", "bacc_ex_tie_best") == str(best)
    assert glued("baccarat-counting", "bacc_ex_tie_eor") == percent(effects[best], 5)
    assert glued("baccarat-counting", "bacc_ex_tie_needed") == decimal(edge / effects[best], 0)
    assert int(glued("baccarat-counting", "bacc_ex_tie_needed")) > EIGHT[best]


def test_the_normal_curve_for_one_deck_against_every_way_the_deck_can_stand() -> None:
    one = Shoe.of_decks(1)
    effects, mean = effects_here(one, "player"), main_evs(one)["player"]
    left = int(glued("baccarat-counting", "bacc_ex_one_left"))
    dealt_cards = 52 - left
    factor = Fraction(51, left)

    scale = math.lcm(*(e.denominator for e in effects.values()))
    steps = {v: int(e * scale) for v, e in effects.items()}         # each effect in whole units of 1/scale

    def stands(values: tuple[int, ...], room: int) -> Iterator[tuple[int, int]]:
        # every way to leave ``room`` cards: the dealt cards' steps, and the ways
        if not values:
            if room == 0:
                yield 0, 1
            return
        v, rest = values[0], values[1:]
        for kept in range(max(0, room - sum(one[u] for u in rest)), min(one[v], room) + 1):
            for total, ways in stands(rest, room - kept):
                yield total + (one[v] - kept) * steps[v], ways * math.comb(one[v], kept)

    positive = positive_steps = 0
    threshold = math.floor(-mean * scale / factor)       # the estimate is positive when the steps add up to more
    for dealt_steps, ways in stands(tuple(range(10)), left):
        if dealt_steps > threshold:
            positive += ways
            positive_steps += ways * dealt_steps
    gain = mean * positive + factor * Fraction(positive_steps, scale)
    total = math.comb(52, dealt_cards)
    assert glued("baccarat-counting", "bacc_ex_one_exact_fav") == percent(Fraction(positive, total), 3)
    assert glued("baccarat-counting", "bacc_ex_one_exact_gain") == percent(gain / total, 5)
    # the normal curve, from the error function
    sigma2 = sum(one[v] * e * e for v, e in effects.items()) / 52
    s = math.sqrt(51 * dealt_cards / left * sigma2)
    z = float(mean) / s
    fav = 0.5 * (1 + math.erf(z / math.sqrt(2)))
    normal_gain = float(mean) * fav + s * math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    assert abs(float(as_fraction(glued("baccarat-counting", "bacc_ex_one_normal_fav"))) - fav) < 5e-6
    assert abs(float(as_fraction(glued("baccarat-counting", "bacc_ex_one_normal_gain"))) - normal_gain) < 5e-8
    assert glued("baccarat-counting", "bacc_ex_one_z") == f"{-z:.1f}"


# --- baccarat-variants --------------------------------------------------------------------------------------------

def test_the_ez_banker_by_hand_is_the_published_edge() -> None:
    assert glued("baccarat-variants", "var_ex_ez_by_hand") == "-1.0183%"        # Wizard of Odds, EZ Baccarat


def test_a_fair_dragon_7_from_the_published_edge() -> None:
    # EV = 41 p - 1 = -edge, so p = (1 - edge)/41 and the fair payout (1 - p)/p = 41/(1 - edge) - 1
    edge = Fraction("0.076113")              # Wizard of Odds, eight decks
    assert glued("baccarat-variants", "var_dragon_fair") == decimal(41 / (1 - edge) - 1, 2)


def test_pairs_from_one_deck_by_counting_cards() -> None:
    deck = [(rank, suit) for rank in range(13) for suit in range(4)]
    pairs = sum(a[0] == b[0] for a, b in permutations(deck, 2))
    p = Fraction(pairs, 52 * 51)
    assert glued("baccarat-variants", "var_ex_pp_one") == fraction_text(p) == "1/17"
    assert glued("baccarat-variants", "var_ex_pp_one_edge") == percent(1 - 12 * p, 2)
    assert glued("baccarat-variants", "var_ex_perfect_one_edge") == "100%"       # no card twice in one deck


def panda_after(cards_dealt: tuple[int, ...]) -> tuple[Fraction, int]:
    """The Panda 8's edge over one deck after the point values ``cards_dealt`` leave it, with the ways to deal them."""
    left, ways = list(Shoe.of_decks(1).counts), 1
    for v in cards_dealt:
        ways *= left[v]
        left[v] -= 1
    return (side_evs(Shoe(tuple(left)))["panda_8"] if ways else Fraction(0)), ways


def test_the_lemma_for_the_panda_8_over_every_two_cards() -> None:
    edges = [panda_after(two) for two in product(range(10), repeat=2)]
    mean = sum((e * w for e, w in edges), Fraction(0)) / (52 * 51)
    assert glued("baccarat-variants", "var_ex_theorem_panda") == fraction_text(mean)
    assert glued("baccarat-variants", "var_ex_theorem_panda_full") == fraction_text(side_evs(Shoe.of_decks(1))["panda_8"])
    assert mean == side_evs(Shoe.of_decks(1))["panda_8"]


def test_the_theorem_for_the_panda_8_over_every_three_cards() -> None:
    gains = []
    for k in range(4):
        edges = [panda_after(cards) for cards in product(range(10), repeat=k)]
        gains.append(sum((max(e, Fraction(0)) * w for e, w in edges), Fraction(0)) / math.perm(52, k))
    assert glued("baccarat-variants", "var_ex_panda_gains") == ", ".join(percent(g, 5) for g in gains)
    assert gains == sorted(gains) and gains[2] == 0 < gains[3]


def test_no_8s_makes_the_dragon_7_favourable_and_leaves_the_banker_losing() -> None:
    shoe = Shoe(tuple(0 if v == 8 else n for v, n in enumerate(EIGHT.counts)))
    banker, player, _ = chances(shoe)
    ez_banker = side_evs(shoe)["dragon_7"]          # P(banker wins with a three-card 7) is (EV + 1)/41
    ez_banker_ev = banker - (ez_banker + 1) / 41 - player     # EZ: a three-card 7 pushes, otherwise even money
    assert glued("baccarat-variants", "var_ex_no8_dragon") == percent(side_evs(shoe)["dragon_7"], 3)
    assert glued("baccarat-variants", "var_ex_no8_banker") == percent(ez_banker_ev, 3)
    assert side_evs(shoe)["panda_8"] < 0 and player - banker < 0
    assert "Dragon 7" in glued("baccarat-variants", "var_ex_no8_good")


def test_what_the_counter_is_worth_is_a_hundred_times_the_gain_per_shoe() -> None:
    dollars = as_fraction(glued("baccarat-variants", "var_ex_dollars_perfect"))
    units = as_fraction(glued("baccarat-variants", "var_gain_perfect_pair"))
    assert abs(dollars - 100 * units) <= 1


# --- chemin de fer ------------------------------------------------------------------------------------------------

def banker_gain(shoe: Shoe, player_draws_on_5: bool, chart: frozenset[Cell]) -> Fraction:
    """The banker's expected gain per coup for a chart and a pure player strategy, from the punto banco enumeration."""
    sign = {"banker": 1, "player": -1, "tie": 0}
    deals = dealt(shoe, DrawingRules(player_draws=PLAYER_DRAWS[player_draws_on_5], banker_draws=frozenset(chart)))
    return Fraction(sum(sign[coup.winner] * n for coup, n in deals.counts), deals_total(shoe))


def two_by_two(shoe: Shoe) -> tuple[Fraction, Fraction, Fraction, frozenset[Cell]]:
    """The 2 x 2 game from four punto banco enumerations (not the cell sums), solved by making each side indifferent:
    (q, the banker's probability of drawing in the mixed cell, the value)."""
    q_star = solve(shoe).player_draws_on_5
    left, right = best_reply(shoe, q_star - Fraction(1, 10**6)), best_reply(shoe, q_star + Fraction(1, 10**6))
    (a, b), (c, d) = [[banker_gain(shoe, draw, chart) for chart in (left, right)] for draw in (True, False)]
    q = (d - c) / ((a - b) + (d - c))
    r = (c - a) / ((b - a) + (c - d))
    return q, r, q * a + (1 - q) * c, left ^ right


@pytest.mark.parametrize("decks, q, mix, value, cell", [
    (1, "chemin_ex_q1", "chemin_ex_mix1", "chemin_ex_value1", "chemin_ex_cell1"),
    (6, "chemin_ex_six_q", "chemin_ex_six_mix", "chemin_ex_six_value", "chemin_ex_six_cell"),
])
def test_the_one_and_six_deck_solutions_from_the_punto_banco_enumeration(
        decks: int, q: str, mix: str, value: str, cell: str) -> None:
    q_here, r, v, mixed = two_by_two(Shoe.of_decks(decks))
    shown_q = glued("chemin-de-fer", q)
    assert shown_q == (fraction_text(q_here) if "/" in shown_q else decimal(q_here, 4))
    assert glued("chemin-de-fer", mix) == decimal(r, 4)
    assert glued("chemin-de-fer", value) == percent(v, 4)
    assert mixed == {(6, STOOD)} and glued("chemin-de-fer", cell) == "banker 6, player stood"


def test_the_price_of_a_pure_strategy() -> None:
    _, _, value, _ = two_by_two(EIGHT)
    for q, name in ((1, "chemin_ex_cost_draw"), (0, "chemin_ex_cost_stand")):
        best = banker_gain(EIGHT, bool(q), best_reply(EIGHT, q))
        assert glued("chemin-de-fer", name) == percent(best - value, 4)


def test_a_banker_7_never_gains_by_drawing() -> None:
    for draws_on_5 in (True, False):
        chart = STANDARD_DRAWING.banker_draws
        base = banker_gain(EIGHT, draws_on_5, chart)
        assert all(banker_gain(EIGHT, draws_on_5, chart | {(7, x)}) <= base for x in (*range(10), STOOD))
    assert glued("chemin-de-fer", "chemin_ex_row7_draws") == "0"


def test_kemeny_and_snell_s_banker_6_by_hand() -> None:
    # two-card totals with replacement: 6 and 7 each in 16 of 169, so a player who stood holds either equally often;
    # standing ties a 6 and loses to a 7; drawing y: against a 6, +3 -6 of 13; against a 7, +2 -10 of 13
    assert glued("chemin-de-fer", "chemin_ex_ks_stand") == fraction_text(Fraction(0 - 1, 2))
    assert glued("chemin-de-fer", "chemin_ex_ks_draw") == fraction_text((Fraction(3 - 6, 13) + Fraction(2 - 10, 13)) / 2)
    weights = [4] + [1] * 9
    sixes = sum(weights[a] * weights[b] for a in range(10) for b in range(10) if hand_total([a, b]) == 6)
    sevens = sum(weights[a] * weights[b] for a in range(10) for b in range(10) if hand_total([a, b]) == 7)
    assert sixes == sevens == 16


def test_kemeny_and_snell_s_two_by_two_game_gives_the_review_s_solution() -> None:
    # Recomputed independently for the review of 2026-12-01: q = 9/11, the banker draws with 859/2288 in
    # (6, stood), and the value is 679568/53094899.  Solved here from the glued matrix entries alone.
    a, b, c, d = (as_fraction(glued("chemin-de-fer", f"chemin_ex_ks_{k}")) / 13**6 for k in ("dl", "dr", "sl", "sr"))
    q = (d - c) / ((a - b) + (d - c))
    r = (c - a) / ((b - a) + (c - d))
    assert q == Fraction(9, 11) and r == Fraction(859, 2288) and q * a + (1 - q) * c == Fraction(679568, 53094899)
    assert glued("chemin-de-fer", "chemin_ex_ks_q") == "9/11"
    assert glued("chemin-de-fer", "chemin_ex_ks_mix") == "859/2288"
    assert glued("chemin-de-fer", "chemin_ex_ks_value") == "679568/53094899"
    assert b > a and c > d                   # no saddle point in pure strategies


def test_what_punto_banco_s_chart_guarantees_with_six_decks() -> None:
    six, chart = Shoe.of_decks(6), STANDARD_DRAWING.banker_draws
    draw, stand = banker_gain(six, True, chart), banker_gain(six, False, chart)
    assert glued("chemin-de-fer", "chemin_ex_six_chart_draw") == percent(draw, 4) == "1.2374%"   # Thorp: player edge
    assert glued("chemin-de-fer", "chemin_ex_six_chart_stand") == percent(stand, 4)
    assert glued("chemin-de-fer", "chemin_ex_six_guarantee") == percent(min(draw, stand), 4)
    _, _, value, _ = two_by_two(six)
    assert min(draw, stand) < value and glued("chemin-de-fer", "chemin_ex_six_value_4") == percent(value, 4)
    low = as_fraction(glued("chemin-de-fer", "chemin_ex_six_low"))
    assert best_reply(six, low + Fraction(1, 10**3)) == chart != best_reply(six, low - Fraction(1, 10**3))
