"""Craps: every bad input gets a clear error saying what was wrong and what is allowed."""

from collections.abc import Callable
from fractions import Fraction as F

import pytest

from casino_math.bets import PayTable
from casino_math.craps import OXFORD, QUEBEC, bet, rules_named
from casino_math.craps.line import check_side, p_decided_on_roll, value_with_point
from casino_math.craps.numbers import buy, lay, place
from casino_math.craps.odds import check_odds, odds_bet, odds_policy, pass_with_odds, policy_for
from casino_math.craps.props import hardway, one_roll
from casino_math.craps.rules import CrapsRules

BAD = [
    (lambda: place(7), "there is no place bet on 7; place bets are on 4, 5, 6, 8, 9 or 10"),
    (lambda: place(2), "there is no place bet on 2; place bets are on 4, 5, 6, 8, 9 or 10"),
    (lambda: buy(7), "there is no buy bet on 7; buy bets are on 4, 5, 6, 8, 9 or 10"),
    (lambda: buy(2), "there is no buy bet on 2; buy bets are on 4, 5, 6, 8, 9 or 10"),
    (lambda: lay(11), "there is no lay bet on 11; lay bets are on 4, 5, 6, 8, 9 or 10"),
    (lambda: place(6, QUEBEC), r"has no place_6 bet; it offers: pass, dont_pass, come, dont_come, field$"),
    (lambda: hardway(5), "there is no hardway bet on 5; the hardways are 4, 6, 8 and 10"),
    (lambda: hardway(12), "there is no hardway bet on 12"),
    (lambda: one_roll("horn", QUEBEC), "has no horn bet; it offers: pass"),
    (lambda: one_roll("boxcars"), "unknown single-roll bet 'boxcars'; the single-roll bets are field, any_7"),
    (lambda: odds_bet(None), "odds can only back a line bet whose point is set .*; this bet has no point"),
    (lambda: odds_bet(7), "odds can only back a line bet whose point is set .*; 7 is not a point"),
    (lambda: check_odds(10, 31, 4, "3-4-5x"),
     (r"odds of 31 behind a pass line bet of 10 on the 4 are more than the 3-4-5x policy allows: at most 30 "
      r"\(3 times the line bet\)")),
    (lambda: check_odds(10, 61, 6, "3-4-5x", "dont_pass"),
     (r"odds of 61 behind a don't pass bet of 10 on the 6 are more than the 3-4-5x policy allows: at most 60 "
      r"\(5 times the line bet, counted as what the odds would win\)")),
    (lambda: check_odds(10, 21, 5, "2x"), "at most 20"),
    (lambda: check_odds(10, 5, None, "2x"), "this bet has no point"),  # type: ignore[arg-type]  # on purpose
    (lambda: check_odds(10, -5, 5, "2x"), "an odds bet cannot be negative"),
    (lambda: odds_policy("7-8x"), r"unknown odds policy '7-8x'; a policy is 'Nx' .* or '3-4-5x'"),
    (lambda: odds_policy("0x"), "unknown odds policy '0x'"),
    (lambda: policy_for(OXFORD), "leave the odds limit to the table; name an odds policy such as 2x or 3-4-5x"),
    (lambda: pass_with_odds(QUEBEC, "2x"), "rules define no odds bets; they define only: pass, dont_pass"),
    (lambda: bet("plase_6"), r"unknown craps bet 'plase_6'; did you mean place_6, place_9 or place_8\?"),
    (lambda: bet("hard_5"), r"unknown craps bet 'hard_5'; did you mean hard_8, hard_6 or hard_4\?"),
    (lambda: bet("xyzzy"), "unknown craps bet 'xyzzy'; the bets are: pass, dont_pass"),
    (lambda: bet("lay_4", QUEBEC), "has no lay_4 bet; it offers: pass"),
    (lambda: rules_named("monte carlo"), "unknown craps rules 'monte carlo'; the rules are: oxford, quebec, vegas"),
    (lambda: check_side("right"), "unknown side 'right'; a line bet is on the side 'pass'"),
    (lambda: value_with_point(7), "7 is not a point; a point is 4, 5, 6, 8, 9 or 10"),
    (lambda: p_decided_on_roll(0), "the roll number must be a whole number 1 or more"),
    (lambda: CrapsRules(name="x", source="y", bets=(), commission_paid="sometimes"),  # type: ignore[arg-type]
     "commission_paid is 'sometimes'; it must be UP_FRONT .* or ON_WIN"),
]


@pytest.mark.parametrize("call, message", BAD)
def test_bad_input_is_a_clear_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_a_float_payout_is_refused() -> None:
    with pytest.raises(TypeError, match=r"the payout on 6 1\.1666666666666667 is a float"):
        PayTable({6: 7 / 6})


def test_rules_values_are_frozen() -> None:
    with pytest.raises(AttributeError):
        OXFORD.commission = F(1, 10)  # type: ignore[misc]  # what a frozen value refuses
    with pytest.raises(AttributeError):
        OXFORD.place_pays._items = {}
    with pytest.raises(TypeError):
        OXFORD.place_pays[6] = F(1)  # type: ignore[index]  # what a PayTable refuses
