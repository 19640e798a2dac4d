"""Betting systems: exact outcomes, the edge on total action, and the classic closed forms."""

from fractions import Fraction

import pytest
from sample_bets import EVERY_BET, HEADS, RED, STRAIGHT, WHEEL  # noqa: F401

from casino_math import baccarat, craps, ruin, systems
from casino_math.bets import house_edge_per_bet_made, p_win
from casino_math.dice import one_face_bet
from casino_math.distribution import Distribution
from casino_math.systems import ALL, BET_IT_ALL, DALEMBERT, FLAT, MARTINGALE, REVERSE_MARTINGALE, SYSTEMS, play

BETS = [RED, STRAIGHT, craps.bet("pass"), craps.bet("dont_pass"), craps.bet("buy_4"), craps.bet("field"),
        baccarat.player_bet()]


# The edge on total action is the house edge, whatever the system (optional stopping).

@pytest.mark.parametrize("system", list(SYSTEMS.values()), ids=list(SYSTEMS))
@pytest.mark.parametrize("bet", BETS, ids=lambda bet: bet.name)
def test_loss_per_unit_of_action_is_the_house_edge(system, bet):
    result = play(bet, system, bankroll=12, goal=18, table_max=8, rounds=25)
    assert result.loss_per_action() == house_edge_per_bet_made(bet) == systems.edge_on_action(bet)
    assert result.final.E() == 12 - house_edge_per_bet_made(bet) * result.expected_action


def test_the_banker_too():
    result = play(baccarat.banker_bet(), MARTINGALE, bankroll=6, goal=9, table_max=8, rounds=12)
    assert result.loss_per_action() == house_edge_per_bet_made(baccarat.banker_bet())


def test_a_fair_game_stays_fair_under_every_system():
    for system in SYSTEMS.values():
        assert play(HEADS, system, 10, goal=15, table_max=8, rounds=30).expected_net() == 0


# Closed forms.

@pytest.mark.parametrize("doublings", [1, 2, 3, 5])
def test_one_martingale_series(doublings):
    # Room for k bets 1, 2, ..., 2^(k-1): win one unit, or lose 2^k - 1 units with chance q^k.
    bankroll = 2**doublings - 1
    result = play(RED, MARTINGALE, bankroll, goal=bankroll + 1, rounds=doublings)
    series = systems.martingale_series(RED, doublings)
    assert result.p_goal() == series[1] == 1 - Fraction(10, 19) ** doublings
    assert result.p_ruin() == series[1 - 2**doublings]
    assert result.expected_net() == series.E() == 1 - Fraction(20, 19) ** doublings     # 1 - (2q)^k
    assert result.expected_action == sum(Fraction(20, 19) ** j for j in range(doublings))  # sum of 2^j q^j


def test_bet_it_all_is_one_bet():
    for bet in (RED, STRAIGHT, craps.bet("pass")):
        result = play(bet, BET_IT_ALL, 20, goal=40, table_max=50)
        assert result.expected_bets == 1 and result.expected_action == 20
        assert result.p_goal() == p_win(bet)


def test_bold_play_beats_flat_betting_at_doubling_a_bankroll():
    bold = play(RED, BET_IT_ALL, 20, goal=40, table_max=50).p_goal()
    flat = play(RED, FLAT, 20, goal=40, rounds=3000).p_goal()
    assert bold == Fraction(9, 19) and flat < ruin.ruin(RED, 20, 40).p_goal < bold


def test_flat_betting_is_the_walk_of_ruin():
    for bet in (RED, STRAIGHT, craps.bet("field")):
        flat = play(bet, FLAT, 5, goal=9, rounds=20)
        walk = ruin.walk(bet, 5, 20, goal=9)
        assert flat.final == walk.final and flat.expected_bets == walk.expected_bets()


def test_the_table_maximum_and_the_bankroll_cut_the_stake():
    assert systems.stake_put_down(32, Fraction(100), 25, Fraction(1)) == 25
    assert systems.stake_put_down(32, Fraction(20), 50, Fraction(1)) == 20
    assert systems.stake_put_down(ALL, Fraction(20), None, Fraction(21, 20)) == 19      # 19 * 21/20 <= 20
    # From 4 units toward 5: bet 1, then 2; after two losses the martingale wants 4 but 1 is left.
    result = play(HEADS, MARTINGALE, 4, goal=5, rounds=3)
    assert result.final == Distribution({5: Fraction(3, 4), 2: Fraction(1, 8), 0: Fraction(1, 8)})


def test_the_systems_by_hand():
    # d'Alembert from 3 units toward 5, heads or tails: bet 1; then 1 after a win (never below 1), 2 after a loss.
    # Win, win: 5.  Win, lose: 3.  Lose, win (stake 2): 4.  Lose, lose: 0.
    result = play(HEADS, DALEMBERT, 3, goal=5, rounds=2)
    assert result.final == Distribution({5: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4), 0: Fraction(1, 4)})
    assert result.expected_action == 1 + Fraction(1, 2) * 1 + Fraction(1, 2) * 2
    parlay = play(HEADS, REVERSE_MARTINGALE, 10, rounds=3)            # 1, 2, 4 after wins: +7 with 1/8
    assert parlay.final[17] == Fraction(1, 8)


def test_the_martingale_wins_often_and_loses_big():
    martingale = play(RED, MARTINGALE, 20, goal=30, table_max=50, rounds=200)
    flat = play(RED, FLAT, 20, goal=30, table_max=50, rounds=200)
    assert martingale.p_goal() > Fraction(1, 2) > flat.p_goal()
    assert martingale.expected_net() > flat.expected_net()                  # less action, less lost ...
    assert martingale.expected_action < flat.expected_action                 # ... because less is staked


# Bad input.

@pytest.mark.parametrize("kwargs, error, message", [
    ({"bankroll": 0}, ValueError, r"the bankroll must be a positive whole number of units \(stakes\), not 0"),
    ({"bankroll": 2.5}, TypeError, "the bankroll must be a positive whole number of units"),
    ({"bankroll": 20, "goal": 20}, ValueError, r"the goal \(20 units\) must be above the bankroll"),
    ({"bankroll": 20, "goal": 19.5}, TypeError, "the goal must be a positive whole number"),
    ({"bankroll": 20, "table_max": 0}, ValueError, r"the table maximum must be a positive whole number of units"),
    ({"bankroll": 20, "table_max": 2.5}, ValueError, "the table maximum must be a positive whole number"),
    ({"bankroll": 20, "rounds": 0}, ValueError, "the number of rounds must be a positive whole number, not 0"),
    ({"bankroll": 20, "rounds": 1.5}, TypeError, r"the number of rounds must be a whole number \(int\)"),
])
def test_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        play(RED, MARTINGALE, **kwargs)


def test_other_bad_input():
    with pytest.raises(TypeError, match="system must be a System"):
        play(RED, "martingale", 20)
    with pytest.raises(ValueError, match="wins in a row before starting again must be a positive whole number"):
        systems.reverse_martingale(0)
    with pytest.raises(ValueError, match="a martingale series needs an even-money bet"):
        systems.martingale_series(one_face_bet(4), 3)
    with pytest.raises(ValueError, match="the number of bets in the series must be a positive whole number"):
        systems.martingale_series(RED, 0)
