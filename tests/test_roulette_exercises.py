"""The roulette chapters' propositions and exercise answers, derived again without the library's arithmetic.

Every figure an exercise's solution glues is read back from the chapter's saved outputs and compared with a
derivation that uses none of ``casino_math``'s probability code: a wheel written out here as 38 pocket names, bets
settled pocket by pocket, and the law of a session built by convolving one spin's pocket counts with itself (whole
numbers of ways, over 38 to the power of the spins).  Only the display functions, which turn an exact number into
the text the book prints, are the library's.  The propositions are checked as identities over many cases.
"""

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from math import comb, isqrt
from pathlib import Path
from typing import Any

import pytest
import sympy
from saved import glued

from casino_math import display, roulette
from casino_math.roulette import legal_bets

ROOT = Path(__file__).resolve().parents[1]
ROULETTE = ROOT / "book" / "roulette.ipynb"
VARIANCE = ROOT / "book" / "roulette-variance.ipynb"

# The double-zero wheel, written out: 0, 00 and the numbers 1 to 36, every pocket equally likely.
NUMBERS = [str(n) for n in range(1, 37)]
DOUBLE_ZERO = ["0", "00", *NUMBERS]
SINGLE_ZERO = ["0", *NUMBERS]
# Red by the rule the chapter states: odd numbers are red from 1 to 10 and 19 to 28, even ones from 11 to 18 and
# from 29 to 36.
RED = {str(n) for n in range(1, 37) if (n % 2 == 1) == (n <= 10 or 19 <= n <= 28)}
TOP_LINE = {"0", "00", "1", "2", "3"}


@pytest.fixture(scope="module")
def book() -> dict[str, str]:
    return {**glued(ROULETTE), **glued(VARIANCE)}


def markdown(path: Path) -> str:
    cells = json.loads(path.read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


# --- settling bets pocket by pocket ----------------------------------------------------------------------------

def settle(covered: set[str], pays: Fraction | int, pocket: str, lose: Fraction | int = -1) -> Fraction:
    """The net result of one unit on the pockets ``covered``, paying ``pays`` to 1, when ``pocket`` comes up."""
    return Fraction(pays) if pocket in covered else Fraction(lose)


#: A bet's net result on one unit, by the pocket that comes up.
Results = Callable[[str], Fraction]


def results(covered: set[str], pays: Fraction | int, lose: Fraction | int = -1) -> Results:
    """The net result of one unit on ``covered``, as a function of the pocket that comes up."""
    return lambda pocket: settle(covered, pays, pocket, lose)


def mean(results: Results, wheel: list[str] = DOUBLE_ZERO) -> Fraction:
    return sum((results(p) for p in wheel), Fraction(0)) / len(wheel)


def variance(results: Results, wheel: list[str] = DOUBLE_ZERO) -> Fraction:
    m = mean(results, wheel)
    return mean(lambda p: (results(p) - m) ** 2, wheel)


def sd_text(var: Fraction, digits: int) -> str:
    """A standard deviation to ``digits`` places, from its exact variance (integer square root, rounded half up)."""
    scale = 10 ** (2 * digits + 2)
    root = isqrt(var.numerator * scale // var.denominator)   # sqrt(var) * 10**(digits + 1), rounded down
    return display.decimal(Fraction(root, 10 ** (digits + 1)), digits)


def next_spin(ways: dict[int, int], pays: int, covered: int, pockets: int = 38) -> dict[int, int]:
    """The ways to end with each net after one more spin: every way so far times each of the pockets."""
    after: Counter[int] = Counter()
    for net, count in ways.items():
        after[net + pays] += count * covered
        after[net - 1] += count * (pockets - covered)
    return dict(after)


def laws(pays: int, covered: int, pockets: int = 38) -> Iterator[dict[int, int]]:
    """The ways to end with each net (out of pockets ** n) after n = 0, 1, 2, ... spins."""
    ways = {0: 1}
    while True:
        yield ways
        ways = next_spin(ways, pays, covered, pockets)


_KEPT: dict[tuple[int, int, int], dict[int, dict[int, int]]] = {}


def session_ways(pays: int, covered: int, spins: int, pockets: int = 38) -> dict[int, int]:
    """The ways after ``spins`` spins, kept for the spins asked for and built on from the nearest one below."""
    kept = _KEPT.setdefault((pays, covered, pockets), {0: {0: 1}})
    start = max(n for n in kept if n <= spins)
    ways = kept[start]
    for _ in range(spins - start):
        ways = next_spin(ways, pays, covered, pockets)
    kept[spins] = ways
    return ways


def chance(pays: int, covered: int, spins: int, event: Callable[..., Any], pockets: int = 38) -> Fraction:
    ways = session_ways(pays, covered, spins, pockets)
    return Fraction(sum(c for net, c in ways.items() if event(net)), pockets ** spins)


def ahead(pays: int, covered: int, spins: int) -> Fraction:
    return chance(pays, covered, spins, lambda net: net > 0)


STRAIGHT, SPLIT, RED_BET, TOP = (35, 1), (17, 2), (1, 18), (6, 5)


# --- roulette: the propositions --------------------------------------------------------------------------------

@pytest.mark.parametrize("zeros", [1, 2, 3, 5])
def test_every_bet_paying_36_over_n_minus_1_has_edge_z_over_36_plus_z(zeros: int) -> None:
    """prop-roulette-edge, pocket by pocket, for every n from 1 to 36 and several choices of the covered pockets."""
    wheel = [f"zero{i}" for i in range(zeros)] + NUMBERS
    rng = random.Random(zeros)
    for n in range(1, 37):
        for covered in (wheel[:n], wheel[-n:], rng.sample(wheel, n)):
            assert mean(results(set(covered), Fraction(36, n) - 1), wheel) == Fraction(-zeros, 36 + zeros)


def test_the_lemma_for_every_payout() -> None:
    """lem-roulette-win-or-lose: a bet on n of N pockets paying x to 1 has expected value (n(x + 1) - N) / N."""
    for n in range(1, 39):
        for x in (0, 1, Fraction(31, 5), 6, 35, 100):
            covered = set(DOUBLE_ZERO[:n])
            assert mean(results(covered, x)) == Fraction(n * (x + 1) - 38, 38)


def test_every_bet_on_both_layouts_but_the_top_line_pays_36_over_n_minus_1() -> None:
    """The proposition's hypothesis, checked on every legal bet of both wheels' layouts."""
    for rules in (roulette.OXFORD, roulette.SINGLE_ZERO):
        for kind, groups in legal_bets(rules).items():
            for group in groups:
                assert (rules.pays[kind] == Fraction(36, len(group)) - 1) == (kind != "top_line"), (kind, group)


def test_the_top_line_corollary(book: dict[str, str]) -> None:
    top = mean(lambda p: settle(TOP_LINE, 6, p))
    straight = mean(lambda p: settle({"17"}, 35, p))
    assert top == Fraction(-3, 38) and straight == Fraction(-1, 19)
    assert book["roulette_top_ev"] == display.fraction_text(top)
    assert book["roulette_top_edge"] == display.fraction_text(-top)
    assert book["roulette_top_ratio"] == display.fraction_text(top / straight)
    assert book["roulette_edge"] == "1/19" and book["roulette_single_edge"] == "1/37"


# --- roulette: the exercises -----------------------------------------------------------------------------------

def test_the_fair_and_the_matching_top_line(book: dict[str, str]) -> None:
    # Fair: 5x - 33 = 0 over the 38 pockets.  Matching: the same sum equal to 38 times a straight-up bet's value.
    fair = Fraction(len(DOUBLE_ZERO) - len(TOP_LINE), len(TOP_LINE))
    assert mean(lambda p: settle(TOP_LINE, fair, p)) == 0
    straight_sum = sum((settle({"17"}, 35, p) for p in DOUBLE_ZERO), Fraction(0))
    matching = (straight_sum + 33) / 5
    assert mean(lambda p: settle(TOP_LINE, matching, p)) == mean(lambda p: settle({"17"}, 35, p))
    assert book["roulette_top_fair"] == "33/5" == display.fraction_text(fair)
    assert book["roulette_top_fair_dec"] == "6.6"
    assert book["roulette_top_matching"] == "31/5" == display.fraction_text(matching)
    assert book["roulette_top_matching_dec"] == "6.2"


def test_grid_counts_by_brute_force(book: dict[str, str]) -> None:
    """Splits, corners, streets and six lines on 12 rows of 3, by looking at every pair and every four of numbers."""
    rows, columns = 12, 3
    place = {n: divmod(n - 1, columns) for n in range(1, 37)}

    def neighbours(a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = place[a], place[b]
        return abs(ra - rb) + abs(ca - cb) == 1

    splits = sum(neighbours(a, b) for a in range(1, 37) for b in range(a + 1, 37))
    corners = sum(1 for a in range(1, 37) if place[a][0] < rows - 1 and place[a][1] < columns - 1)
    assert splits == rows * (columns - 1) + columns * (rows - 1) == int(book["roulette_n_number_splits"])
    assert corners == (rows - 1) * (columns - 1) == int(book["roulette_n_corners"])
    assert rows == int(book["roulette_n_streets"]) and rows - 1 == int(book["roulette_n_six_lines"])
    # The zeros add 0-00, 0-1, 0-2, 00-2 and 00-3.
    assert int(book["roulette_n_splits"]) - splits == int(book["roulette_n_zero_splits"]) == 5


def test_chips_under_a_lammer_of_500(book: dict[str, str]) -> None:
    won = 3 * 8                 # a corner pays 8 to 1
    chip = Fraction(500, 20)    # the lammer's number is 20 times one chip's value
    paid = (book["roulette_ex_won"], book["roulette_ex_chip"], book["roulette_ex_value"])
    assert paid == (str(won), "25", str(won * 25))
    assert chip == 25


def test_a_chip_spread_over_straight_up_bets_is_the_group_bet(book: dict[str, str]) -> None:
    """Exercise roulette-ex-split, part 2, on every legal bet of the layout but the top line, pocket by pocket."""
    for kind, groups in legal_bets().items():
        if kind == "top_line":
            continue
        for group in groups:
            n = len(group)
            for pocket in DOUBLE_ZERO:
                spread = sum(Fraction(1, n) * settle({g}, 35, pocket) for g in group)
                assert spread == settle(set(group), roulette.OXFORD.pays[kind], pocket), (group, pocket)
    assert book["roulette_ex_half_win"] == "35/2" and book["roulette_ex_halves_net"] == "17"


def test_the_first_four_and_la_partage(book: dict[str, str]) -> None:
    first_four = mean(lambda p: settle({"0", "1", "2", "3"}, 8, p), SINGLE_ZERO)
    assert first_four == Fraction(-1, 37) and book["roulette_ex_first_four_ev"] == display.fraction_text(first_four)
    for wheel, key in ((SINGLE_ZERO, "roulette_partage_edge"), (DOUBLE_ZERO, "roulette_ex_partage_two")):
        zeros = len(wheel) - 36
        edge = -mean(lambda p: settle(RED, 1, p, lose=Fraction(-1, 2) if p.startswith("0") else Fraction(-1)), wheel)
        assert edge == Fraction(zeros, 2 * (36 + zeros)) and book[key] == display.fraction_text(edge)


def test_whole_payouts_for_the_top_line(book: dict[str, str]) -> None:
    edges = {x: -mean(results(TOP_LINE, x)) for x in range(10)}
    assert min(e for e in edges.values() if e > 0) == edges[6] == Fraction(3, 38)
    assert Fraction(1, 19) not in edges.values()
    assert -edges[7] == Fraction(1, 19) and book["roulette_ex_top7_gain"] == "1/19"


def test_the_split_0_00_against_red_after_100_spins(book: dict[str, str]) -> None:
    assert book["roulette_ex_split_ahead"] == display.percent(ahead(*SPLIT, 100), 1)
    assert book["roulette_ex_red_ahead"] == display.percent(ahead(*RED_BET, 100), 1)
    assert book["roulette_ex_red_even"] == display.percent(chance(*RED_BET, 100, lambda net: net == 0), 1)
    assert chance(*SPLIT, 100, lambda net: net == 0) == 0
    # The thresholds the solution names: 6 wins of the split, 51 of red.
    assert min(k for k in range(101) if 18 * k - 100 > 0) == 6 and min(k for k in range(101) if 2 * k - 100 > 0) == 51
    assert book["roulette_ex_split_loss"] == "100/19"
    assert book["roulette_ex_split_sd"] == sd_text(variance(lambda p: settle({"0", "00"}, 17, p)), 2)
    assert book["roulette_ex_red_sd"] == sd_text(variance(lambda p: settle(RED, 1, p)), 2)


def test_on_a_biased_wheel_the_straight_up_bets_still_average_minus_one_nineteenth() -> None:
    rng = random.Random(38)
    for _ in range(50):
        weights = [rng.randint(1, 1000) for _ in DOUBLE_ZERO]
        chances = [Fraction(w, sum(weights)) for w in weights]
        values = [36 * p - 1 for p in chances]                 # a straight-up bet on each pocket
        assert sum(values) / 38 == Fraction(-1, 19)
        if len(set(chances)) > 1:
            assert max(values) > Fraction(-1, 19)
        assert all((v > 0) == (36 * p > 1) for v, p in zip(values, chances, strict=True))


# --- roulette-variance: the propositions -----------------------------------------------------------------------

def test_the_two_outcome_variance_pocket_by_pocket() -> None:
    """prop-bet-variance on every bet of the layout: the variance over the 38 pockets is (w + 1)^2 p (1 - p)."""
    for kind, groups in legal_bets().items():
        group, w = set(groups[0]), roulette.OXFORD.pays[kind]
        p = Fraction(len(group), 38)
        assert mean(results(group, w)) == (w + 1) * p - 1
        assert variance(results(group, w)) == (w + 1) ** 2 * p * (1 - p)


@pytest.mark.parametrize("bet", [STRAIGHT, SPLIT, RED_BET, TOP])
def test_a_session_is_binomial_with_n_times_the_variance(bet: tuple[int, int]) -> None:
    """prop-session-variance: the convolved law is the binomial one, with n times one spin's mean and variance."""
    w, covered = bet
    p = Fraction(covered, 38)
    mu, var = (w + 1) * p - 1, (w + 1) ** 2 * p * (1 - p)
    for n in range(1, 40):
        law = {net: Fraction(c, 38 ** n) for net, c in session_ways(w, covered, n).items()}
        assert law == {(w + 1) * k - n: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
        m = sum(net * q for net, q in law.items())
        assert m == n * mu and sum((net - m) ** 2 * q for net, q in law.items()) == n * var


@pytest.mark.parametrize("bet", [STRAIGHT, SPLIT, RED_BET, TOP])
def test_the_saw(bet: tuple[int, int]) -> None:
    """prop-ahead-saw: the chance of being ahead falls exactly at the multiples of w + 1."""
    w, covered = bet
    a = [Fraction(sum(c for net, c in ways.items() if net > 0), 38**n) for n, ways in zip(range(250), laws(w, covered), strict=False)]
    for n in range(249):
        assert (a[n + 1] < a[n]) == ((n + 1) % (w + 1) == 0) and a[n + 1] != a[n], (bet, n)


@pytest.mark.parametrize("bet, most", [(RED_BET, 1000), (STRAIGHT, 400), (TOP, 400)])
def test_every_losing_bet_sinks_within_chebyshevs_bound(bet: tuple[int, int], most: int) -> None:
    """prop-session-sinks: P(S_n >= 0) <= sigma^2 / (n mu^2) at every n."""
    w, covered = bet
    p = Fraction(covered, 38)
    mu, var = (w + 1) * p - 1, (w + 1) ** 2 * p * (1 - p)
    for n, ways in zip(range(most + 1), laws(w, covered), strict=False):
        if n:
            assert Fraction(sum(c for net, c in ways.items() if net >= 0), 38**n) <= var / (n * mu**2)


# --- roulette-variance: the prose and the exercises ------------------------------------------------------------

def test_the_chances_after_10_100_and_1000_spins(book: dict[str, str]) -> None:
    for name, bet in (("straight", STRAIGHT), ("red", RED_BET)):
        for n in (10, 100, 1000):
            assert book[f"variance_{name}_ahead_{n}"] == display.percent(ahead(*bet, n), 1)
    assert book["variance_straight_ahead_10_exact"] == display.fraction_text(1 - Fraction(37, 38) ** 10)
    assert book["variance_red_even_10"] == display.percent(chance(*RED_BET, 10, lambda net: net == 0), 1)


def test_even_after_36_spins(book: dict[str, str]) -> None:
    even = chance(*STRAIGHT, 36, lambda net: net == 0)
    assert even == 36 * Fraction(1, 38) * Fraction(37, 38) ** 35
    assert book["variance_even_36_digits"] == str(len(str(even.denominator)))
    assert book["variance_even_36_pct"] == display.percent(even, 1)


def test_a_short_session_by_listing_both_spins(book: dict[str, str]) -> None:
    pairs = [(a, b) for a in DOUBLE_ZERO for b in DOUBLE_ZERO]

    def ahead_after_two(covered: set[str], w: int) -> Fraction:
        return Fraction(sum(settle(covered, w, a) + settle(covered, w, b) > 0 for a, b in pairs), len(pairs))

    assert book["variance_ex_short_red"] == display.fraction_text(ahead_after_two(RED, 1)) == "81/361"
    assert book["variance_ex_short_straight"] == display.fraction_text(ahead_after_two({"17"}, 35)) == "75/1444"
    assert book["variance_ex_short_red1"] == display.fraction_text(mean(lambda p: Fraction(p in RED))) == "9/19"


def test_spread_against_loss(book: dict[str, str]) -> None:
    red = variance(lambda p: settle(RED, 1, p))
    straight = variance(lambda p: settle({"17"}, 35, p))
    mu = Fraction(-1, 19)
    assert book["variance_ex_red_var1"] == display.fraction_text(red)
    assert book["variance_ex_red_var100"] == display.fraction_text(100 * red)
    assert book["variance_ex_red_sd100"] == sd_text(100 * red, 2)
    assert book["variance_ex_red_loss100"] == display.decimal(-100 * mu, 2)
    assert book["variance_ex_red_sd_over_loss"] == sd_text(100 * red / (100 * mu) ** 2, 1)
    assert (book["variance_scale_red"], book["variance_scale_straight"]) == (str(red / mu**2), str(straight / mu**2))
    assert (red / mu**2, straight / mu**2) == (Fraction(360), Fraction(11988))
    assert book["variance_scale_ratio"] == display.decimal(Fraction(11988, 360), 1)


def test_the_spread_by_hand(book: dict[str, str]) -> None:
    straight = variance(lambda p: settle({"17"}, 35, p))
    red = variance(lambda p: settle(RED, 1, p))
    assert sympy.sqrt(sympy.Rational(straight.numerator, straight.denominator)) == 18 * sympy.sqrt(37) / 19
    assert sympy.sqrt(sympy.Rational(red.numerator, red.denominator)) == 6 * sympy.sqrt(10) / 19
    # The solution's general formula, (36^2 / N)(1/n - 1/N), against the pocket-by-pocket variance, for every n.
    for n in range(1, 37):
        covered = set(NUMBERS[:n])
        formula = Fraction(36**2, 38) * (Fraction(1, n) - Fraction(1, 38))
        assert variance(results(covered, Fraction(36, n) - 1)) == formula
    assert book["variance_sd_straight_exact"] == sd_text(straight, 4)
    assert book["variance_sd_red_exact"] == sd_text(red, 4)


def test_the_saw_by_hand(book: dict[str, str]) -> None:
    q = Fraction(37, 38)
    by_hand = {
        20: 1 - q**20,
        36: 1 - q**36 - 36 * Fraction(1, 38) * q**35,
        50: 1 - q**50 - 50 * Fraction(1, 38) * q**49,
    }
    for n, value in by_hand.items():
        assert value == ahead(*STRAIGHT, n)
        assert book[f"variance_ex_ahead_{n}"] == display.percent(value, 1)
    assert book["variance_ahead_35"] == display.percent(ahead(*STRAIGHT, 35), 1)
    assert book["variance_ahead_36"] == display.percent(ahead(*STRAIGHT, 36), 1)


def test_how_long_until_the_bound_bites(book: dict[str, str]) -> None:
    assert (book["variance_ex_needed_red"], book["variance_ex_needed_straight"]) == ("3600", "119880")
    n = 3600
    ways = sum(comb(n, k) * 18**k * 20 ** (n - k) for k in range(n // 2, n + 1))   # red not behind: k >= n/2 wins
    assert book["variance_ex_needed_red_exact"] == display.percent(Fraction(ways, 38**n), 3)
    assert Fraction(ways, 38**n) < Fraction(1, 10)


def test_the_bounds_for_red_after_1000_spins(book: dict[str, str]) -> None:
    exact = chance(*RED_BET, 1000, lambda net: net >= 0)
    assert book["variance_exact_red_1000"] == display.percent(exact, 1)
    assert book["variance_cheb_red_1000"] == display.percent(Fraction(360, 1000), 1)
    assert book["variance_ex_cantelli_red_1000"] == display.percent(Fraction(360, 360 + 1000), 1)
    assert exact < Fraction(360, 1360) < Fraction(360, 1000)


def test_two_bets_on_one_spin(book: dict[str, str]) -> None:
    def product(a: Callable[..., Any], b: Callable[..., Any]) -> Callable[..., Any]:
        return lambda pocket: a(pocket) * b(pocket)

    def total(a: Callable[..., Any], b: Callable[..., Any]) -> Callable[..., Any]:
        return lambda pocket: a(pocket) + b(pocket)

    red = results(RED, 1)
    for number, colour in (("17", "black"), ("18", "red")):
        straight = results({number}, 35)
        cov = mean(product(red, straight)) - mean(red) * mean(straight)
        assert book[f"variance_ex_cov_{colour}"] == display.fraction_text(cov)
        assert book[f"variance_ex_var_{colour}"] == display.fraction_text(variance(total(red, straight)))
    assert book["variance_ex_two_loss"] == display.fraction_text(-mean(total(red, results({"17"}, 35))))


def test_the_simulation_solution_is_the_code_the_chapter_ran(book: dict[str, str]) -> None:
    """The solution's code is the code whose results the chapter glues; run again, it gives the same figures."""
    found = re.search(r"```\{solution\} roulette-variance-ex-simulate\n.*?~~~python\n(.*?)~~~", markdown(VARIANCE),
                      re.DOTALL)
    assert found is not None, "the simulation exercise prints its code"
    solution = found.group(1)
    ran = ["".join(c["source"]) for c in json.loads(VARIANCE.read_text())["cells"] if c["cell_type"] == "code"]
    assert any(source.startswith(solution.strip()) for source in ran)
    space: dict[str, Any] = {}
    exec(compile(solution, "roulette-variance-ex-simulate", "exec"), space)   # noqa: S102 (the book's own code)
    exact = ahead(*STRAIGHT, 100)
    assert space["exact"] == exact
    assert book["variance_ex_sim_exact"] == display.percent(exact, 2)
    assert book["variance_ex_sim_estimate"] == display.percent(Fraction(space["ahead"], space["sessions"]), 2)
    estimate = Fraction(space["ahead"], space["sessions"])
    variance_of_mean = estimate * (1 - estimate) / space["sessions"]
    se = (Decimal(variance_of_mean.numerator) / variance_of_mean.denominator).sqrt()
    assert abs(space["standard_error"] - se) < Decimal("1e-20")
    low, high = Fraction(space["low"]), Fraction(space["high"])
    interval = (book["variance_ex_sim_low"], book["variance_ex_sim_high"])
    assert interval == (display.percent(low, 2), display.percent(high, 2))
    assert book["variance_ex_sim_verdict"] == ("lies inside it" if low <= exact <= high else "lies outside it")
