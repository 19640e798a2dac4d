"""Keno: each ticket's catch law against brute force and closed forms, its edges against published figures, its
errors, its Monte Carlo twin, and the command line.

Sources: the Michigan Lottery's Club Keno rules (``michigan_club_keno`` in book/references.bib) print each ticket's
"odds of winning" to two decimals; the 25% edge of a one-spot ticket that pays 3 for 1 is quoted in most keno
guides (e.g. "Casino advantage in keno", pokeronlineguru.com, which gives 3 for 1 and 25 percent).
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from casino_math import keno
from casino_math.bets import PayTable, expected_value, house_edge, p_lose, variance
from casino_math.draws import hypergeometric
from casino_math.keno.catches import catch_law, catch_ways, mean_catch
from casino_math.keno.rules import MICHIGAN, TWO_BIT_MENU, KenoRules
from casino_math.keno.simulate import drawn_catches
from casino_math.ruin import ruin
from casino_math.ruin.chain import ruin_by_climbing, ruin_chain
from casino_math.simulate import generator


def brute_force_ways(spots: int, numbers: int, drawn: int) -> dict[int, int]:
    """Every draw of ``drawn`` of ``numbers`` listed, and the ticket marking the first ``spots`` numbers checked."""
    ways: dict[int, int] = {}
    for draw in combinations(range(numbers), drawn):
        caught = sum(1 for n in draw if n < spots)
        ways[caught] = ways.get(caught, 0) + 1
    return ways


@pytest.mark.parametrize("numbers, drawn", [(10, 4), (12, 5), (8, 8), (9, 1)])
def test_the_catch_law_is_the_count_of_every_draw_on_a_small_board(numbers: int, drawn: int) -> None:
    for spots in range(numbers + 1):
        assert catch_ways(spots, numbers, drawn) == brute_force_ways(spots, numbers, drawn), (spots, numbers, drawn)


def test_the_ticket_marked_does_not_matter_on_a_small_board() -> None:
    # The law is the same for any set of spots, not only the first numbers: every 3-spot ticket of a 4-of-10 draw.
    for ticket in combinations(range(10), 3):
        ways: dict[int, int] = {}
        for draw in combinations(range(10), 4):
            caught = len(set(ticket) & set(draw))
            ways[caught] = ways.get(caught, 0) + 1
        assert ways == catch_ways(3, 10, 4)


@pytest.mark.parametrize("spots", range(11))
def test_the_chances_sum_to_one_and_the_mean_catch_is_a_quarter_of_the_spots(spots: int) -> None:
    law = catch_law(spots)
    assert sum(law.values()) == 1 and sum(catch_ways(spots).values()) == comb(80, 20)
    assert mean_catch(spots) == Fraction(spots * 20, 80)
    # and the hypergeometric variance 20 (k/80)(1 - k/80)(80 - 20)/(80 - 1)
    mean, share = mean_catch(spots), Fraction(spots, 80)
    assert sum((c - mean) ** 2 * p for c, p in law.items()) == 20 * share * (1 - share) * Fraction(60, 79)


@pytest.mark.parametrize("spots", range(11))
def test_the_catch_law_is_the_librarys_hypergeometric_count(spots: int) -> None:
    assert dict(catch_law(spots).items()) == dict(hypergeometric(spots, 80, 20).items())


def test_ten_of_ten_is_one_in_about_8_9_million() -> None:
    # C(20,10)/C(80,10): the ten spots must all be among the twenty drawn; the same as C(70,10)/C(80,20)
    p = catch_law(10)[10]
    assert p == Fraction(comb(20, 10), comb(80, 10)) == Fraction(comb(70, 10), comb(80, 20))
    assert 8_911_711 < 1 / p < 8_911_712


def edge_from_counts(rules: KenoRules, spots: int) -> Fraction:
    """1 - (what a 1-unit ticket returns on average), straight from C(k,c) C(80-k,20-c) / C(80,20)."""
    returned = sum((prize * comb(spots, c) * comb(80 - spots, 20 - c)
                    for (k, c), prize in rules.prizes.items() if k == spots), Fraction(0))
    return 1 - returned / comb(80, 20)


@pytest.mark.parametrize("rules", [MICHIGAN, TWO_BIT_MENU], ids=["michigan", "two_bit_menu"])
def test_each_tickets_edge_is_one_less_its_average_return(rules: KenoRules) -> None:
    for bet_id, bet in keno.edge_bets(rules):
        assert house_edge(bet) == edge_from_counts(rules, int(bet_id.removeprefix("pick_"))) == -expected_value(bet)


#: Michigan Club Keno's printed "odds of winning this game" (any prize, the $1 returned by a 7-spot's 3 catches
#: and a 4-spot's 2 included), ticket -> "1 in ...".
MICHIGAN_ODDS = {"pick_10": "9.05", "pick_9": "6.53", "pick_8": "9.77", "pick_7": "4.23", "pick_6": "6.19",
                 "pick_5": "10.34", "pick_4": "3.86"}


@pytest.mark.parametrize("bet_id", MICHIGAN_ODDS)
def test_the_chance_of_a_prize_is_the_michigan_lotterys_printed_odds(bet_id: str) -> None:
    bet = keno.bet(bet_id, MICHIGAN)
    one_in = 1 / (1 - p_lose(bet))
    assert f"{float(one_in):.2f}" == MICHIGAN_ODDS[bet_id]


def test_a_one_spot_paying_3_for_1_has_the_published_25_percent_edge() -> None:
    one_spot = MICHIGAN.changed(name="A one-spot paying 3 for 1", prizes={(1, 1): 3})
    assert keno.edge_bets(one_spot)[0][0] == "pick_1"
    assert house_edge(keno.bet("pick_1", one_spot)) == Fraction(1, 4)


def test_the_michigan_edges_lie_between_34_and_37_percent_and_the_live_ten_spot_is_worse() -> None:
    edges = {b: house_edge(bet) for b, bet in keno.edge_bets(MICHIGAN)}
    assert all(Fraction(34, 100) < e < Fraction(37, 100) for e in edges.values())
    assert house_edge(keno.bet("pick_10", TWO_BIT_MENU)) > edges["pick_10"]


def test_the_tickets_offered_are_those_the_pay_table_lists() -> None:
    assert MICHIGAN.offers() == tuple(f"pick_{k}" for k in range(4, 11))
    assert TWO_BIT_MENU.offers() == ("pick_10",)


def test_bad_input_gets_a_one_line_error() -> None:
    with pytest.raises(ValueError, match=r"^this table \(Michigan Lottery Club Keno\) has no pick_2 bet; it offers: "
                                         r"pick_4, .*pick_10$"):
        keno.bet("pick_2", MICHIGAN)
    with pytest.raises(ValueError, match=r"^this table \(Las Vegas 2-Bit Menu live keno\) has no pick_4 bet; it "
                                         r"offers: pick_10$"):
        keno.bet("pick_4", TWO_BIT_MENU)
    with pytest.raises(ValueError, match=r"^unknown keno bet 'pick_11'; did you mean "):
        keno.bet("pick_11", MICHIGAN)
    with pytest.raises(TypeError, match=r"^keno rules must be a rules value such as keno.RULES\['michigan'\]"):
        keno.bet("pick_4", "michigan")  # type: ignore[arg-type]  # the error a caller passing a name gets
    with pytest.raises(ValueError, match=r"^the spots marked must be a whole number from 0 to 80, not 81$"):
        catch_law(81)
    with pytest.raises(ValueError, match=r"^the numbers drawn must be a whole number from 0 to 10, not 11$"):
        catch_law(2, numbers=10, drawn=11)
    with pytest.raises(ValueError, match=r"a prize is keyed \(spots, catch\), 1 <= spots <= 10 and 0 <= catch <= "
                                         r"spots, not \(11, 3\)$"):
        MICHIGAN.changed(prizes={(11, 3): 5})
    with pytest.raises(ValueError, match=r"the prize for \(4, 4\) is -1; a ticket cannot return less than 0$"):
        MICHIGAN.changed(prizes={(4, 4): -1})
    with pytest.raises(ValueError, match=r"the numbers drawn must be a whole number from 1 to 80, not 81$"):
        MICHIGAN.changed(drawn=81)
    with pytest.raises(ValueError, match=r"the numbers on the board must be a whole number from 1 up, not 70.5$"):
        MICHIGAN.changed(numbers=70.5)
    with pytest.raises(TypeError, match=r"is a float"):
        MICHIGAN.changed(prizes={(4, 4): 72.5})


def test_changed_prizes_are_a_pay_table_and_leave_the_original() -> None:
    richer = MICHIGAN.changed(prizes={**MICHIGAN.prizes, (4, 4): 100})
    assert isinstance(richer.prizes, PayTable) and MICHIGAN.prizes[4, 4] == 72
    assert house_edge(keno.bet("pick_4", richer)) < house_edge(keno.bet("pick_4", MICHIGAN))


def test_drawn_catches_follow_the_law_within_four_standard_errors() -> None:
    games = 40_000
    caught = drawn_catches(4, MICHIGAN, games, generator(34))
    for c, p in catch_law(4).items():
        expected, sd = games * float(p), sqrt(games * float(p) * (1 - float(p)))
        assert abs(int((caught == c).sum()) - expected) < 4 * sd + 1, c


def test_the_twin_averages_the_exact_net_within_four_standard_errors() -> None:
    bet = keno.bet("pick_4", MICHIGAN)
    sample = keno.twin("pick_4", bet, MICHIGAN, 40_000, generator(2026))
    assert sample.size == 40_000
    se = sqrt(float(variance(bet)) / sample.size)
    assert abs(float(sample.mean() - expected_value(bet))) < 4 * se


@pytest.mark.parametrize("bet_id, bankroll, goal", [("pick_10", 3, 6), ("pick_5", 4, 9), ("pick_4", 5, 7)])
def test_ruin_climbing_past_the_goal_agrees_with_the_plain_chain(bet_id: str, bankroll: int, goal: int) -> None:
    # A keno prize jumps far past any small goal: the fast solver (which the command line uses) against the plain
    # absorbing chain, solved by elimination.
    bet = keno.bet(bet_id, MICHIGAN)
    assert ruin_by_climbing(bet, bankroll, goal) == ruin_chain(bet, bankroll, goal)
    assert ruin(bet, bankroll, goal).p_goal == ruin_chain(bet, bankroll, goal)[0]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True, check=False,
                          timeout=300)


def test_edges_on_the_command_line_are_the_exact_edges() -> None:
    result = run("edges", "--game", "keno", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["rules"] == "michigan"
    assert {row["bet"]: Fraction(row["house_edge"]) for row in report["bets"]} == {
        b: house_edge(bet) for b, bet in keno.edge_bets(MICHIGAN)}
    live = json.loads(run("edges", "--game", "keno", "--rules", "two-bit-menu", "--format", "json").stdout)
    assert [row["bet"] for row in live["bets"]] == ["pick_10"]
    assert Fraction(live["bets"][0]["house_edge"]) == house_edge(keno.bet("pick_10", TWO_BIT_MENU))


def test_session_on_the_command_line_is_the_exact_session() -> None:
    result = run("session", "--game", "keno", "--bet", "pick_5", "--rounds", "2", "--format", "json", "--exact")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert Fraction(report["expected_net"]) == 2 * expected_value(keno.bet("pick_5", MICHIGAN))
    # pick_5 never pushes; ahead after two tickets needs at least one win, e.g. both won: p_win**2 <= P(ahead)
    lost = p_lose(keno.bet("pick_5", MICHIGAN))
    assert (1 - lost) ** 2 <= Fraction(report["p_ahead"]) <= 1 - lost**2


def test_ruin_on_the_command_line_reaches_a_goal_a_single_ticket_can_pass() -> None:
    # From 1 unit to 2 a single ticket decides it: any net win of at least 1 reaches the goal.
    result = run("ruin", "--game", "keno", "--bet", "pick_10", "--bankroll", "1", "--goal", "2", "--format", "json",
                 "--exact")
    assert result.returncode == 0, result.stderr
    bet = keno.bet("pick_10", MICHIGAN)
    assert Fraction(json.loads(result.stdout)["p_goal"]) == 1 - p_lose(bet)
    assert run("ruin", "--game", "keno", "--bet", "pick_10", "--bankroll", "20", "--goal", "40").returncode == 0


def test_a_ticket_the_table_does_not_sell_is_a_one_line_error_on_the_command_line() -> None:
    result = run("session", "--game", "keno", "--bet", "pick_1", "--rounds", "3")
    assert result.returncode == 2 and result.stderr.strip().count("\n") == 0
    assert "has no pick_1 bet; it offers: pick_4" in result.stderr
