"""Risk of ruin: the gambler's ruin formula, the absorbing chain three ways, playing until broke."""

import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from sample_bets import EVERY_BET, HEADS, RED, STRAIGHT, WHEEL  # noqa: F401

from casino_math import baccarat, craps, ruin
from casino_math.bets import Bet, house_edge_per_bet_made, simple_bet
from casino_math.dice import coin, one_face_bet
from casino_math.distribution import Distribution

# The gambler's ruin formula.

@pytest.mark.parametrize("bankroll, goal, p_goal, expected_bets", [
    (1, 2, Fraction(9, 19), Fraction(1)),                                   # one bet decides it
    (10, 20, Fraction(9**10, 9**10 + 10**10), None),                        # (1 - r^10)/(1 - r^20) = 1/(1 + r^10)
    (2, 3, Fraction(171, 271), None),                                       # r = 10/9: (1 - r^2)/(1 - r^3)
])
def test_red_by_the_formula(bankroll: int, goal: int, p_goal: Fraction, expected_bets: Fraction | None) -> None:
    r = ruin.ruin(RED, bankroll, goal)
    assert r.method == "formula"
    assert r.p_goal == p_goal and r.p_ruin == 1 - p_goal
    if expected_bets is not None:
        assert r.expected_bets == expected_bets


@pytest.mark.parametrize("bankroll, goal", [(1, 2), (3, 4), (10, 20), (17, 100)])
def test_fair_game(bankroll: int, goal: int) -> None:
    # A fair game: P(goal) = bankroll / goal, E[bets] = bankroll * (goal - bankroll).
    r = ruin.ruin(HEADS, bankroll, goal)
    assert r.p_goal == Fraction(bankroll, goal)
    assert r.expected_bets == bankroll * (goal - bankroll)


def test_a_push_changes_the_length_not_the_chances() -> None:
    # The player bet pushes on a tie: the same chances as a win/lose bet with the ties left out, and
    # 1 / (1 - P(tie)) bets for every decided one.
    player = baccarat.player_bet()
    net = player.net()
    decided = net[1] + net[-1]
    r = ruin.ruin(player, 5, 12)
    assert r.method == "formula"
    assert r.p_goal == ruin.p_reach_goal(net[1] / decided, net[-1] / decided, 5, 12)
    assert r.expected_bets == ruin.expected_duration(net[1] / decided, net[-1] / decided, 5, 12) / decided


@pytest.mark.parametrize("bet", [RED, craps.bet("pass"), craps.bet("dont_pass"), baccarat.player_bet(), HEADS],
                         ids=lambda bet: bet.name)
def test_formula_agrees_with_the_chain(bet: Bet) -> None:
    for bankroll, goal in [(1, 2), (3, 7), (10, 25)]:
        r = ruin.ruin(bet, bankroll, goal)
        assert (r.p_goal, r.expected_bets) == ruin.ruin_chain(bet, bankroll, goal)


# The chain: climbing the ladder against plain Gaussian elimination and against sympy.

def test_a_chain_solved_by_hand() -> None:
    # The 6 pays 2 to 1, from 2 units to 4: g1 = g3/6, g2 = 1/6 + 5/6 g1, g3 = 1/6 + 5/6 g2.
    g3 = Fraction(1, 6) * (1 + Fraction(5, 6)) / (1 - Fraction(25, 216))
    g1 = g3 / 6
    g2 = Fraction(1, 6) + Fraction(5, 6) * g1
    e3 = (1 + Fraction(5, 6) + Fraction(25, 36)) / (1 - Fraction(25, 216))
    e1 = 1 + e3 / 6
    e2 = 1 + Fraction(5, 6) * e1
    assert ruin.ruin_chain(one_face_bet(2), 2, 4) == (g2, e2) == ruin.ruin_by_climbing(one_face_bet(2), 2, 4)


@pytest.mark.parametrize("game, bet_id, bet", EVERY_BET, ids=[f"{g}-{b}" for g, b, _ in EVERY_BET])
def test_climbing_agrees_with_gaussian_elimination(game: str, bet_id: str, bet: Bet) -> None:
    for bankroll, goal in [(1, 2), (2, 4)]:
        assert ruin.ruin_by_climbing(bet, bankroll, goal) == ruin.ruin_chain(bet, bankroll, goal)


@pytest.mark.parametrize("bet, bankroll, goal", [
    (STRAIGHT, 2, 5), (one_face_bet(2), 2, 4), (craps.bet("field"), 2, 6), (craps.bet("horn"), 1, 4),
    (craps.bet("buy_4"), 2, 5),
], ids=lambda x: getattr(x, "name", str(x)))
def test_chain_agrees_with_sympy(bet: Bet, bankroll: int, goal: int) -> None:
    states = ruin.chain_states(bet, bankroll, goal)
    _, _, _, B, t = ruin.ruin_chain_symbolic(bet, bankroll, goal)
    i = states.index(Fraction(bankroll))
    p_goal, expected = ruin.ruin_chain(bet, bankroll, goal)
    assert (B[i, 1].p, B[i, 1].q) == (p_goal.numerator, p_goal.denominator)
    assert (t[i].p, t[i].q) == (expected.numerator, expected.denominator)
    assert B[i, 0] + B[i, 1] == 1


def test_overshooting_the_goal_counts_as_reaching_it() -> None:
    # From 2 units aiming at 5, a straight-up win jumps to 37: the goal is reached.
    step = ruin.chain_step(STRAIGHT, 5)
    assert step(Fraction(2)) == {"goal": Fraction(1, 38), Fraction(1): Fraction(37, 38)}


def test_ruin_means_the_bankroll_cannot_cover_a_bet() -> None:
    buy_4 = craps.bet("buy_4")                                  # 5% paid up front: a bet needs 21/20 units
    assert ruin.cover(buy_4) == Fraction(21, 20)
    assert min(ruin.chain_states(buy_4, 3, 6)) >= Fraction(21, 20)
    banker = baccarat.banker_bet()                              # wins 19/20: bankrolls in twentieths
    assert ruin.ladder(banker, 3, 6).step == Fraction(1, 20)
    assert ruin.ruin(banker, 3, 6).method == "chain"


@pytest.mark.parametrize("bet", [STRAIGHT, baccarat.banker_bet(), baccarat.dragon_bonus_bet("player"),
                                 craps.bet("lay_4"), craps.bet("world")], ids=lambda bet: bet.name)
def test_the_probabilities_and_the_mean_make_sense(bet: Bet) -> None:
    r = ruin.ruin(bet, 10, 20)
    assert 0 < r.p_goal < 1 and r.p_goal + r.p_ruin == 1 and r.expected_bets > 1


def test_20_units_to_40() -> None:
    # $200 at a $10 table, aiming to double it.
    assert ruin.ruin(RED, 20, 40).p_goal == 1 / (1 + Fraction(10, 9) ** 20)
    straight = ruin.ruin(STRAIGHT, 20, 40)
    assert straight.method == "chain" and straight.p_goal > 3 * ruin.ruin(RED, 20, 40).p_goal


# Until broke, with no goal: Wald's identity, and the step-by-step walk.

def test_expected_bets_until_broke() -> None:
    assert ruin.expected_bets_until_broke(RED, 20) == 380                   # 20 / (1/19)
    assert ruin.expected_bets_until_broke(STRAIGHT, 20) == 380              # the same edge, the same mean
    assert ruin.expected_bets_until_broke(craps.bet("pass"), 20) == Fraction(20 * 495, 7)


def test_walk_against_the_chain_over_a_long_horizon() -> None:
    # With a goal, the chance of ruin within n bets rises to the chain's P(ruin) as n grows.
    w = ruin.walk(RED, 3, 400, goal=6)
    r = ruin.ruin(RED, 3, 6)
    assert w.ruined_by[-1] < r.p_ruin and r.p_ruin - w.ruined_by[-1] < Fraction(1, 10**12)
    assert r.expected_bets - w.expected_bets() < Fraction(1, 10**9)


def test_walk_by_hand() -> None:
    w = ruin.walk(HEADS, 1, 3)
    assert w.final == Distribution({0: Fraction(5, 8), 2: Fraction(2, 8), 4: Fraction(1, 8)})
    assert w.still_playing == (Fraction(1), Fraction(1, 2), Fraction(1, 2), Fraction(3, 8))
    assert w.p_ruin() == Fraction(5, 8)
    assert ruin.bankroll_after(HEADS, 1, 3) == w.final


def test_walk_keeps_the_expected_loss() -> None:
    # Whatever stops the session, E[final bankroll] = bankroll - edge * E[bets].
    for bet in (RED, STRAIGHT, baccarat.banker_bet(), craps.bet("buy_4")):
        w = ruin.walk(bet, 5, 30, goal=9)
        assert w.final.E() == 5 - house_edge_per_bet_made(bet) * w.expected_bets()


# Bad input.

@pytest.mark.parametrize("bankroll, goal, error, message", [
    (0, 10, ValueError, r"the bankroll must be a positive whole number of units \(stakes\), not 0"),
    (-5, 10, ValueError, r"the bankroll must be a positive whole number of units \(stakes\), not -5"),
    (2.5, 10, TypeError, r"the bankroll must be a positive whole number of units \(stakes\), not 2.5: divide"),
    (Fraction(5, 2), 10, TypeError, "the bankroll must be a positive whole number"),
    ("20", 40, TypeError, "the bankroll must be a positive whole number"),
    (20, 0, ValueError, r"the goal must be a positive whole number of units \(stakes\), not 0"),
    (20, 40.0, TypeError, "the goal must be a positive whole number"),
    (20, 20, ValueError, r"the goal \(20 units\) must be above the bankroll \(20 units\): a session that starts"),
    (20, 10, ValueError, r"the goal \(10 units\) must be above the bankroll \(20 units\)"),
])
def test_bad_bankrolls_and_goals(
        bankroll: Any, goal: Any, error: type[Exception], message: str) -> None:       # any input, good or bad
    with pytest.raises(error, match=message):
        ruin.ruin(RED, bankroll, goal)
    with pytest.raises(error, match=message):
        ruin.ruin(STRAIGHT, bankroll, goal)


def test_other_bad_input() -> None:
    with pytest.raises(ValueError, match="always pushes, so a session on it never ends"):
        ruin.ruin(simple_bet("nothing", coin(), lambda side: True, 0), 1, 2)
    with pytest.raises(ValueError, match="has no house edge"):
        ruin.expected_bets_until_broke(HEADS, 10)
    with pytest.raises(ValueError, match="give a goal and use ruin"):
        ruin.expected_bets_until_broke(baccarat.banker_bet(), 10)
    with pytest.raises(ValueError, match="the number of rounds must be a positive whole number"):
        ruin.walk(RED, 10, 0)
    with pytest.raises(ValueError, match=r"too big to solve exactly here .* choose a goal nearer the bankroll"):
        ruin.ruin(baccarat.banker_bet(), 20, 400)
    with pytest.raises(ValueError, match=(r"300 bets of dragon bonus \(player\) is too many to follow exactly: .* the "
                                          r"limit is 8 billion, a few seconds\), so at most 135 bets of this bet")):
        ruin.walk(baccarat.dragon_bonus_bet("player"), 20, 300)


# The command line.

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", *args], check=False, capture_output=True, text=True)


def test_ruin_json_shape() -> None:
    result = run("ruin", "--game", "roulette", "--bet", "red", "--bankroll", "10", "--goal", "20", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {k: report[k] for k in ("game", "rules", "bet", "bankroll", "goal")} == {
        "game": "roulette", "rules": "oxford", "bet": "red", "bankroll": 10, "goal": 20}
    assert {k: report[k] for k in ("p_goal", "p_ruin", "expected_bets")} == {
        "p_goal": "3486784401/13486784401", "p_ruin": "10000000000/13486784401",   # 1 / (1 + (10/9)^10)
        "expected_bets": str(ruin.ruin(RED, 10, 20).expected_bets)}
    assert report["p_goal_decimal"] == "0.2585334130"


def test_ruin_table_and_errors() -> None:
    table = run("ruin", "--game", "baccarat", "--bet", "banker", "--bankroll", "5", "--goal", "10")
    assert table.returncode == 0 and "P(goal)" in table.stdout and "expected bets" in table.stdout
    for args, message in [
        (("--bankroll", "0", "--goal", "10"), "--bankroll must be a whole number from 1 up, not 0"),
        (("--bankroll", "10", "--goal", "5"), "the goal (5 units) must be above the bankroll (10 units)"),
    ]:
        result = run("ruin", "--game", "roulette", "--bet", "red", *args)
        assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


# Big chains: the banker from 20 units to 40, solved from remainders modulo primes.


@pytest.fixture
def by_long_division(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solve every ladder system by whole-number elimination (the method before remainders), however big."""
    monkeypatch.setattr(ruin.linalg, "MODULAR_FROM_BITS", 10**12)


@pytest.fixture
def by_remainders(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solve every ladder system from remainders, however small."""
    monkeypatch.setattr(ruin.linalg, "MODULAR_FROM_BITS", 0)


BANKER_20_TO_40 = ruin.ruin(baccarat.banker_bet(), 20, 40)


def test_banker_20_to_40_agrees_with_long_division(by_long_division: None) -> None:
    assert ruin.ruin(baccarat.banker_bet(), 20, 40) == BANKER_20_TO_40


def test_banker_20_to_40_figures() -> None:
    r = BANKER_20_TO_40
    assert r.method == "chain" and r.p_goal + r.p_ruin == 1
    assert r.digit_counts()["p_goal"] == (9157, 9158)                 # too long for Python to write as text
    assert r.decimals(12) == {"p_goal": Decimal("0.368509555571"), "p_ruin": Decimal("0.631490444429"),
                              "expected_bets": Decimal("451.863412292")}
    assert repr(r) == "Ruin(banker, 20 -> 40 units: P(goal) 0.36851, P(ruin) 0.63149, expected bets 451.863 (chain))"
    assert r.p_goal < Fraction(1, 2)                                     # a fair game's chance of doubling is 1/2


@pytest.mark.parametrize("bet, bankroll, goal", [
    (baccarat.banker_bet(), 3, 6), (baccarat.banker_bet(), 1, 2), (STRAIGHT, 2, 5), (craps.bet("buy_4"), 2, 5),
    (craps.bet("field"), 2, 6), (baccarat.dragon_bonus_bet("player"), 2, 5),
], ids=lambda x: getattr(x, "name", str(x)))
def test_remainders_agree_with_gaussian_elimination(by_remainders: None, bet: Bet, bankroll: int, goal: int) -> None:
    assert ruin.ruin_by_climbing(bet, bankroll, goal) == ruin.ruin_chain(bet, bankroll, goal)


def test_remainders_fall_back_when_a_pivot_vanishes(by_remainders: None) -> None:
    # A zero in the first pivot: elimination without row swaps meets it for every prime, so the
    # whole-number elimination (which swaps rows) answers instead; x = 7, y = 5, x + y = 12.
    (numerator,), det = ruin.linalg.solve_at([[0, 1], [1, 0]], [[5], [7]], [1, 1], [0])
    assert Fraction(numerator, det) == 12


def test_residues_and_chinese_remainders_round_trip() -> None:
    primes = ruin.linalg.primes_below_2_30(40)
    numbers = [0, 1, -1, 2**600 + 12345, -(3**700), 10**300]
    assert ruin.linalg.from_residues(ruin.linalg.residues(numbers, primes), primes) == numbers
    assert len(set(primes)) == 40 and all(q < 2**30 and pow(3, q - 1, q) == 1 and q % 2 for q in primes)


@pytest.mark.parametrize("bits", [1, 2000, 2031, 2032, 2047, 2048, 5000, 100_000])
def test_residues_are_exact_at_every_size(bits: int) -> None:
    # Around 2032 bits the digits go from 16 bits to 8, to keep the floating-point sum exact.
    primes = ruin.linalg.primes_below_2_30(30)
    numbers = [2**bits - 1, -(2**bits - 1), 3**(bits // 2) + 1, 0]
    assert ruin.linalg.residues(numbers, primes).tolist() == [[n % q for q in primes] for n in numbers]


@pytest.mark.parametrize("game, bet_id, bet", EVERY_BET, ids=[f"{g}-{b}" for g, b, _ in EVERY_BET])
def test_every_bet_by_remainders_agrees_with_gaussian_elimination(
        by_remainders: None, game: str, bet_id: str, bet: Bet) -> None:
    assert ruin.ruin_by_climbing(bet, 2, 4) == ruin.ruin_chain(bet, 2, 4)


def test_a_walks_counts_cannot_be_changed() -> None:
    walk = ruin.walk(one_face_bet(1), 1, 2)
    final = walk.final
    with pytest.raises(TypeError, match="does not support item assignment"):
        walk.counts[Fraction(0)] = 0  # type: ignore[index]
    # The 6 at even money from one unit, twice: broke at once (5/6), or won then lost (5/36) or won twice (1/36).
    assert final == Distribution({Fraction(0): Fraction(5, 6), Fraction(1): Fraction(5, 36), Fraction(3): Fraction(1, 36)})
    assert dict(walk.counts) == {Fraction(0): 30, Fraction(1): 5, Fraction(3): 1} and walk.denominator == 36
