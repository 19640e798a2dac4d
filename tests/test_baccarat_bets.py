"""Mini-baccarat bets against published figures, the Dragon Bonus, effect of removal and the command line.

Sources:
- WoO-B: Wizard of Odds, "Baccarat" (house edge and probabilities; the eight-deck combinations
  banker 2,292,252,566,437,888, player 2,230,518,282,592,256, tie 475,627,426,473,216).
- WoO-D: Wizard of Odds, baccarat appendix 5, "Dragon Bonus" (combinations for eight decks; edges for 4, 6, 8 decks).
- WoO-EZ: Wizard of Odds, "EZ Baccarat" (banker edge 1.0183% with eight decks).
- Thorp: E. O. Thorp, The Mathematics of Gambling (1984), baccarat chapter; the six- and eight-deck probabilities and
  edges as reproduced at multiplayerbaccarat.com (banker 5% and 4%, player, tie 8 to 1 and 9 to 1).
"""

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from casino_math import bets as b
from casino_math.baccarat import OXFORD, RULES, Shoe, edge_bets, posted_bets, tie_bet

BET_IDS = OXFORD.bets
from collections.abc import Callable

from casino_math.baccarat.bets import banker_bet, main_bets, player_bet
from casino_math.baccarat.deal import deal_counts, result_counts
from casino_math.baccarat.dragon import check_side, dragon_bonus_bet, dragon_line
from casino_math.baccarat.eor import (
    counter_gain,
    effect_of_removal,
    estimate_variance,
    expected_values,
    favourable_chance,
    linear_estimate,
    normal_cdf,
    weighted_sum,
)
from casino_math.baccarat.rules import DRAGON_BONUS
from casino_math.display import percent

EIGHT_DECKS = Shoe.of_decks(8)
TOTAL_8 = 416 * 415 * 414 * 413 * 412 * 411

# ---------------------------------------------------------------------------------------------------------------
# The eight-deck counts (WoO-B)

WINNER_COUNTS = [
    ("banker", 2_292_252_566_437_888),
    ("player", 2_230_518_282_592_256),
    ("tie", 475_627_426_473_216),
]


@pytest.mark.parametrize("winner, count", WINNER_COUNTS)
def test_eight_deck_counts_by_winner(winner: str, count: int) -> None:
    assert sum(n for coup, n in deal_counts(EIGHT_DECKS).items() if coup.winner == winner) == count


def test_the_winner_counts_add_up_to_every_deal() -> None:
    assert sum(count for _, count in WINNER_COUNTS) == TOTAL_8


# ---------------------------------------------------------------------------------------------------------------
# House edges (rounded to the digits the source prints)

EDGES = [
    # rules, decks, bet, published house edge, source
    ("oxford", 8, "banker", "1.0579%", "WoO-B"),
    ("oxford", 8, "player", "1.2351%", "WoO-B"),
    ("oxford", 8, "tie", "14.3596%", "WoO-B"),
    ("tie_9_to_1", 8, "tie", "4.8440%", "WoO-B"),
    ("oxford", 6, "banker", "1.0558%", "Thorp"),
    ("oxford", 6, "player", "1.2374%", "Thorp"),
    ("oxford", 6, "tie", "14.4382%", "Thorp"),
    ("tie_9_to_1", 6, "tie", "4.9313%", "Thorp"),
    ("ez", 8, "banker", "1.0183%", "WoO-EZ"),
]


@pytest.mark.parametrize("rules, decks, bet_id, edge, source", EDGES)
def test_published_house_edges(rules: str, decks: int, bet_id: str, edge: str, source: str) -> None:
    bet = dict(edge_bets(RULES[rules].changed(decks=decks)))[bet_id]
    assert percent(b.house_edge(bet), 4) == edge


@pytest.mark.parametrize("decks, edge", [(6, "0.5972%"), (8, "0.5993%")])
def test_banker_with_a_4_percent_commission(decks: int, edge: str) -> None:  # Thorp
    rules = OXFORD.changed(name="4% commission", banker_pays=Fraction(24, 25))
    assert percent(b.house_edge(banker_bet(rules.changed(decks=decks))), 4) == edge


PROBABILITIES = [  # decks, P(banker wins), P(player wins), P(tie), rounded to 6 places (Thorp)
    (6, "0.458653", "0.446279", "0.095069"),
    (8, "0.458597", "0.446247", "0.095156"),
]


@pytest.mark.parametrize("decks, banker, player, tie", PROBABILITIES)
def test_published_probabilities(decks: int, banker: str, player: str, tie: str) -> None:
    from casino_math.display import decimal

    assert decimal(b.p_win(banker_bet(OXFORD.changed(decks=decks))), 6) == banker
    assert decimal(b.p_win(player_bet(OXFORD.changed(decks=decks))), 6) == player
    assert decimal(b.p_win(tie_bet(OXFORD.changed(decks=decks))), 6) == tie


def test_banker_beats_player_despite_the_commission() -> None:
    banker, player, _ = main_bets(OXFORD)
    assert b.p_win(banker) > b.p_win(player)
    assert b.house_edge(banker) < b.house_edge(player)
    # Without the commission the banker bet would be favourable to the bettor by the gap in winning chances.
    free = banker_bet(OXFORD.changed(name="no commission", banker_pays=1))
    assert b.expected_value(free) == b.p_win(banker) - b.p_win(player) > 0


def test_ties_push_the_main_bets_and_the_edge_per_resolved_hand() -> None:
    banker, player, tie = main_bets(OXFORD)
    assert b.p_push(banker) == b.p_push(player) == b.p_win(tie)
    assert b.house_edge_per_bet_resolved(banker) == b.house_edge(banker) / (1 - b.p_win(tie))


def test_the_tie_edge_is_exactly_one_minus_nine_times_p_tie() -> None:
    p_tie = Fraction(475_627_426_473_216, TOTAL_8)
    assert b.house_edge(tie_bet(OXFORD)) == 1 - 9 * p_tie
    assert b.house_edge(tie_bet(RULES["tie_9_to_1"])) == 1 - 10 * p_tie


@pytest.mark.parametrize("decks", range(1, 9))
def test_every_bet_has_a_house_edge_for_every_number_of_decks(decks: int) -> None:
    for bet_id, bet in posted_bets(RULES["oxford"].changed(decks=decks)):
        assert 0 < b.house_edge(bet) < Fraction(1, 5), bet_id
        assert b.p_win(bet) + b.p_lose(bet) + b.p_push(bet) == 1


def test_fewer_decks_help_the_banker_and_hurt_the_player_and_tie() -> None:
    edges = {d: {i: b.house_edge(bet) for i, bet in posted_bets(RULES["oxford"].changed(decks=d))} for d in range(1, 9)}
    for d in range(1, 8):
        assert edges[d]["banker"] < edges[d + 1]["banker"]
        assert edges[d]["player"] > edges[d + 1]["player"]
        assert edges[d]["tie"] > edges[d + 1]["tie"]


# ---------------------------------------------------------------------------------------------------------------
# The Dragon Bonus (WoO-D, eight decks)

DRAGON_COUNTS = {
    "player": {
        "win by 9": 18_409_431_764_992, "win by 8": 34_097_645_543_424, "win by 7": 89_590_261_473_280,
        "win by 6": 141_238_897_317_888, "win by 5": 166_169_165_987_840, "win by 4": 186_780_352_174_080,
        "natural win": 812_685_054_124_032, "natural tie": 89_325_908_267_520,
    },
    "banker": {
        "win by 9": 15_390_342_909_952, "win by 8": 28_305_092_784_128, "win by 7": 79_517_099_278_336,
        "win by 6": 119_200_072_366_080, "win by 5": 157_275_882_332_160, "win by 4": 201_147_167_287_296,
        "natural win": 812_685_054_124_032, "natural tie": 89_325_908_267_520,
    },
}
# WoO-D prints the losses as 3,460,101,558,850,300 and 3,495,551,656,153,850 (a spreadsheet's rounding of the
# last digits); the exact losses are the total less the lines above.
DRAGON_LOSSES = {"player": 3_460_101_558_850_304, "banker": 3_495_551_656_153_856}


@pytest.mark.parametrize("side", ["player", "banker"])
def test_dragon_bonus_counts(side: str) -> None:
    line = dragon_line(side, DRAGON_BONUS)
    counts: dict[str, int] = {}
    for result, n in result_counts(EIGHT_DECKS).items():
        counts[line(result)] = counts.get(line(result), 0) + n
    assert {k: v for k, v in counts.items() if k != "lose"} == DRAGON_COUNTS[side]
    assert counts["lose"] == DRAGON_LOSSES[side] == TOTAL_8 - sum(DRAGON_COUNTS[side].values())
    assert abs(DRAGON_LOSSES[side] - {"player": 3_460_101_558_850_300, "banker": 3_495_551_656_153_850}[side]) < 10


DRAGON_EDGES = [  # decks, player side, banker side (WoO-D)
    (4, "2.70%", "9.42%"),
    (6, "2.67%", "9.39%"),
    (8, "2.65%", "9.37%"),
]


@pytest.mark.parametrize("decks, player, banker", DRAGON_EDGES)
def test_dragon_bonus_edges(decks: int, player: str, banker: str) -> None:
    assert percent(b.house_edge(dragon_bonus_bet("player", OXFORD.changed(decks=decks))), 2) == player
    assert percent(b.house_edge(dragon_bonus_bet("banker", OXFORD.changed(decks=decks))), 2) == banker


def test_dragon_bonus_eight_deck_edges_to_four_places() -> None:  # WoO-D: returns -0.026517 and -0.093731
    assert percent(b.house_edge(dragon_bonus_bet("player")), 4) == "2.6517%"
    assert percent(b.house_edge(dragon_bonus_bet("banker")), 4) == "9.3731%"


def test_the_second_dragon_table_pays_less_on_7s_and_more_on_4s() -> None:
    standard, cypress = DRAGON_BONUS.pays(), RULES["cypress_bayou_dragon"].dragon_bonus.pays()
    assert (cypress["win by 7"], cypress["win by 4"]) == (Fraction(4), Fraction(2))
    assert standard.keys() == cypress.keys()
    for side in ("player", "banker"):
        assert 0 < b.house_edge(dragon_bonus_bet(side, RULES["cypress_bayou_dragon"])) < b.house_edge(dragon_bonus_bet(side))


def test_a_dragon_bonus_on_an_unknown_side_is_refused() -> None:
    with pytest.raises(ValueError, match="a Dragon Bonus is placed on 'player' or 'banker', not 'tie'"):
        check_side("tie")
    with pytest.raises(ValueError, match="not 'Player'"):
        dragon_bonus_bet("Player")


BAD_BET_INPUT = [
    (lambda: banker_bet(OXFORD.changed(decks=0)), ValueError, "from 1 up, not 0"),
    (lambda: player_bet(OXFORD.changed(decks=2.0)), TypeError, "whole number"),
    (lambda: tie_bet(OXFORD, shoe=Shoe.from_values({0: 5})), ValueError, "the shoe has 5 cards"),
    (lambda: tie_bet(OXFORD, shoe=(16, 4, 4, 4, 4, 4, 4, 4, 4, 4)),  # type: ignore[arg-type]  # on purpose
     TypeError, "a shoe must be a Shoe, e.g. Shoe.of_decks(8)"),
    (lambda: tie_bet("oxford"), TypeError,  # type: ignore[arg-type]  # on purpose
     "baccarat rules must be a rules value such as baccarat.RULES['oxford']"),
    (lambda: edge_bets("vegas"), TypeError,  # type: ignore[arg-type]  # on purpose
     "baccarat rules must be a rules value such as baccarat.RULES['vegas']"),
]


@pytest.mark.parametrize("make, error, message", BAD_BET_INPUT)
def test_bad_bet_input_is_a_clear_error(
        make: Callable[[], object], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        make()


def test_bets_from_any_shoe_composition() -> None:
    shoe = Shoe.from_values({0: 10, 9: 2, 8: 2})   # a naturals-rich remnant
    for _, bet in posted_bets(OXFORD, shoe):
        assert b.p_win(bet) + b.p_lose(bet) + b.p_push(bet) == 1


# ---------------------------------------------------------------------------------------------------------------
# Effect of removal

@pytest.mark.parametrize("decks", [1, 2, 8])
def test_removing_a_card_at_random_changes_nothing(decks: int) -> None:
    """Identity: sum over v of count(v) × EOR(v) = 0 exactly, i.e. sum over v of count(v) × EV(shoe less one v)
    equals N × EV(shoe), because a card nobody has seen is just another card of the shoe."""
    shoe = Shoe.of_decks(decks)
    effects = effect_of_removal(OXFORD, shoe)
    for bet_id in BET_IDS:
        assert weighted_sum(effects, shoe, bet_id) == 0


def test_the_identity_for_an_uneven_shoe() -> None:
    shoe = Shoe((30, 3, 0, 7, 2, 9, 1, 4, 0, 5))
    effects = effect_of_removal(RULES["ez"], shoe)       # EZ's Dragon 7 and Panda 8 obey it too
    assert set(effects) == {v for v in range(10) if shoe[v]}
    for bet_id in RULES["ez"].bets:
        assert weighted_sum(effects, shoe, bet_id) == 0


def test_an_effect_is_the_difference_of_two_exact_enumerations() -> None:
    full, less = expected_values(OXFORD, EIGHT_DECKS), expected_values(OXFORD, EIGHT_DECKS.without(4))
    assert effect_of_removal(OXFORD, EIGHT_DECKS)[4]["banker"] == less["banker"] - full["banker"]


def test_small_cards_favour_the_banker_and_the_effects_are_tiny() -> None:
    effects = effect_of_removal(OXFORD, EIGHT_DECKS)
    assert max(effects, key=lambda v: effects[v]["banker"]) == 4      # a 4 out of the shoe helps the banker most
    assert max(effects, key=lambda v: effects[v]["player"]) == 6      # a 6 out helps the player most
    assert all(abs(e["banker"]) < Fraction(1, 5000) for e in effects.values())


def test_a_shoe_too_small_for_effects_of_removal() -> None:
    with pytest.raises(ValueError, match="at least seven"):
        effect_of_removal(OXFORD, Shoe.from_values({0: 6}))


def test_the_linear_estimate_is_exact_for_one_card() -> None:
    effects = {v: e["player"] for v, e in effect_of_removal(OXFORD, EIGHT_DECKS).items()}
    full = expected_values(OXFORD, EIGHT_DECKS)["player"]
    assert linear_estimate(full, effects, EIGHT_DECKS, {6: 1}) == expected_values(OXFORD, EIGHT_DECKS.without(6))[
        "player"]


def test_the_counter_gain_helpers() -> None:
    assert estimate_variance({0: Fraction(1)}, Shoe.from_values({0: 10}), 0) == 0
    assert normal_cdf(0) == Fraction(1, 2)
    assert str(round(normal_cdf(-3), 8)) == "0.00134990"
    assert favourable_chance(Fraction(1), Fraction(0)) == 1 and counter_gain(Fraction(-1), Fraction(0)) == 0
    with pytest.raises(ValueError, match="the cards dealt must be from 0 to 9"):
        estimate_variance({0: Fraction(1)}, Shoe.from_values({0: 10}), 10)


# ---------------------------------------------------------------------------------------------------------------
# The command line

def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", *args], check=False, capture_output=True, text=True)


def test_edges_json_for_baccarat() -> None:
    result = run("edges", "--game", "baccarat", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    rows = {row["bet"]: row for row in report["bets"]}
    assert list(rows) == [*BET_IDS, "player_pair", "banker_pair", "either_pair", "perfect_pair"]
    assert rows["banker"]["pays"] == "19 to 20"
    assert Fraction(rows["banker"]["house_edge"]) == b.house_edge(banker_bet(OXFORD))
    assert "house_edge_per_resolved" in rows["banker"] and "house_edge_per_resolved" not in rows["tie"]


def test_edges_with_decks_and_rules() -> None:
    result = run("edges", "--game", "baccarat", "--decks", "6", "--rules", "tie-9-to-1", "--format", "json")
    report = json.loads(result.stdout)
    assert report["decks"] == 6 and report["rules"] == "tie_9_to_1"
    tie = next(row for row in report["bets"] if row["bet"] == "tie")
    assert percent(Fraction(tie["house_edge"]), 4) == "4.9313%"


def test_edges_with_zero_decks_is_a_clear_error() -> None:
    result = run("edges", "--game", "baccarat", "--decks", "0")
    assert result.returncode == 2
    assert "error: argument --decks: --decks must be a whole number from 1 up, not 0" in result.stderr


def test_eor_json_shape() -> None:
    result = run("eor", "--decks", "8", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {"game", "rules", "decks", "eor"} and report["decks"] == 8 and report["rules"] == "oxford"
    assert list(report["eor"]) == [str(v) for v in range(10)]
    effects = effect_of_removal(OXFORD, EIGHT_DECKS)
    for v, row in report["eor"].items():
        assert list(row) == list(BET_IDS)
        assert {k: Fraction(x) for k, x in row.items()} == effects[int(v)]


def test_eor_table_and_errors() -> None:
    result = run("eor", "--decks", "1")
    assert result.returncode == 0 and "dragon_bonus_banker" in result.stdout
    bad = run("eor", "--decks", "-1")
    assert bad.returncode == 2 and "from 1 up, not -1" in bad.stderr


def test_counting_through_a_shoe_the_main_bets_are_rarely_favourable() -> None:
    from casino_math.baccarat.eor import count_through_shoe, mean_cards_per_coup

    assert 4 < mean_cards_per_coup(EIGHT_DECKS) < 6
    effects, evs = effect_of_removal(OXFORD, EIGHT_DECKS), expected_values(OXFORD, EIGHT_DECKS)
    results = {bet_id: count_through_shoe(evs[bet_id], {v: e[bet_id] for v, e in effects.items()}, EIGHT_DECKS)
               for bet_id in BET_IDS}
    assert all(r.hands == results["banker"].hands for r in results.values())
    assert results["banker"].favourable < Fraction(1, 100) and results["banker"].gain < Fraction(1, 10**4)
    assert results["dragon_bonus_player"].gain > 100 * results["banker"].gain
    with pytest.raises(ValueError, match="the cut card must leave from 1 to 415 cards, not 0"):
        count_through_shoe(evs["tie"], {v: e["tie"] for v, e in effects.items()}, EIGHT_DECKS, cut=0)
