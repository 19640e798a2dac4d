"""Odds bets behind the line bets, the table's odds policy, and the combined edge they make.

Once a point is set, a Pass or Come bettor may *take odds*: an extra bet that
the point comes before a 7, paid at the true odds (2 to 1 on 4 or 10, 3 to 2
on 5 or 9, 6 to 5 on 6 or 8), so it has no house edge at all.  A Don't bettor
may *lay odds*: bet that the 7 comes first, paid 1 to 2, 2 to 3 or 5 to 6.

The table posts how much odds it allows, as a multiple of the line bet: an
*odds policy*.  "3-4-5x" allows 3 times the line bet on 4 or 10, 4 times on 5
or 9 and 5 times on 6 or 8.  On the don't side the limit is measured by what
the odds would *win*: the Don't bettor may lay enough to win the same multiple
of the line bet (under 3-4-5x, lay 6 times the line bet on every point).

The line bet keeps its edge and the odds add none, so the more odds, the
smaller the edge per dollar put on the table:

>>> combined_house_edge("pass", "3-4-5x")     # 7/495 over 1 + 25/9 units bet on average
Fraction(7, 1870)
>>> combined_house_edge("dont_pass", "3-4-5x")
Fraction(3, 1100)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..bets import LOSE, PUSH, WIN, Bet, expected_value
from ..display import fraction_text
from ..rules import PayTable
from .line import (
    DONT_SIDE,
    PASS_SIDE,
    Decision,
    check_point,
    check_side,
    dont_pass_result,
    expected_rolls_to_decision,
    line_bet,
    line_decisions,
    pass_result,
)
from .rolls import deciding_totals, expected_rolls_until, p_total
from .rules import OXFORD, CrapsRules

_POINTS = (4, 5, 6, 8, 9, 10)


@dataclass(frozen=True)
class OddsPolicy:
    """How much odds a table allows behind a line bet."""

    name: str
    """The name the table posts: "2x", "3-4-5x", "100x"."""
    multiples: PayTable[int]
    """The point -> the largest odds bet (pass side) or odds win (don't side), as a multiple of the line bet."""

    def multiple(self, point: int) -> Fraction:
        """The multiple of the line bet allowed on ``point``.

        >>> odds_policy("3-4-5x").multiple(8)
        Fraction(5, 1)
        """
        return self.multiples[check_point(point)]


def odds_policy(name: str | OddsPolicy) -> OddsPolicy:
    """The odds policy called ``name``: "Nx" for N times on every point, or "3-4-5x".

    >>> odds_policy("2x").multiples[4], odds_policy("3-4-5x").multiples[6]
    (Fraction(2, 1), Fraction(5, 1))
    >>> odds_policy("lots")
    Traceback (most recent call last):
    ...
    ValueError: unknown odds policy 'lots'; a policy is 'Nx' for a whole number N (1x, 2x, 3x, 5x, 10x, 20x, 100x, ...) or '3-4-5x'
    """
    if isinstance(name, OddsPolicy):
        return name
    text = str(name).strip().lower()
    if text == "3-4-5x":
        return OddsPolicy("3-4-5x", PayTable({4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}))
    match = re.fullmatch(r"([1-9][0-9]*)x", text)
    if not match:
        raise ValueError(
            f"unknown odds policy {name!r}; a policy is 'Nx' for a whole number N "
            "(1x, 2x, 3x, 5x, 10x, 20x, 100x, ...) or '3-4-5x'"
        )
    return OddsPolicy(text, PayTable({p: int(match.group(1)) for p in _POINTS}))


#: The odds policies the book compares.
ODDS_POLICIES = ("1x", "2x", "3x", "3-4-5x", "5x", "10x", "20x", "100x")


def policy_for(rules: CrapsRules, policy: str | OddsPolicy | None = None) -> OddsPolicy:
    """The odds policy to use: the one given, or the one the rules post; an error if there is none.

    >>> policy_for(OXFORD, "2x").name
    '2x'
    >>> policy_for(OXFORD)
    Traceback (most recent call last):
    ...
    ValueError: the Oxford Casino Hotel, Maine rules leave the odds limit to the table; name an odds policy such as 2x or 3-4-5x
    """
    if not rules.odds_offered:
        raise ValueError(
            f"the {rules.name} rules define no odds bets; they define only: {', '.join(rules.bets)}"
        )
    if policy is None:
        policy = rules.odds_policy
    if policy is None:
        raise ValueError(
            f"the {rules.name} rules leave the odds limit to the table; name an odds policy such as 2x or 3-4-5x"
        )
    return odds_policy(policy)


def odds_pays(point: int, side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Fraction:
    """What an odds bet on ``point`` pays: taken behind Pass/Come, laid behind Don't Pass/Don't Come.

    >>> odds_pays(5), odds_pays(5, "dont_pass")
    (Fraction(3, 2), Fraction(2, 3))
    """
    check_point(point, rules)
    pays = rules.take_odds_pays if check_side(side) == PASS_SIDE else rules.lay_odds_pays
    if point not in pays:
        raise ValueError(f"the {rules.name} rules define no odds bets; they define only: {', '.join(rules.bets)}")
    return pays[point]


def odds_bet(point: int | None, side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Bet:
    """The odds bet on ``point``: a race between the point and the 7, paid at true odds.

    >>> from casino_math.bets import house_edge
    >>> house_edge(odds_bet(4)), house_edge(odds_bet(10, "dont_pass"))
    (Fraction(0, 1), Fraction(0, 1))
    >>> odds_bet(None)
    Traceback (most recent call last):
    ...
    ValueError: odds can only back a line bet whose point is set (4, 5, 6, 8, 9 or 10); this bet has no point
    """
    if point is None or point not in rules.points:
        raise ValueError(
            "odds can only back a line bet whose point is set (4, 5, 6, 8, 9 or 10); "
            + ("this bet has no point" if point is None else f"{point!r} is not a point")
        )
    pays = odds_pays(point, side, rules)
    winner = point if side == PASS_SIDE else 7
    name = f"{'take' if side == PASS_SIDE else 'lay'} odds on {point}"
    return Bet(name, deciding_totals({point, 7}), lambda n: WIN if n == winner else LOSE, {WIN: pays, LOSE: -1},
               rounds=expected_rolls_until({point, 7}))


def max_odds(
    line_stake: Fraction | int, point: int, policy: str | OddsPolicy, side: str = PASS_SIDE, rules: CrapsRules = OXFORD
) -> Fraction:
    """The largest odds bet the policy allows behind a line bet of ``line_stake`` on ``point``.

    On the pass side it is the multiple times the line bet; on the don't side, the
    amount laid that would *win* the multiple times the line bet.

    >>> max_odds(10, 4, "3-4-5x"), max_odds(10, 4, "3-4-5x", "dont_pass"), max_odds(10, 6, "3-4-5x", "dont_pass")
    (Fraction(30, 1), Fraction(60, 1), Fraction(60, 1))
    """
    odds_bet(point, side, rules)
    allowed_win_or_bet = odds_policy(policy).multiple(point) * Fraction(line_stake)
    return allowed_win_or_bet if side == PASS_SIDE else allowed_win_or_bet / odds_pays(point, side, rules)


def check_odds(
    line_stake: Fraction | int,
    odds_stake: Fraction | int,
    point: int,
    policy: str | OddsPolicy,
    side: str = PASS_SIDE,
    rules: CrapsRules = OXFORD,
) -> Fraction:
    """``odds_stake`` if the policy allows it behind this line bet, else an error saying the most allowed.

    >>> check_odds(10, 30, 4, "3-4-5x")
    Fraction(30, 1)
    >>> check_odds(10, 40, 4, "3-4-5x")
    Traceback (most recent call last):
    ...
    ValueError: odds of 40 behind a pass line bet of 10 on the 4 are more than the 3-4-5x policy allows: at most 30 (3 times the line bet)
    """
    most = max_odds(line_stake, point, policy, side, rules)
    odds_stake = Fraction(odds_stake)
    if odds_stake < 0:
        raise ValueError(f"an odds bet cannot be negative ({fraction_text(odds_stake)})")
    if odds_stake > most:
        multiple = odds_policy(policy).multiple(point)
        measured = "the line bet" if side == PASS_SIDE else "the line bet, counted as what the odds would win"
        kind = "pass line" if side == PASS_SIDE else "don't pass"
        raise ValueError(
            f"odds of {fraction_text(odds_stake)} behind a {kind} bet of {fraction_text(line_stake)} on the "
            f"{point} are more than the {odds_policy(policy).name} policy allows: at most {fraction_text(most)} "
            f"({fraction_text(multiple)} times {measured})"
        )
    return odds_stake


def expected_odds_amount(side: str, policy: str | OddsPolicy, rules: CrapsRules = OXFORD) -> Fraction:
    """The average amount of full odds put behind one unit of line bet (0 when no point is set).

    >>> expected_odds_amount("pass", "3-4-5x")     # 6/36 * 3 + 8/36 * 4 + 10/36 * 5
    Fraction(25, 9)
    >>> expected_odds_amount("dont_pass", "3-4-5x")
    Fraction(4, 1)
    """
    policy = odds_policy(policy)
    return sum((p_total(p) * max_odds(1, p, policy, side, rules) for p in rules.points), Fraction(0))


def combined_house_edge(side: str, policy: str | OddsPolicy, rules: CrapsRules = OXFORD) -> Fraction:
    """The house edge of a line bet with full odds, per total amount bet: the line's loss over line plus odds.

    >>> combined_house_edge("pass", "1x"), combined_house_edge("pass", "100x")
    (Fraction(7, 825), Fraction(1, 4785))
    """
    line = line_bet(side, rules)
    return -expected_value(line) / (1 + expected_odds_amount(side, policy, rules))


def with_odds(side: str, policy: str | OddsPolicy | None = None, rules: CrapsRules = OXFORD) -> Bet:
    """A line bet with the full odds the policy allows, as one bet per unit of the average total bet.

    The net of each decision (line plus odds, in units of the line bet) is
    divided by the average total bet, 1 + the average odds, so that the house
    edge of this bet is the combined edge per total amount bet.

    >>> from casino_math.bets import house_edge, p_win
    >>> pass_odds = with_odds("pass", "3-4-5x")
    >>> house_edge(pass_odds), p_win(pass_odds)
    (Fraction(7, 1870), Fraction(244, 495))
    """
    check_side(side)
    policy = policy_for(rules, policy)
    average_bet = 1 + expected_odds_amount(side, policy, rules)
    decisions = line_decisions(rules)
    lines = {decision: _decision_line(decision, side, rules) for decision in decisions}
    pays = {lines[d]: _net_with_odds(d, side, policy, rules) / average_bet for d in sorted(decisions, key=_order)}
    kind = "pass line" if side == PASS_SIDE else "don't pass"
    return Bet(f"{kind} with {policy.name} odds", decisions, lines.__getitem__, pays,
               rounds=expected_rolls_to_decision(rules))


def _net_with_odds(decision: Decision, side: str, policy: OddsPolicy, rules: CrapsRules) -> Fraction:
    """The net result of a decision in units of the line bet: the line bet's result plus full odds."""
    result = (pass_result if side == PASS_SIDE else dont_pass_result)(decision, rules)
    net = Fraction({WIN: 1, LOSE: -1, PUSH: 0}[result])
    if len(decision) == 2:
        point = decision[0]
        odds = max_odds(1, point, policy, side, rules)
        net += odds * odds_pays(point, side, rules) if net > 0 else -odds
    return net


def _order(decision: Decision) -> tuple[int, int, int]:
    """Come-out decisions first (naturals before craps), then points made, then sevens-out."""
    if len(decision) == 1:
        return (0, decision[0] not in (7, 11), decision[0])
    point, settled = decision
    return (1 if settled == point else 2, min(point, 14 - point), point)


def _decision_line(decision: Decision, side: str, rules: CrapsRules) -> str:
    if len(decision) == 1:
        n = decision[0]
        if n in rules.naturals:
            return "natural"
        return "bar" if side == DONT_SIDE and n == rules.bar else "craps"
    point, settled = decision
    pair = f"{min(point, 14 - point)} or {max(point, 14 - point)}"
    return f"point {pair} made" if settled == point else f"seven-out on {pair}"


def pass_with_odds(rules: CrapsRules = OXFORD, policy: str | OddsPolicy | None = None) -> Bet:
    """The pass line with full odds under ``policy`` (default: the odds the rules post).

    >>> from casino_math.bets import house_edge
    >>> house_edge(pass_with_odds(policy="2x"))
    Fraction(1, 165)
    """
    return with_odds(PASS_SIDE, policy, rules)


def dont_pass_with_odds(rules: CrapsRules = OXFORD, policy: str | OddsPolicy | None = None) -> Bet:
    """Don't pass with full lay odds under ``policy`` (default: the odds the rules post).

    >>> from casino_math.bets import house_edge
    >>> house_edge(dont_pass_with_odds(policy="2x"))
    Fraction(1, 220)
    """
    return with_odds(DONT_SIDE, policy, rules)
