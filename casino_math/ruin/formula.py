"""The gambler's ruin formula: a bet that wins or loses one unit, from a bankroll to a goal.

For a bet that wins or loses one unit (a push changes nothing), the chance of
reaching the goal before ruin and the expected number of bets have closed
forms; so does the expected number of bets until broke with no goal (Wald's
identity).  The bankroll and the goal are whole numbers of units (stakes).

>>> p_reach_goal(Fraction(9, 19), Fraction(10, 19), 10, 20)     # red, 10 units to 20
Fraction(3486784401, 13486784401)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import ClassVar

from ..bets import Bet, house_edge_per_bet_made
from ..distribution import Number, as_decimal, digit_count, is_whole


@dataclass(frozen=True)
class Ruin:
    """How a session that stops at a goal or at ruin ends, exactly.

    ``p_goal`` is the probability of reaching the goal, ``p_ruin`` of going
    broke first, ``expected_bets`` the expected number of bets until one of
    them happens, and ``method`` says how it was found: ``"formula"`` (the
    gambler's ruin formula) or ``"chain"`` (the absorbing Markov chain).

    The exact fractions can run to thousands of digits (the banker from 20
    units to 40: over 9000), more than Python writes out as text, so the
    session is shown as decimals with the size of each fraction.

    >>> Ruin("a coin", 1, 2, Fraction(1, 2), Fraction(1, 2), Fraction(1), "formula")
    Ruin(a coin, 1 -> 2 units: P(goal) 0.5, P(ruin) 0.5, expected bets 1 (formula))
    """

    bet: str
    bankroll: int
    goal: int
    p_goal: Fraction
    p_ruin: Fraction
    expected_bets: Fraction
    method: str

    FIGURES: ClassVar[tuple[str, ...]] = ("p_goal", "p_ruin", "expected_bets")

    def decimals(self, significant: int = 12) -> dict[str, Decimal]:
        """P(goal), P(ruin) and the expected bets, each rounded to ``significant`` digits.

        >>> Ruin("a coin", 1, 2, Fraction(1, 2), Fraction(1, 2), Fraction(1), "formula").decimals(3)
        {'p_goal': Decimal('0.5'), 'p_ruin': Decimal('0.5'), 'expected_bets': Decimal('1')}
        """
        return {name: as_decimal(getattr(self, name), significant) for name in self.FIGURES}

    def digit_counts(self) -> dict[str, tuple[int, int]]:
        """How many decimal digits each exact fraction has: (numerator, denominator).

        >>> Ruin("red", 1, 2, Fraction(9, 19), Fraction(10, 19), Fraction(1), "formula").digit_counts()["p_goal"]
        (1, 2)
        """
        return {name: (digit_count(getattr(self, name).numerator), digit_count(getattr(self, name).denominator))
                for name in self.FIGURES}

    def __repr__(self) -> str:
        d = self.decimals(6)
        return (f"Ruin({self.bet}, {self.bankroll} -> {self.goal} units: P(goal) {d['p_goal']}, "
                f"P(ruin) {d['p_ruin']}, expected bets {d['expected_bets']} ({self.method}))")


def check_bankroll(bankroll: object, what: str = "the bankroll") -> int:
    """A bankroll (or goal) as a positive whole number of units, or a clear error.

    >>> check_bankroll(20)
    20
    >>> check_bankroll(2.5)
    Traceback (most recent call last):
    ...
    TypeError: the bankroll must be a positive whole number of units (stakes), not 2.5: divide the money by the stake, e.g. $200 at $10 a bet is 20 units
    """
    if not is_whole(bankroll):
        raise TypeError(
            f"{what} must be a positive whole number of units (stakes), not {bankroll!r}: "
            "divide the money by the stake, e.g. $200 at $10 a bet is 20 units"
        )
    if bankroll < 1:
        raise ValueError(f"{what} must be a positive whole number of units (stakes), not {bankroll}")
    return bankroll


def check_goal(bankroll: object, goal: object) -> tuple[int, int]:
    """A bankroll and a goal above it, both positive whole numbers of units, or a clear error.

    >>> check_goal(20, 40)
    (20, 40)
    >>> check_goal(20, 20)
    Traceback (most recent call last):
    ...
    ValueError: the goal (20 units) must be above the bankroll (20 units): a session that starts at its goal is over before the first bet
    """
    bankroll, goal = check_bankroll(bankroll), check_bankroll(goal, "the goal")
    if goal <= bankroll:
        raise ValueError(
            f"the goal ({goal} units) must be above the bankroll ({bankroll} units): "
            "a session that starts at its goal is over before the first bet"
        )
    return bankroll, goal


def is_win_lose_one(bet: Bet) -> bool:
    """Whether every result of the bet wins one unit, loses one unit, or pushes (the classical gambler's ruin).

    >>> from casino_math.dice import one_face_bet
    >>> is_win_lose_one(one_face_bet(1)), is_win_lose_one(one_face_bet(5))
    (True, False)
    """
    return set(bet.net()) <= {-1, 0, 1}


#: The most binary digits the formula's (q/p)**goal may have, counted as goal x the digits of q/p: red from 100,000
#: units to 200,000 has 800,000 (about a second and a half, the figures written out); the player bet in baccarat
#: from 20 units to 40, 1,560.
MAX_FORMULA_DIGITS = 1_000_000


def check_formula_size(p: Number, q: Number, goal: int) -> None:
    """Refuse, with the reason, a gambler's-ruin figure too long to work out exactly in a few seconds.

    >>> check_formula_size(Fraction(9, 19), Fraction(10, 19), 40)
    >>> check_formula_size(Fraction(9, 19), Fraction(10, 19), 10**9)
    Traceback (most recent call last):
    ...
    ValueError: a goal of 1000000000 units makes the exact chance a fraction of about 4000000000 binary digits: too big to work out exactly here (the limit is 1000000), so choose a goal nearer the bankroll
    """
    r = Fraction(q) / Fraction(p) if p else Fraction(0)
    digits = goal * max(r.numerator.bit_length(), r.denominator.bit_length())
    if digits > MAX_FORMULA_DIGITS:
        raise ValueError(f"a goal of {goal} units makes the exact chance a fraction of about {digits} binary digits: "
                         f"too big to work out exactly here (the limit is {MAX_FORMULA_DIGITS}), so choose a goal "
                         "nearer the bankroll")


def p_reach_goal(p: Number, q: Number, bankroll: int, goal: int) -> Fraction:
    """The gambler's ruin formula: the chance of reaching ``goal`` before 0, winning 1 with p and losing 1 with q.

    A push (probability 1 - p - q) changes nothing.  With r = q/p, the chance is
    (1 - r**bankroll) / (1 - r**goal); in a fair game (p = q) it is bankroll / goal.

    >>> p_reach_goal(Fraction(9, 19), Fraction(10, 19), 1, 2)       # one bet on red
    Fraction(9, 19)
    >>> p_reach_goal(Fraction(1, 2), Fraction(1, 2), 3, 4)
    Fraction(3, 4)
    """
    bankroll, goal = check_goal(bankroll, goal)
    p, q = Fraction(p), Fraction(q)
    if p == q:
        return Fraction(bankroll, goal)
    if p == 0:
        return Fraction(0)
    r = q / p
    return (1 - r**bankroll) / (1 - r**goal)


def expected_duration(p: Number, q: Number, bankroll: int, goal: int) -> Fraction:
    """The expected number of bets until the goal or ruin, winning 1 with p and losing 1 with q.

    Each bet changes the bankroll by p - q on average, and the session ends at
    ``goal`` or 0, so (Wald) ``goal * P(goal) - bankroll = (p - q) * E[bets]``; in
    a fair game the variance does the same job: ``bankroll * (goal - bankroll) =
    (p + q) * E[bets]``.

    >>> expected_duration(Fraction(1, 2), Fraction(1, 2), 10, 20)     # 10 * 10
    Fraction(100, 1)
    >>> expected_duration(Fraction(9, 19), Fraction(10, 19), 1, 2)    # one bet decides it
    Fraction(1, 1)
    """
    bankroll, goal = check_goal(bankroll, goal)
    p, q = Fraction(p), Fraction(q)
    if p + q == 0:
        raise ValueError("a bet that always pushes never ends the session")
    if p == q:
        return bankroll * (goal - bankroll) / (p + q)
    return (goal * p_reach_goal(p, q, bankroll, goal) - bankroll) / (p - q)


def expected_bets_until_broke(bet: Bet, bankroll: int) -> Fraction:
    """The expected number of bets before ``bankroll`` units are gone, with no goal (Wald's identity).

    Every bet loses the house edge on average, and a bet that loses exactly
    one unit at a time ends the session at exactly 0, so E[bets] * edge = bankroll.

    >>> from casino_math.dice import one_face_bet
    >>> expected_bets_until_broke(one_face_bet(4), 20)          # 20 / (1/6)
    Fraction(120, 1)
    """
    bankroll = check_bankroll(bankroll)
    edge = house_edge_per_bet_made(bet)
    if edge <= 0:
        raise ValueError(
            f"{bet.name} has no house edge ({edge}), so a player with no goal may never go broke: "
            "the expected number of bets is infinite; give a goal"
        )
    if not all(x.denominator == 1 for x in bet.net()) or min(bet.net()) != -1:
        raise ValueError(
            f"{bet.name} does not win and lose whole units with a loss of exactly one, so the bankroll "
            "can end below 0 by a fraction; give a goal and use ruin()"
        )
    return bankroll / edge
