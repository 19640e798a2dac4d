"""Simulation against the exact results: every bet of every game, under every rules value, with fixed seeds.

Each check is deterministic (the seed is fixed) and states its tolerance: the simulated mean must lie within
``simulate.TOLERANCE`` (four) standard errors of the exact expected value; a fair sample strays that far
about 6 times in 100,000.
"""

from collections.abc import Callable
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from casino_math import baccarat, craps, games, roulette, simulate
from casino_math.baccarat.rules import BaccaratRules
from casino_math.baccarat.simulate import CUT_CARD, baccarat_nets, deal_shoes, play_coups
from casino_math.bets import Bet, even_money
from casino_math.craps.rules import CrapsRules
from casino_math.craps.simulate import craps_sample, shooter_hands
from casino_math.dice import coin, one_face_bet
from casino_math.roulette.rules import RouletteRules
from casino_math.roulette.simulate import roulette_sample
from casino_math.simulate import Sample

GAMES = {"roulette": roulette, "craps": craps, "baccarat": baccarat}
RULES = [(game, name) for game, module in GAMES.items() for name in module.RULES]
#: Bets simulated per bet: spins, bets settled roll by roll, coups dealt from shoes.
SIZES = {"roulette": 200_000, "craps": 100_000, "baccarat": 200_000}


@cache
def samples(game: str, rules_name: str) -> list[tuple[str, Bet, Sample]]:
    """(bet id, exact bet, simulated sample) for every bet of a game under a rules value, from seed 2024."""
    module = GAMES[game]
    rules = module.RULES[rules_name]
    rng = simulate.generator(2024)
    pairs = module.edge_bets(rules)
    if game == "baccarat":                   # every bet settled on the same coups, as at a real table
        coups = deal_shoes(rules, SIZES[game] // 78, rng)
        return [(bet_id, bet, baccarat_nets(bet, coups)) for bet_id, bet in pairs]
    return [(bet_id, bet, simulate.game_sample(module, bet_id, bet, rules, SIZES[game], rng)) for bet_id, bet in pairs]


@pytest.mark.parametrize("game, rules_name", RULES, ids=[f"{g}-{r}" for g, r in RULES])
def test_every_simulated_mean_lies_within_four_standard_errors(game: str, rules_name: str) -> None:
    for bet_id, bet, sample in samples(game, rules_name):
        assert sample.size >= SIZES[game]
        z = sample.z_score(bet)
        assert abs(z) < simulate.TOLERANCE, f"{game} {rules_name} {bet_id}: {z:.2f} standard errors"


@pytest.mark.parametrize("rules_name", list(craps.RULES))
def test_every_craps_bet_takes_its_expected_number_of_rolls(rules_name: str) -> None:
    for bet_id, bet, sample in samples("craps", rules_name):
        assert sample.rounds is not None, f"{bet_id} records the rolls it took"
        spread = float(np.std(sample.rounds)) / np.sqrt(sample.size)
        if bet.rounds == 1:
            assert bool((sample.rounds == 1).all())
        else:
            z = (float(sample.mean_rounds()) - float(bet.rounds)) / spread
            assert abs(z) < simulate.TOLERANCE, f"{bet_id}: rolls {z:.2f} standard errors from {bet.rounds}"


def test_a_shooter_hand_lasts_its_expected_rolls() -> None:
    # A shooter's hand: come-out rolls and points until a seven-out.  Its expected length is the expected rolls
    # to a line decision over the chance that a decision is a seven-out: 1671/196, the "about 8.526" rolls of
    # Donald Catlin, The Number of Craps Rolls, Casino City Times, 2013.
    rules = craps.RULES["oxford"]
    hands = shooter_hands(rules, 100_000, simulate.generator(7))
    seven_out = sum(Fraction(w, 36) * Fraction(6, w + 6) for w in (3, 4, 5, 5, 4, 3))
    exact = craps.bet("pass").rounds / seven_out
    assert exact == Fraction(1671, 196)
    assert abs(hands.mean() - float(exact)) < simulate.TOLERANCE * hands.std() / np.sqrt(hands.size)


def test_the_vectorised_coup_plays_like_the_baccarat_module() -> None:
    # Brute force: 20,000 random six-card sequences, coup by coup, against casino_math.baccarat.play.
    hands = simulate.generator(1).integers(0, 10, size=(20_000, 6))
    player, banker, player_cards, banker_cards = play_coups(hands, baccarat.RULES["oxford"])
    for i, cards in enumerate(hands.tolist()):
        coup = baccarat.play(cards)
        assert (coup.player, coup.banker, coup.player_cards, coup.banker_cards) == (
            player[i], banker[i], player_cards[i], banker_cards[i])


def test_shoes_are_dealt_without_replacement_to_the_cut_card() -> None:
    coups = deal_shoes(baccarat.RULES["oxford"], 50, simulate.generator(3))
    used = np.bincount(coups["shoe"], weights=coups["player_cards"] + coups["banker_cards"])
    assert (used <= 416 - CUT_CARD + 5).all() and (used > 416 - CUT_CARD - 1).all()
    one_deck = deal_shoes(baccarat.OXFORD.changed(decks=1), 1, simulate.generator(3), cut_card=6)
    assert (one_deck["player_cards"] + one_deck["banker_cards"]).sum() <= 52


def test_sampling_a_bet_gives_each_outcome_its_exact_chance() -> None:
    sample = simulate.sample_bet(one_face_bet(5), 60_000, simulate.generator(5))
    assert set(sample.steps.tolist()) == {-1, 5}
    assert abs(sample.z_score(one_face_bet(5))) < simulate.TOLERANCE


def test_the_same_seed_plays_the_same_games() -> None:
    red = dict(roulette.edge_bets(roulette.OXFORD))["red"]
    first = roulette_sample(red, roulette.OXFORD, 1000, simulate.generator(9))
    again = roulette_sample(red, roulette.OXFORD, 1000, simulate.generator(9))
    assert (first.steps == again.steps).all() and first.mean() == again.mean()


def test_law_of_large_numbers_and_central_limit() -> None:
    heads = even_money("heads", coin(), lambda side: side == "H")
    running = simulate.sample_bet(heads, 100_000, simulate.generator(11)).running_mean()
    assert abs(running[-1]) < simulate.TOLERANCE / np.sqrt(running.size)       # the sd of heads-or-tails is 1
    nets = simulate.session_nets(heads, 100, 20_000, simulate.generator(12)).steps
    # The net after 100 fair bets: mean 0, sd 10; about 68% within one sd (the exact binomial: 0.7287).
    assert abs(nets.mean()) < 4 * 10 / np.sqrt(nets.size)
    assert 0.70 < np.mean(np.abs(nets) <= 10) < 0.76


def test_paths_stop_when_broke() -> None:
    p = simulate.paths(one_face_bet(5), 200, 20, simulate.generator(13), bankroll=5)
    assert p.shape == (20, 201) and (p[:, 0] == 0).all() and (p >= -5).all()
    broke = p[:, -1] == -5
    assert broke.any()


# Bad input.

@pytest.mark.parametrize("call, message", [
    (lambda: simulate.generator(-1), "a seed must be a whole number from 0 up, not -1"),
    (lambda: simulate.generator(1.5), "a seed must be a whole number from 0 up, not 1.5"),  # type: ignore[arg-type]  # on purpose
    (lambda: simulate.sample_bet(one_face_bet(5), 0, simulate.generator(1)),
     "the number of bets must be a positive whole number, not 0"),
    (lambda: simulate.session_nets(one_face_bet(5), 0, 5, simulate.generator(1)),
     "the number of rounds must be a positive whole number, not 0"),
    (lambda: simulate.paths(one_face_bet(5), 5, 0, simulate.generator(1)),
     "the number of paths must be a positive whole number, not 0"),
    (lambda: deal_shoes(None, 1, simulate.generator(1), cut_card=3),
     "the cut card must leave a whole number of cards from 6"),
    (lambda: craps_sample("pass_with_odds", craps.bet("pass_with_odds", odds="2x"), craps.OXFORD, 10,
                                   simulate.generator(1)), "no roll-by-roll twin for pass_with_odds"),
    (lambda: craps_sample("field", one_face_bet(5), craps.OXFORD, 10, simulate.generator(1)),
     "is not settled by one roll of two dice"),
    (lambda: simulate.Sample("x", np.array([1]), 1).mean_rounds(), "did not record rounds"),
    (lambda: simulate.game_sample(roulette, "red", one_face_bet(5), None, 10, simulate.generator(1)),  # type: ignore[misc]  # None for rules, on purpose
     "roulette is played by its rules' wheel and pay table: give roulette rules, not None"),
    (lambda: craps_sample("pass", craps.bet("pass"), None, 10, simulate.generator(1)),
     "pass is settled by the rules' naturals, craps and bar: give craps rules, not None"),
])
def test_bad_input(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("game, rules, message", [
    ("roulette", craps.OXFORD, "roulette is played by RouletteRules, not CrapsRules"),
    ("craps", baccarat.OXFORD, "craps is played by CrapsRules, not BaccaratRules"),
    ("baccarat", roulette.OXFORD, "baccarat is played by BaccaratRules, not RouletteRules"),
])
def test_another_game_s_rules_are_refused(
        game: str, rules: BaccaratRules | CrapsRules | RouletteRules, message: str) -> None:
    with pytest.raises(TypeError, match=f"^{message}$"):
        simulate.game_sample(games.game(game), "x", one_face_bet(5), rules, 10, simulate.generator(1))
