"""Craps: the rules values checked against the pages they come from, and identities every bet obeys."""

from fractions import Fraction as F

import pytest

from casino_math.bets import expected_value, house_edge_per_bet_made, p_lose, p_push, p_win
from casino_math.craps import BET_IDS, OXFORD, QUEBEC, RULES, VEGAS, bet, edge_bets
from casino_math.craps.line import p_natural, p_point, value_before_come_out, value_with_point
from casino_math.craps.odds import odds_bet
from casino_math.craps.props import net_payouts
from casino_math.craps.rolls import race, true_odds_against, ways
from casino_math.craps.rules import ON_WIN, UP_FRONT

# The Oxford page's pay table ("Craps Payout Odds"), as printed: bet, the page's words, the rules value.
OXFORD_PAGE = [
    ("Place Bet 4 or 10 to Win PAYS 9 to 5", OXFORD.place_pays[4], F(9, 5)),
    ("Place Bet 5 or 9 to Win PAYS 7 to 5", OXFORD.place_pays[9], F(7, 5)),
    ("Place Bet 6 or 8 to Win PAYS 7 to 6", OXFORD.place_pays[8], F(7, 6)),
    ("Buy Bet 4 or 10 to Win PAYS 2 to 1", OXFORD.buy_pays[10], F(2)),
    ("Lay Bet 4 or 10 to Lose PAYS 1 to 2", OXFORD.lay_pays[4], F(1, 2)),
    ("Lay Bet 5 or 9 to Lose PAYS 2 to 3", OXFORD.lay_pays[5], F(2, 3)),
    ("Lay Bet 6 or 8 to Lose PAYS 5 to 6", OXFORD.lay_pays[8], F(5, 6)),
    ("Hardway 4 or 10 PAYS 7 to 1", OXFORD.hardway_pays[10], F(7)),
    ("Hardway 6 or 8 PAYS 9 to 1", OXFORD.hardway_pays[6], F(9)),
    ("Any 7 PAYS 4 to 1", OXFORD.one_roll_pays["any_7"], F(4)),
    ("Any Craps PAYS 7 to 1", OXFORD.one_roll_pays["any_craps"], F(7)),
    ("Craps 2 or 12 PAYS 30 to 1", OXFORD.one_roll_pays["craps_12"], F(30)),
    ("Craps 3 or Yo 11 PAYS 15 to 1", OXFORD.one_roll_pays["yo_11"], F(15)),
    ("Field Bet 2 or 12 PAYS 2 to 1", OXFORD.field_pays[2], F(2)),
    ("Field Bets 3, 4, 9, 10, or 11 PAYS 1 to 1", OXFORD.field_pays[11], F(1)),
]


@pytest.mark.parametrize("words, rule, payout", OXFORD_PAGE)
def test_the_oxford_rules_value_says_what_the_page_says(words: str, rule: F, payout: F) -> None:
    assert rule == payout, words


def test_the_horn_payouts_printed_on_the_page_are_derived_not_typed() -> None:
    # "Horn 3 or 11 PAYS 3 to 1", "Horn 2 or 12 PAYS 6.75 to 1": net per whole horn bet.
    assert net_payouts("horn") == {"2 or 12": F(675, 100), "3 or 11": F(3)}


@pytest.mark.parametrize("number", [4, 5, 6, 8, 9, 10])
def test_buy_lay_and_odds_pay_true_odds(number: int) -> None:
    assert OXFORD.buy_pays[number] == OXFORD.take_odds_pays[number] == true_odds_against(number)
    assert OXFORD.lay_pays[number] == OXFORD.lay_odds_pays[number] == 1 / true_odds_against(number)
    assert expected_value(odds_bet(number)) == expected_value(odds_bet(number, "dont_pass")) == 0


def test_quebec_defines_the_single_chances_and_field() -> None:
    assert [b for b, _ in edge_bets(QUEBEC)] == ["pass", "dont_pass", "come", "dont_come", "field"]
    assert QUEBEC.bar == 12 and QUEBEC.field_pays == OXFORD.field_pays
    assert not QUEBEC.pass_may_be_withdrawn and QUEBEC.dont_may_be_withdrawn and not QUEBEC.dont_may_be_increased


def test_the_variant_differs_from_oxford_in_three_rules_only() -> None:
    differ = {f for f in OXFORD.__dataclass_fields__ if getattr(OXFORD, f) != getattr(VEGAS, f)}
    assert differ == {"name", "source", "field_pays", "commission_paid", "odds_policy"}
    assert OXFORD.commission_paid == UP_FRONT and VEGAS.commission_paid == ON_WIN


@pytest.mark.parametrize("rules_name", RULES)
def test_every_bet_is_a_distribution_of_win_lose_push(rules_name: str) -> None:
    for bet_id, the_bet in edge_bets(RULES[rules_name]):
        assert p_win(the_bet) + p_lose(the_bet) + p_push(the_bet) == 1, bet_id
        assert sum(the_bet.space.values()) == 1


def test_come_and_dont_come_are_the_line_bets_again() -> None:
    for a, b in [("pass", "come"), ("dont_pass", "dont_come")]:
        assert bet(a).net() == bet(b).net() and bet(a).rounds == bet(b).rounds


def test_first_step_identities() -> None:
    assert sum(ways(n) for n in range(2, 13)) == 36
    assert p_natural() + F(1, 9) + p_point() == 1
    assert all(race(p, 7) + race(7, p) == 1 for p in OXFORD.points)


def test_contract_values_explain_the_withdrawal_rules() -> None:
    # Once a point is set, a Pass bet is worth less than nothing and a Don't bet more: the casino forbids
    # taking down the first and raising the second, and allows the reverse.
    for point in OXFORD.points:
        assert value_with_point(point, "pass") < 0 < value_with_point(point, "dont_pass")
    assert value_before_come_out("pass") == -house_edge_per_bet_made(bet("pass"))
    # Averaged over the come-out, the contract values give back the line bet's expected value.
    from casino_math.craps.rolls import p_total

    pass_ev = p_natural() * 1 + F(4, 36) * -1 + sum(p_total(p) * value_with_point(p) for p in OXFORD.points)
    assert pass_ev == expected_value(bet("pass"))


def test_bet_ids_are_unique_and_complete() -> None:
    assert len(set(BET_IDS)) == len(BET_IDS) == 44


@pytest.mark.parametrize("rules_name", RULES)
def test_offers_bet_and_edge_bets_agree(rules_name: str) -> None:
    # A line bet with full odds needs an odds policy: the one the rules post, else one given (2x here).
    rules = RULES[rules_name]
    policy = rules.odds_policy or "2x"
    listed, with_odds = dict(edge_bets(rules)), dict(edge_bets(rules, policy)) if rules.odds_offered else {}
    for bet_id in rules.offers():
        needs = bet_id.endswith("_with_odds")
        made = bet(bet_id, rules, policy if needs else None)
        assert bet_id in (with_odds if needs else listed), bet_id
        assert made.net() == (with_odds if needs else listed)[bet_id].net(), bet_id
    assert set(listed) | set(with_odds) <= set(rules.offers())


@pytest.mark.parametrize("rules_name", RULES)
def test_a_bet_not_offered_gets_one_error_with_odds_or_without(rules_name: str) -> None:
    rules = RULES[rules_name]
    for bet_id in (b for b in BET_IDS if b not in rules.offers()):
        for odds in (None, "2x"):
            with pytest.raises(ValueError, match=rf"has no {bet_id} bet; it offers: {', '.join(rules.offers())}$"):
                bet(bet_id, rules, odds)
