"""Sessions: the exact distribution of the net after n bets, checked against closed forms and brute force."""

import json
import subprocess
import sys
from fractions import Fraction
from itertools import product
from math import comb

import pytest
from references import ahead_term_by_term
from sample_bets import EVERY_BET, HEADS, RED, STRAIGHT, WHEEL  # noqa: F401

from casino_math import baccarat, craps, roulette, session
from casino_math.bets import Bet, expected_value, variance
from casino_math.dice import one_face_bet
from casino_math.distribution import Distribution


def brute_force(bet: Bet, rounds: int) -> Distribution[Fraction]:
    """The net after ``rounds`` bets by listing every sequence of results (small cases only)."""
    net = bet.net()
    out: dict[Fraction, Fraction] = {}
    for results in product(net, repeat=rounds):
        p = Fraction(1)
        for x in results:
            p *= net[x]
        out[sum(results)] = out.get(sum(results), Fraction(0)) + p
    return Distribution(out)


# Closed forms.

@pytest.mark.parametrize("rounds", [1, 2, 10, 37, 100])
def test_red_is_binomial(rounds: int) -> None:
    # k wins of n: net 2k - n with probability C(n, k) (9/19)^k (10/19)^(n - k).
    s = session.session(RED, rounds)
    for k in range(rounds + 1):
        assert s[Fraction(2 * k - rounds)] == comb(rounds, k) * Fraction(9, 19) ** k * Fraction(10, 19) ** (rounds - k)


def test_straight_up_is_binomial_in_the_number_of_wins() -> None:
    # k wins of n straight-up bets: net 36k - n.
    s = session.session(STRAIGHT, 50)
    assert s.p_ahead() == sum(comb(50, k) * Fraction(1, 38) ** k * Fraction(37, 38) ** (50 - k) for k in range(2, 51))
    assert s.p_even() == 0
    assert session.p_ahead(STRAIGHT, 10) == 1 - Fraction(37, 38) ** 10     # one win in ten is ahead: 36 - 10 > 0


@pytest.mark.parametrize("rounds", [1, 5, 40, 400])
def test_fair_coin_is_symmetric(rounds: int) -> None:
    s = session.session(HEADS, rounds)
    assert s.p_ahead() == s.p_behind()
    assert s.p_even() == (Fraction(comb(rounds, rounds // 2), 2**rounds) if rounds % 2 == 0 else 0)


@pytest.mark.parametrize("game, bet_id, bet", EVERY_BET, ids=[f"{g}-{b}" for g, b, _ in EVERY_BET])
def test_mean_and_variance_from_the_counts_match_n_times_one_bet(game: str, bet_id: str, bet: Bet) -> None:
    s = session.session(bet, 6)
    assert sum(s.counts.values()) == s.denominator                 # the probabilities add up to exactly 1
    assert s.E() == s.expected_net() == 6 * expected_value(bet)     # E of a sum is the sum of the Es
    assert s.variance() == session.session_variance(bet, 6) == 6 * variance(bet)   # independent bets
    assert s.p_ahead() + s.p_even() + s.p_behind() == 1


# Brute force: each way of computing (two results, three, more) against every sequence listed.

@pytest.mark.parametrize("bet", [RED, STRAIGHT, one_face_bet(Fraction(7, 2)),
                                 craps.bet("dont_pass"), craps.bet("field"), craps.bet("horn"),
                                 craps.bet("world"), baccarat.banker_bet(), baccarat.dragon_bonus_bet("banker")],
                         ids=lambda bet: bet.name)
def test_each_method_against_every_sequence(bet: Bet) -> None:
    for rounds in (1, 2, 3, 4):
        assert session.session(bet, rounds).distribution() == brute_force(bet, rounds)


@pytest.mark.parametrize("game, bet_id, bet", EVERY_BET, ids=[f"{g}-{b}" for g, b, _ in EVERY_BET])
def test_every_bet_against_repeated_convolution(game: str, bet_id: str, bet: Bet) -> None:
    assert session.net_after(bet, 9) == bet.net().repeated(9)


def test_method_by_number_of_results() -> None:
    assert len(RED.net()) == 2 and len(baccarat.banker_bet().net()) == 3 and len(craps.bet("field").net()) == 3
    assert len(craps.bet("horn").net()) == 3 and len(baccarat.dragon_bonus_bet("player").net()) == 8
    assert len(craps.bet("world").net()) == 4


def test_long_sessions_of_even_money_bets() -> None:
    s = session.session(RED, 3000)
    assert len(s) == 3001 and s.denominator == 19**3000
    assert s.expected_net() == Fraction(-3000, 19)
    assert s.p_ahead() == sum(
        comb(3000, k) * 9**k * 10 ** (3000 - k) for k in range(1501, 3001)) / Fraction(19**3000)


def test_the_session_is_a_mapping_of_exact_probabilities() -> None:
    s = session.session(one_face_bet(5), 2)
    assert dict(s) == {-2: Fraction(25, 36), 4: Fraction(10, 36), 10: Fraction(1, 36)}
    assert s[Fraction(3)] == 0
    assert s.P(lambda net: net > 0) == s.p_ahead() == Fraction(11, 36)
    assert s.floats() == ([-2.0, 4.0, 10.0], [25 / 36, 10 / 36, 1 / 36])
    assert "2 bets on the 6" in repr(s)
    with pytest.raises(AttributeError, match="immutable"):
        s.rounds = 3


def test_standard_deviation_grows_like_the_square_root() -> None:
    assert session.session_sd(HEADS, 100) == session.session(HEADS, 100).standard_deviation() == 10


# Bad input.

@pytest.mark.parametrize("rounds, error, message", [
    (0, ValueError, "the number of rounds must be a positive whole number, not 0"),
    (-3, ValueError, "the number of rounds must be a positive whole number, not -3"),
    (2.5, TypeError, r"the number of rounds must be a whole number \(int\), not 2.5"),
    ("10", TypeError, r"the number of rounds must be a whole number \(int\), not '10'"),
    (True, TypeError, r"the number of rounds must be a whole number \(int\), not True"),
])
def test_bad_numbers_of_rounds(rounds: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        session.session(RED, rounds)  # type: ignore[arg-type]  # 2.5, "10" and True, on purpose
    with pytest.raises(error, match=message):
        session.expected_net(RED, rounds)  # type: ignore[arg-type]  # on purpose


def test_too_many_rounds_says_the_limit_and_why() -> None:
    limit = session.max_rounds(RED)
    session.check_size(RED, limit)
    with pytest.raises(ValueError, match=(
            rf"{limit + 1} rounds of red is too many to compute exactly: the exact distribution would hold about "
            rf"{limit + 2} net results whose probabilities need about \d+ digits each .*the limits are 32 MiB "
            rf"and 16 billion, about two seconds\), so at most {limit} rounds of this bet; use the normal "
            "approximation or simulate a longer session")):
        session.session(RED, limit + 1)


def test_limits_of_the_games_bets() -> None:
    # A few thousand even-money bets, a few hundred of the banker (its counts are far longer).
    assert session.max_rounds(RED) > 5000
    assert session.max_rounds(craps.bet("pass")) > 2000
    assert 300 < session.max_rounds(baccarat.banker_bet()) < 1000


# The command line.

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", *args], check=False, capture_output=True, text=True)


def test_session_json_shape() -> None:
    result = run("session", "--game", "roulette", "--bet", "red", "--rounds", "10", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [k for k in report if not k.endswith("_decimal")] == [
        "game", "rules", "bet", "rounds", "expected_net", "variance", "sd", "p_ahead", "p_even", "p_behind"]
    assert report["game"] == "roulette" and report["bet"] == "red" and report["rounds"] == 10
    assert report["expected_net"] == "-10/19"
    assert report["sd"] == "3.157895"                      # sqrt(10 * 360/361) = 60/19
    assert Fraction(report["p_even"]) == 252 * Fraction(9, 19) ** 5 * Fraction(10, 19) ** 5
    assert sum(Fraction(report[k]) for k in ("p_ahead", "p_even", "p_behind")) == 1


def test_session_follows_the_rules_value() -> None:
    single = json.loads(run("session", "--game", "roulette", "--bet", "red", "--rounds", "1", "--rules",
                            "single_zero", "--format", "json").stdout)
    assert single["expected_net"] == "-1/37"


def test_session_table_and_errors() -> None:
    table = run("session", "--game", "craps", "--bet", "pass", "--rounds", "100")
    assert table.returncode == 0 and "P(ahead)" in table.stdout and "-140/99" in table.stdout
    for args, message in [
        (("--game", "roulette", "--bet", "red", "--rounds", "0"), "--rounds must be a whole number from 1 up, not 0"),
        (("--game", "roulette", "--bet", "purple", "--rounds", "5"), "unknown roulette bet 'purple'; the bets are:"),
        (("--game", "roulette", "--bet", "red", "--rounds", "5", "--rules", "monaco"), "unknown rules 'monaco'"),
        (("--game", "roulette", "--bet", "red", "--rounds", "99999"), "too many to compute exactly"),
    ]:
        result = run("session", *args)
        assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


# The session explorer and its static twin.

def test_the_explorer_follows_its_controls() -> None:
    from casino_math.widgets.session import BANKROLLS, STAKES, explorer_table, flat, session_explorer

    game, roulette_bet, craps_bet, *_, stake, bankroll, rounds, view, _ = flat(session_explorer(rounds=10))
    assert (game.label, roulette_bet.label, stake.label, bankroll.label, rounds.label) == ("Roulette", "Red", "$10", "$200", "10")
    assert 'aria-label="The exact probability of each bankroll at the end of a session: Red at roulette, from $200' in view.value
    game.value = 1
    assert craps_bet.label == "Pass line" and "Hard 4" in craps_bet._options_labels and "Pass line at craps" in view.value
    craps_bet.value = [label for label, _ in craps_bet.options].index("Field")
    stake.value = STAKES.index(100)
    bankroll.value = BANKROLLS.index(50)
    # Jupyter's result is an HTMLMath widget: the dollars of its text are escaped, so that MathJax leaves them as money.
    assert view.value == ('<p class="widget-refusal">a bankroll of \\$50 does not cover one bet of \\$100; choose a '
                          "larger bankroll or a smaller stake</p>")
    assert explorer_table("craps", "field", 10, 200, 10).rows[0][1].startswith("Field at craps")


def test_the_static_twin_is_the_walk_in_dollars() -> None:
    from casino_math import ruin
    from casino_math.display import percent
    from casino_math.widgets.session import explorer_figures

    rows = dict(explorer_figures("roulette", "red", 10, 200, 100))
    w = ruin.walk(RED, 20, 100)
    assert rows["P(broke within 100 bets)"] == percent(w.p_ruin())
    with pytest.raises(ValueError, match=r"a bankroll of \$20 does not cover one bet of \$25"):
        explorer_figures("roulette", "red", 25, 20, 10)


# The expected value refuses floats; the P(ahead) curve from the whole-number counts.


def test_expectation_refuses_a_float() -> None:
    with pytest.raises(TypeError, match=r"^f\(-1\) = -1\.0 is a float; use a Fraction or an integer count"):
        session.session(RED, 1).E(float)  # type: ignore[arg-type]  # a float-valued function, on purpose
    assert session.session(RED, 1).E(lambda net: net * net) == 1                  # whole numbers and Fractions pass


@pytest.mark.parametrize("bet_id", ["straight", "split", "street", "corner", "six_line", "dozen", "red"])
def test_ahead_curve_matches_term_by_term(bet_id: str) -> None:
    bet = dict(roulette.edge_bets(roulette.OXFORD))[bet_id]
    assert session.p_ahead_curve(bet, 300) == ahead_term_by_term(bet, 300)


@pytest.mark.parametrize("bet", [HEADS, one_face_bet(2), one_face_bet(5)], ids=lambda bet: bet.name)
def test_ahead_curve_matches_each_session(bet: Bet) -> None:
    assert session.p_ahead_curve(bet, 40) == [session.session(bet, n).p_ahead() for n in range(1, 41)]


def test_ahead_curve_of_a_bet_that_pushes_is_each_session() -> None:
    banker = baccarat.banker_bet()
    assert session.p_ahead_curve(banker, 5) == [session.session(banker, n).p_ahead() for n in range(1, 6)]


def test_ahead_curve_published_shape() -> None:
    curve = session.p_ahead_curve(RED, 1000)
    assert curve[0] == Fraction(18, 38) and curve[1] == Fraction(18, 38) ** 2        # one spin; two wins of two
    assert curve[-1] == session.session(RED, 1000).p_ahead()


@pytest.mark.parametrize("rounds", [1, 2, 7, 50])
def test_ahead_even_behind_add_to_one(rounds: int) -> None:
    chances = session.session(baccarat.banker_bet(), rounds).ahead_even_behind()
    assert sum(chances) == 1 and chances[0] == session.p_ahead(baccarat.banker_bet(), rounds)
