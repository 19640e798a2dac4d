"""The facts the foundations chapter teaches (and the derivations of the chance chapter), checked with the library
they use or counted independently, the theorems as the chapter states them, and the labels other pages link to."""

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb, erf, prod, sqrt
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from casino_math import Distribution, E, P, bets, craps, roulette
from casino_math.baccarat import Shoe
from casino_math.dice import die, total, two_dice
from casino_math.display import percent
from casino_math.draws import (
    draw_covariance,
    finite_population_correction,
    first_cards,
    hypergeometric,
    variance_of_sum,
)
from casino_math.session import session

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = ROOT / "book" / "foundations.ipynb"
LABELS = ["foundations", "foundations-independence", "foundations-conditional", "foundations-binomial",
          "foundations-geometric", "foundations-chebyshev", "foundations-lln", "foundations-clt",
          "foundations-continuity", "foundations-exercises", "foundations-without-replacement"]

RED = roulette.red()
PASS = craps.bet("pass")
COLOUR = Distribution.uniform(roulette.colour(pocket) for pocket in roulette.RULES["oxford"].wheel)


def first_even(roll: tuple[int, int]) -> bool:
    return roll[0] % 2 == 0


def both(a: Callable[..., Any], b: Callable[..., Any]) -> Callable[..., Any]:
    return lambda outcome: a(outcome) and b(outcome)


def independent(a: Callable[..., Any], b: Callable[..., Any], space: Distribution) -> bool:
    return P(both(a, b), space) == P(a, space) * P(b, space)


def normal_tail(cut: float, mean: float, sd: float) -> float:
    """The normal curve's chance of exceeding ``cut`` (a float, for comparison only)."""
    return (1 - erf((cut - mean) / (sd * sqrt(2)))) / 2


def markdown_of(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("label", LABELS)
def test_the_chapter_defines_each_label_other_pages_link_to(label: str) -> None:
    assert f"({label})=" in markdown_of(CHAPTER)


@pytest.mark.parametrize("event, expected", [
    (lambda roll: total(roll) == 7, True),                              # one face of the second die makes 7
    (lambda roll: total(roll) in {2, 3, 4, 9, 10, 11, 12}, True),       # the field: 8 of its 16 rolls
    (lambda roll: total(roll) == 8, False),                             # a first 1 rules an 8 out
], ids=["seven", "field", "eight"])
def test_which_totals_are_independent_of_an_even_first_die(event: Callable[..., object], expected: bool) -> None:
    assert independent(first_even, event, two_dice()) is expected


def test_the_field_is_not_independent_of_a_double() -> None:
    field = lambda roll: total(roll) in {2, 3, 4, 9, 10, 11, 12}
    double = lambda roll: roll[0] == roll[1]                     
    assert (P(both(field, double), two_dice()), P(field, two_dice()) * P(double, two_dice())) == (
        Fraction(1, 9), Fraction(2, 27))


def spun(colour: str) -> tuple[str, ...]:
    """One spin's colour as a sequence of spins, so that spins add up into longer sequences."""
    return (colour,)


def test_six_spins_multiply_and_the_sixth_ignores_five_reds() -> None:
    six = COLOUR.map(spun).repeated(6)
    assert (len(six), sum(six.values())) == (3**6, 1)
    after_five_reds = six.given(lambda spins: spins[:5] == ("red",) * 5)
    assert P(lambda spins: spins[5] == "red", after_five_reds) == COLOUR["red"] == Fraction(9, 19)


def test_conditional_probability_is_the_share_of_the_condition() -> None:
    above_3 = lambda face: face > 3
    assert die().given(above_3)[6] == P(both(above_3, {6}.__contains__), die()) / P(above_3, die()) == Fraction(1, 3)


def pass_wins(totals: tuple[int, int] | tuple[int]) -> bool:
    return PASS.line(totals) == "win"


def p_pass_wins_given(t: int) -> Fraction:
    return P(pass_wins, PASS.space.given(lambda totals: totals[0] == t))


@pytest.mark.parametrize("point, expected", [(4, Fraction(3, 9)), (5, Fraction(4, 10)), (6, Fraction(5, 11)),
                                             (8, Fraction(5, 11)), (9, Fraction(4, 10)), (10, Fraction(3, 9))])
def test_the_pass_line_after_a_point_is_a_race_with_the_seven(point: int, expected: Fraction) -> None:
    assert p_pass_wins_given(point) == expected


def test_the_law_of_total_probability_gives_the_pass_line() -> None:
    come_out = two_dice().map(total)
    assert sum(come_out[t] * p_pass_wins_given(t) for t in come_out) == bets.p_win(PASS) == Fraction(244, 495)


def test_bayes_a_winning_pass_line_was_won_on_the_come_out() -> None:
    come_out = two_dice().map(total)
    won_at_once = P(lambda totals: len(totals) == 1, PASS.space.given(pass_wins))
    assert won_at_once == come_out.P({7, 11}) / bets.p_win(PASS) == Fraction(55, 122)


def test_pass_line_after_a_point_is_set() -> None:
    points = {4, 5, 6, 8, 9, 10}
    assert P(pass_wins, PASS.space.given(lambda totals: totals[0] in points)) == Fraction(67, 165)


@pytest.mark.parametrize("n", [1, 10, 37])
def test_repeated_red_counts_are_binomial(n: int) -> None:
    p = COLOUR["red"]
    reds = COLOUR.map(lambda c: int(c == "red")).repeated(n)
    assert all(reds[k] == comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))
    assert (E(reds), reds.variance()) == (n * p, n * p * (1 - p))


def test_ahead_after_ten_reds_is_six_or_more_reds() -> None:
    reds = COLOUR.map(lambda c: int(c == "red")).repeated(10)
    assert session(RED, 10).p_ahead() == P(lambda k: k >= 6, reds)


def first_seven(rolls: tuple[bool, ...]) -> int | str:
    return rolls.index(True) + 1 if True in rolls else "later"


def test_the_wait_for_a_seven_is_geometric_and_has_no_memory() -> None:
    is_seven = two_dice().map(lambda roll: total(roll) == 7)
    q = is_seven[False]
    ten = is_seven.map(lambda s: (s,)).repeated(10)
    waits = ten.map(first_seven)
    assert all(waits[t] == q ** (t - 1) * (1 - q) for t in range(1, 11)) and waits["later"] == q**10

    def none_in_first(k: int) -> Callable[..., Any]:
        return lambda rolls: True not in rolls[:k]

    assert P(none_in_first(7), ten.given(none_in_first(3))) == P(none_in_first(4), ten) == q**4


def test_the_pass_line_lasts_557_165_rolls_from_geometric_waits() -> None:
    # Catlin, "The Number of Craps Rolls": a line decision takes 557/165 rolls on average.
    ways = {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}
    assert 1 + sum(Fraction(w, 36) * Fraction(36, w + 6) for w in ways.values()) == PASS.rounds == Fraction(557, 165)


@pytest.mark.parametrize("c", [5, 10, 20, 30, 40])
def test_chebyshev_bounds_every_tail_of_100_red_bets(c: int) -> None:
    s = session(RED, 100)
    mu, var = s.expected_net(), s.variance()
    assert s.P(lambda net: abs(net - mu) >= c) <= var / c**2


def test_the_average_of_red_bets_closes_in_faster_than_chebyshev_promises() -> None:
    epsilon, mu, var = Fraction(1, 10), bets.expected_value(RED), bets.variance(RED)
    sizes = (100, 250, 500, 1000)

    def average_off(n: int) -> Fraction:
        return session(RED, n).P(lambda net: abs(net / n - mu) >= epsilon)

    off = [average_off(n) for n in sizes]
    assert off == sorted(off, reverse=True)
    assert all(p <= var / (n * epsilon**2) for p, n in zip(off, sizes, strict=True))


@pytest.mark.parametrize("n", [10, 100, 1000])
def test_the_continuity_correction_brings_the_normal_curve_closer(n: int) -> None:
    p = COLOUR["red"]
    mean, sd = float(n * p), sqrt(float(n * p * (1 - p)))
    exact = float(session(RED, n).p_ahead())
    assert abs(normal_tail(n / 2 + 0.5, mean, sd) - exact) < abs(normal_tail(n / 2, mean, sd) - exact)


def test_the_corrected_normal_curve_for_100_red_bets_is_within_a_tenth_of_a_point() -> None:
    p = COLOUR["red"]
    corrected = normal_tail(50.5, float(100 * p), sqrt(float(100 * p * (1 - p))))
    assert abs(corrected - float(session(RED, 100).p_ahead())) < 0.001


def test_de_meres_bets() -> None:
    one_six_in_4 = 1 - P(lambda face: face != 6, die()) ** 4
    double_six_in_24 = 1 - P(lambda roll: roll != (6, 6), two_dice()) ** 24
    assert one_six_in_4 == Fraction(671, 1296) and one_six_in_4 > Fraction(1, 2) > double_six_in_24


def test_bayes_a_losing_pass_line_lost_on_the_come_out() -> None:
    come_out = two_dice().map(total)
    lost = lambda totals: PASS.line(totals) == "lose"
    assert P(lost, PASS.space) == 1 - bets.p_win(PASS) == Fraction(251, 495)   # the pass line never pushes
    lost_at_once = P(lambda totals: len(totals) == 1, PASS.space.given(lost))
    assert lost_at_once == come_out.P({2, 3, 12}) / P(lost, PASS.space) == Fraction(55, 251)


# --- the theorems, as the chapters state them ------------------------------------------------------------------

CHANCE = ROOT / "book" / "chance.ipynb"
STATEMENTS = {"thm-exchangeable": "theorem", "prop-hypergeometric": "proposition", "prop-draw-covariance": "proposition",
              "prop-finite-population": "proposition", "lem-chebyshev": "lemma", "thm-lln": "theorem",
              "thm-clt": "theorem"}


def statement_and_what_follows(label: str) -> tuple[str, str]:
    """The prf directive that defines ``label``: its kind, and the text after its closing fence."""
    text = markdown_of(CHAPTER)
    match = re.search(r"```\{prf:(\w+)\}[^\n]*\n:label: " + re.escape(label) + r"\n.*?\n```\n", text, re.DOTALL)
    assert match, f"no prf directive labelled {label} in the chapter"
    return match.group(1), text[match.end():].lstrip("\n")


@pytest.mark.parametrize("label, kind", STATEMENTS.items())
def test_each_result_is_stated_as_a_theorem_and_all_but_the_clt_are_proved(label: str, kind: str) -> None:
    stated_as, after = statement_and_what_follows(label)
    assert stated_as == kind
    # The central limit theorem is cited, not proved; every other statement is followed by its proof.
    assert after.startswith("```{prf:proof}") is (label != "thm-clt")


@pytest.mark.parametrize("label, hypotheses", [
    ("thm-lln", ["**independent**", "**identically distributed**", "**finite variance**"]),
    ("thm-clt", ["**independent**", "**identically distributed**", "**finite variance**", r"\sigma^2 > 0"]),
])
def test_the_limit_theorems_name_their_hypotheses(label: str, hypotheses: list[str]) -> None:
    text = markdown_of(CHAPTER)
    statement = text[text.index(f":label: {label}\n"):]
    statement = statement[:statement.index("```")]
    assert all(h in statement for h in hypotheses)


def test_the_law_of_large_numbers_has_its_proof_exercise_and_every_exercise_a_level() -> None:
    text = markdown_of(CHAPTER)
    assert re.search(r"```\{exercise\} The weak law, proved\n:label: foundations-ex-lln-proof\n:class: core\n"
                     r"1\. Prove \{prf:ref\}`thm-lln` from \{prf:ref\}`lem-chebyshev`", text)


# --- the numbers the chapters glue, read back from the saved notebooks ------------------------------------------

def glued(name: str, path: Path = CHAPTER) -> str:
    """The text a notebook glued under ``name`` (what the reader sees in the prose)."""
    for cell in json.loads(path.read_text())["cells"]:
        for output in cell.get("outputs", []):
            if output.get("metadata", {}).get("scrapbook", {}).get("name") == name:
                text: str = output["data"]["application/papermill.record/text/plain"]
                return text
    raise KeyError(f"{path.name} glues nothing called {name}")


def shoe_cards(decks: int, face: Callable[[str], object] | None = None) -> list[object]:
    """Every card of a shoe of ``decks`` decks, told apart, as its point value (or as ``face(rank)``)."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    value = face or (lambda rank: 0 if rank in ("10", "J", "Q", "K") else 1 if rank == "A" else int(rank))
    return [value(rank) for _ in range(decks) for rank in ranks for _ in range(4)]


def ordered_pairs(cards: list[object], both: Callable[[Any, Any], bool]) -> Fraction:
    """The share of ordered pairs of different cards (first, second) for which ``both`` holds, counted one by one."""
    hits = sum(both(cards[i], cards[j]) for i in range(len(cards)) for j in range(len(cards)) if i != j)
    return Fraction(hits, len(cards) * (len(cards) - 1))


EIGHT_DECKS = shoe_cards(8)


def test_the_eight_deck_shoe_is_416_cards_with_128_ten_value_cards() -> None:
    # Eight 52-card decks; tens, jacks, queens and kings count 0.
    assert (len(EIGHT_DECKS), EIGHT_DECKS.count(0)) == (416, 128)
    assert (glued("found_shoe_size"), glued("found_tens"), glued("found_p_ten")) == ("416", "128", "4/13")


def test_two_ten_value_cards_counted_pair_by_pair() -> None:
    both_tens = ordered_pairs(EIGHT_DECKS, lambda a, b: a == 0 and b == 0)
    assert both_tens == Fraction(508, 5395) and glued("found_both_tens") == "508/5395"
    p = Fraction(128, 416)
    covariance = both_tens - p * p
    assert covariance == Fraction(-36, 70135) == draw_covariance(128, 416)
    assert (glued("found_cov"), glued("found_corr")) == ("-36/70135", "-1/415")
    assert covariance / (p * (1 - p)) == Fraction(-1, 415)


def test_after_a_ten_value_card_the_second_is_one_with_127_in_415() -> None:
    after_ten = ordered_pairs(EIGHT_DECKS, lambda a, b: a == 0 and b == 0) / Fraction(128, 416)
    after_other = ordered_pairs(EIGHT_DECKS, lambda a, b: a != 0 and b == 0) / Fraction(288, 416)
    assert (after_ten, after_other) == (Fraction(127, 415), Fraction(128, 415))
    assert (glued("found_ten_after_ten"), glued("found_ten_after_other")) == ("127/415", "128/415")
    assert glued("found_ex_total_second") == "4/13"


def test_every_position_of_a_small_shoe_has_the_first_cards_law() -> None:
    cards = [0, 0, 0, 9, 9, 5, 5]
    orders = list(itertools.permutations(range(len(cards))))
    first_two = Counter((cards[o[0]], cards[o[1]]) for o in orders)
    for i, j in itertools.permutations(range(len(cards)), 2):
        assert Counter((cards[o[i]], cards[o[j]]) for o in orders) == first_two


def test_first_cards_of_one_deck_against_every_ordered_triple() -> None:
    cards = shoe_cards(1)
    triples = Counter((cards[i], cards[k]) for i, j, k in itertools.permutations(range(len(cards)), 3))
    dealt = first_cards(Shoe.of_decks(1), 3)
    assert dealt.map(lambda c: (c[0], c[2])) == Distribution.from_counts(dict(triples))
    assert dealt.map(lambda c: (c[0], c[2])) == first_cards(Shoe.of_decks(1), 2)


def test_the_hypergeometric_law_against_every_hand_of_four_from_one_deck() -> None:
    cards = shoe_cards(1)
    tens = Counter(sum(cards[i] == 0 for i in hand) for hand in itertools.combinations(range(52), 4))
    assert hypergeometric(16, 52, 4) == Distribution.from_counts(dict(tens))


def falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1))


def hypergeometric_by_sequences(kind: int, population: int, drawn: int, k: int) -> Fraction:
    """P(k of the kind among ``drawn``): C(drawn, k) orders of kind/other, each a product of falling chances."""
    return Fraction(comb(drawn, k) * falling(kind, k) * falling(population - kind, drawn - k),
                    falling(population, drawn))


def test_six_cards_from_the_shoe_against_six_put_back() -> None:
    p = Fraction(128, 416)
    from_shoe = [hypergeometric_by_sequences(128, 416, 6, k) for k in range(7)]
    put_back = [comb(6, k) * p**k * (1 - p) ** (6 - k) for k in range(7)]
    assert glued("found_six_none") == percent(from_shoe[0], 3) and glued("found_six_none_put_back") == percent(put_back[0], 3)
    assert glued("found_six_two") == percent(from_shoe[2], 3) and glued("found_six_two_put_back") == percent(put_back[2], 3)
    assert from_shoe[0] < put_back[0] and from_shoe[2] > put_back[2]


def test_the_finite_population_correction_against_every_hand_of_a_small_shoe() -> None:
    numbers = [0, 0, 0, 1, 2, 3, 5, 5, 8, 9]
    mean = Fraction(sum(numbers), len(numbers))
    sigma2 = Fraction(sum(x * x for x in numbers), len(numbers)) - mean**2
    for n in range(1, len(numbers) + 1):
        totals = [sum(numbers[i] for i in hand) for hand in itertools.combinations(range(len(numbers)), n)]
        variance = Fraction(sum(t * t for t in totals), len(totals)) - Fraction(sum(totals), len(totals)) ** 2
        assert variance == n * sigma2 * Fraction(len(numbers) - n, len(numbers) - 1)
    shoe = Shoe.from_values({0: 3, 1: 1, 2: 1, 3: 1, 5: 2, 8: 1, 9: 1})
    assert all(variance_of_sum(shoe, n, lambda v: v) == n * sigma2 * finite_population_correction(10, n)
               for n in range(1, 11))


def test_ten_value_cards_before_the_cut_card() -> None:
    # 14 cards behind the cut card (the baccarat chapters' assumption) -> None: 402 dealt.
    law = [hypergeometric_by_sequences(128, 416, 402, k) for k in range(403)]
    mean = sum(k * q for k, q in enumerate(law))
    variance = sum(k * k * q for k, q in enumerate(law)) - mean**2
    p = Fraction(128, 416)
    assert (mean, variance) == (402 * p, Fraction(202608, 70135)) == (402 * p, 402 * p * (1 - p) * Fraction(14, 415))
    assert (glued("found_cut_dealt"), glued("found_cut_var"), glued("found_cut_correction")) == (
        "402", "202608/70135", "14/415")
    assert glued("found_cut_var_put_back") == "14472/169"
    # The count among the 14 left is 128 minus the count dealt: the same variance.
    assert variance == hypergeometric(128, 416, 14).variance()
    # E[H(H - 1)] by counting ordered pairs of positions, as the exercise does.
    assert glued("found_ex_factorial_moment") == str(Fraction(402 * 401 * 128 * 127, 416 * 415))


@pytest.mark.parametrize("decks, expected", [(8, "31/415"), (6, "23/311"), (1, "1/17")])
def test_the_players_first_two_cards_pair_counted_card_by_card(decks: int, expected: str) -> None:
    ranks = shoe_cards(decks, face=lambda rank: rank)
    assert str(ordered_pairs(ranks, lambda a, b: a == b)) == expected
    if decks in (8, 6):
        assert glued(f"found_ex_pair_{decks}") == expected
    assert glued("found_pair") == "31/415"


def solution_code(label: str) -> str:
    """The Python of an exercise's solution, as printed in the chapter."""
    text = markdown_of(CHAPTER)
    solution = text[text.index("```{solution} " + label):]
    return solution.split("~~~python\n", 1)[1].split("~~~", 1)[0]


def test_the_simulated_fifth_and_ninth_cards_the_solution_prints() -> None:
    namespace: dict[str, Any] = {"np": np, "Shoe": Shoe}
    exec(solution_code("foundations-ex-simulate-shoe"), namespace)  # noqa: S102  (the chapter's own printed solution)
    low, high, hits = float(namespace["low"]), float(namespace["high"]), int(namespace["hits"])
    assert glued("found_ex_sim_hits") == f"{hits:,}"
    assert glued("found_ex_sim_interval") == f"{low:.5f} to {high:.5f}"
    exact = ordered_pairs(EIGHT_DECKS, lambda a, b: a == 0 and b == 0)    # exchangeability: cards 5 and 9
    assert glued("found_ex_sim_exact_inside") == ("lies inside it" if low <= exact <= high else "lies outside it")
    put_back = Fraction(128, 416) ** 2
    assert glued("found_ex_sim_put_back_inside") == ("lies inside it too" if low <= put_back <= high
                                                      else "lies outside it")


def roulette_net(pockets_won: int, pays: int) -> list[tuple[int, Fraction]]:
    """A one-unit bet on the 38-pocket wheel, as (net, probability) counted pocket by pocket."""
    return [(pays, Fraction(pockets_won, 38)), (-1, Fraction(38 - pockets_won, 38))]


@pytest.mark.parametrize("name, pockets, pays, rho, var", [
    ("red", 18, 1, Fraction(130320, 130321), Fraction(360, 361)),
    ("straight", 1, 35, Fraction(147812040, 130321), Fraction(11988, 361)),
])
def test_berry_esseen_moments_and_bets_needed(name: str, pockets: int, pays: int, rho: Fraction, var: Fraction) -> None:
    law = roulette_net(pockets, pays)
    mu = sum((x * q for x, q in law), Fraction(0))
    assert mu == Fraction(-1, 19)
    assert sum(abs(x - mu) ** 3 * q for x, q in law) == rho and sum((x - mu) ** 2 * q for x, q in law) == var
    assert (glued(f"found_ex_be_{name}_rho"), glued(f"found_ex_be_{name}_var")) == (str(rho), str(var))
    # Shevtsova (2011): C <= 0.4748.  The bound C rho / (sigma^3 sqrt(n)) is at most 1/100 from this n on.
    c = Fraction(4748, 10000)
    n = next(n for n in itertools.count(1) if c**2 * rho**2 * 100**2 <= n * var**3)
    assert glued(f"found_ex_be_{name}_n") == f"{n:,}"


# --- the chance chapter's derivations ---------------------------------------------------------------------------

def test_the_fair_payout_of_a_bet_that_pushes_is_lose_over_win() -> None:
    # high: 5 or 6 wins even money, 4 pushes, 1 to 3 lose.
    win, lose = Fraction(2, 6), Fraction(3, 6)
    assert glued("chance_ex_high_fair", CHANCE) == str(lose / win) == "3/2"
    assert glued("chance_ex_high_odds_against", CHANCE) == str((1 - win) / win) == "2"
    assert glued("chance_ex_high_at_odds_against", CHANCE) == str(win * 2 - lose) == "1/6"   # paid the odds against


@pytest.mark.parametrize("ways, faces, payout, key", [(1, 6, 4, "chance_six_var"), (1, 36, 30, "chance_ex_boxcars_var")])
def test_the_variance_of_a_bet_paying_x_to_1_is_p_q_x_plus_1_squared(
        ways: int, faces: int, payout: int, key: str) -> None:
    nets = [payout] * ways + [-1] * (faces - ways)
    mean = Fraction(sum(nets), faces)
    by_hand = Fraction(sum((x - mean) ** 2 for x in nets), faces)
    p = Fraction(ways, faces)
    assert by_hand == p * (1 - p) * (payout + 1) ** 2 and glued(key, CHANCE) == str(by_hand)


def test_two_bets_on_one_roll_face_by_face() -> None:
    six = {face: 4 if face == 6 else -1 for face in range(1, 7)}
    high = {face: 1 if face >= 5 else 0 if face == 4 else -1 for face in range(1, 7)}
    def mean(f: Callable[[int], int]) -> Fraction:
        return Fraction(sum(f(face) for face in range(1, 7)), 6)

    def total(face: int) -> int:
        return six[face] + high[face]

    covariance = mean(lambda face: six[face] * high[face]) - mean(six.__getitem__) * mean(high.__getitem__)
    variance = mean(lambda face: total(face) ** 2) - mean(total) ** 2
    assert (mean(total), covariance, variance) == (Fraction(-1, 3), Fraction(35, 36), Fraction(56, 9))
    assert (glued("chance_ex_two_mean", CHANCE), glued("chance_ex_two_cov", CHANCE),
            glued("chance_ex_two_var", CHANCE)) == ("-1/3", "35/36", "56/9")


# --- casino_math.draws refuses what it cannot deal ----------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: first_cards(Shoe.of_decks(1), 53),
     "the cards dealt must be a whole number from 0 to 52 (the cards in the shoe), not 53"),
    (lambda: first_cards(Shoe.of_decks(1), -1),
     "the cards dealt must be a whole number from 0 to 52 (the cards in the shoe), not -1"),
    (lambda: hypergeometric(17, 16, 2), "the cards of the kind must be a whole number from 0 to 16 (the cards in all), not 17"),
    (lambda: hypergeometric(4, 52, 60), "the cards drawn must be a whole number from 0 to 52 (the cards in all), not 60"),
    (lambda: draw_covariance(0, 1), "two draws need at least 2 cards, not 1"),
    (lambda: finite_population_correction(1, 1), "the correction needs at least 2 cards, not 1"),
    (lambda: finite_population_correction(52, 2.5),  # type: ignore[arg-type]  # a fraction of a card, on purpose
     "the cards drawn must be a whole number from 0 to 52 (the cards in all), not 2.5"),
])
def test_draws_refuse_bad_input_in_one_line(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        call()
