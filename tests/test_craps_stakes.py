"""Craps: whole-dollar stakes (Oxford, irregularity 6: bets must be payable in whole dollars)."""

from fractions import Fraction as F

import pytest

from casino_math.craps import OXFORD, VEGAS, bet
from casino_math.craps.rules import CrapsRules
from casino_math.craps.stakes import (
    check_stake,
    dollars_paid,
    legal_stakes,
    nearest_legal_stakes,
    smallest_stake,
    units_of,
)

# bet ID, rules, smallest whole-dollar stake, why (the payouts and commission whose denominators set it)
SMALLEST = [
    ("pass", OXFORD, 1, "even money"),
    ("place_6", OXFORD, 6, "7 to 6"),
    ("place_8", OXFORD, 6, "7 to 6"),
    ("place_5", OXFORD, 5, "7 to 5"),
    ("place_4", OXFORD, 5, "9 to 5"),
    ("buy_4", OXFORD, 20, "2 to 1, 5% commission paid up front"),
    ("buy_5", OXFORD, 20, "3 to 2, 5% commission paid up front"),
    ("buy_6", OXFORD, 20, "6 to 5, 5% commission paid up front"),
    ("buy_4", VEGAS, 20, "2 to 1 less 5% of the bet = 39 to 20"),
    ("buy_6", VEGAS, 20, "6 to 5 less 5% of the bet = 23 to 20"),
    ("lay_4", OXFORD, 40, "1 to 2, commission 5% of 1/2 = 1/40 of the bet"),
    ("lay_5", OXFORD, 30, "2 to 3, commission 1/30 of the bet"),
    ("lay_6", OXFORD, 24, "5 to 6, commission 1/24 of the bet"),
    ("lay_6", VEGAS, 24, "5 to 6 less 5% = 19 to 24"),
    ("hard_4", OXFORD, 1, "7 to 1"),
    ("field", OXFORD, 1, "1 to 1 and 2 to 1"),
    ("craps_2", OXFORD, 1, "30 to 1"),
    ("horn", OXFORD, 4, "27 to 4 on 2 or 12"),
    ("horn_high_2", OXFORD, 5, "57 to 5, 26 to 5, 11 to 5"),
    ("world", OXFORD, 5, "26 to 5, 11 to 5"),
    ("c_and_e", OXFORD, 2, "3 to 1, 7 to 1 net, but two halves of whole dollars"),
    ("three_way_craps", OXFORD, 3, "28 to 3, 13 to 3"),
    ("high_low_yo", OXFORD, 3, "28 to 3, 13 to 3"),
]


@pytest.mark.parametrize("bet_id, rules, stake, why", SMALLEST)
def test_smallest_whole_dollar_stake(bet_id: str, rules: CrapsRules, stake: int, why: str) -> None:
    the_bet, units = bet(bet_id, rules), units_of(bet_id)
    assert smallest_stake(the_bet, units) == stake, why

    def payable(dollars: int) -> bool:   # brute force: whole units, and every payout and commission whole
        return dollars % units == 0 and all(d.denominator == 1 for d in dollars_paid(the_bet, dollars).values())

    assert payable(stake)
    assert not any(payable(smaller) for smaller in range(1, stake))


def test_legal_stakes_are_the_multiples() -> None:
    assert legal_stakes(bet("place_6"), 30) == [6, 12, 18, 24, 30]
    assert legal_stakes(bet("horn"), 10, units=4) == [4, 8]
    assert nearest_legal_stakes(bet("horn"), 9, units=4) == [8, 12]


def test_what_a_legal_stake_is_paid() -> None:
    assert dollars_paid(bet("horn"), 4) == {"2 or 12": F(27), "3 or 11": F(12)}
    assert dollars_paid(bet("lay_4"), 40) == {"win": F(20), "commission": F(1)}
    assert check_stake(bet("world"), 10, units=5) == 10


@pytest.mark.parametrize("bet_id, stake, message", [
    ("place_6", 10, r"a \$10 place 6 bet cannot be paid in whole dollars .* the nearest legal stakes are \$6 and \$12"),
    ("place_6", 4, r"the nearest legal stake is \$6$"),
    ("horn", 5, r"a \$5 horn bet .*4 equal units.* multiples of \$4: the nearest legal stakes are \$4 and \$8"),
    ("c_and_e", 3, r"a \$3 C & E bet .*2 equal units.* the nearest legal stakes are \$2 and \$4"),
    ("buy_4", 25, r"the commission would be \$5/4, about \$1.25.* the nearest legal stakes are \$20 and \$40"),
])  # fmt: skip
def test_a_stake_that_cannot_be_paid_in_whole_dollars(bet_id: str, stake: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_stake(bet(bet_id), stake, units_of(bet_id))


@pytest.mark.parametrize("stake", [0, -6, 6.0, "6", True])
def test_a_stake_must_be_a_positive_whole_number_of_dollars(stake: bool | float | str) -> None:
    with pytest.raises(ValueError, match="a stake is a positive whole number of dollars"):
        check_stake(bet("place_6"), stake)
