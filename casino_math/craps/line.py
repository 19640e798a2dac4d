"""The line bets: Pass, Don't Pass, Come and Don't Come, resolved by first-step analysis.

A Pass bet is decided by the come-out roll if it is a natural (7 or 11, the bet
wins) or craps (2, 3 or 12, it loses); any other total sets a *point*, and the
bet then waits for the point (it wins) or a 7 (it loses).  Conditioning on that
first roll, the *first step*, gives every probability exactly:

    P(pass wins) = P(natural) + sum over points p of P(p) * P(p before 7).

Don't Pass is the mirror image, except that one craps total, the *bar* (12 at
Oxford and in Québec), pushes instead of winning for it.  Come and Don't Come
are the same bets begun on any later roll.

>>> p_pass_wins()
Fraction(244, 495)
>>> house_edge_per_bet_made(pass_line()), house_edge_per_bet_made(dont_pass())
(Fraction(7, 495), Fraction(3, 220))
>>> expected_rolls_to_decision()
Fraction(557, 165)
"""

from __future__ import annotations

from fractions import Fraction

from ..bets import LOSE, PUSH, WIN, Bet, Line, Word, house_edge_per_bet_made
from ..distribution import Distribution, Outcome, is_whole
from .rolls import TOTALS, expected_rolls_until, p_total, race
from .rules import OXFORD, CrapsRules


class LineSide(Word):
    """The side of a line bet: with the shooter (Pass, Come) or against the shooter (Don't Pass, Don't Come).

    Each member equals its bet ID, so ``line_bet("dont_pass")`` reads as it did.
    """

    PASS = "pass"
    """With the shooter: the bet wins when the point is made."""
    DONT_PASS = "dont_pass"
    """Against the shooter: the bet wins when a 7 comes first."""


PASS_SIDE, DONT_SIDE = LineSide.PASS, LineSide.DONT_PASS

#: How a line bet is decided: ``(come-out total,)``, or ``(point, total that settled it)``.
Decision = tuple[int] | tuple[int, int]


def p_natural(rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that the come-out roll is a natural (7 or 11).

    >>> p_natural()                  # (6 + 2) / 36
    Fraction(2, 9)
    """
    return sum((p_total(n) for n in rules.naturals), Fraction(0))


def p_craps(rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that the come-out roll is craps (2, 3 or 12).

    >>> p_craps()                    # (1 + 2 + 1) / 36
    Fraction(1, 9)
    """
    return sum((p_total(n) for n in rules.craps), Fraction(0))


def p_point(rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that the come-out roll sets a point.

    >>> p_point()
    Fraction(2, 3)
    """
    return sum((p_total(n) for n in rules.points), Fraction(0))


def p_pass_wins(rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that a Pass bet wins, by first-step analysis.

    It wins at once on a natural, or sets a point p and then rolls p before a 7.

    >>> p_pass_wins()                # 2/9 + 2 * (1/12 * 1/3 + 1/9 * 2/5 + 5/36 * 5/11)
    Fraction(244, 495)
    """
    return p_natural(rules) + sum((p_total(p) * race(p, 7) for p in rules.points), Fraction(0))


def p_dont_pass_wins(rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that a Don't Pass bet wins: craps other than the bar, or a 7 before the point.

    >>> p_dont_pass_wins()
    Fraction(949, 1980)
    """
    craps = sum((p_total(n) for n in rules.craps if n != rules.bar), Fraction(0))
    return craps + sum((p_total(p) * race(7, p) for p in rules.points), Fraction(0))


def p_dont_pass_pushes(rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that a Don't Pass bet pushes: the come-out roll is the bar.

    >>> p_dont_pass_pushes(), p_dont_pass_pushes(OXFORD.changed(bar=None))
    (Fraction(1, 36), Fraction(0, 1))
    """
    return p_total(rules.bar) if rules.bar is not None else Fraction(0)


def expected_rolls_to_decision(rules: CrapsRules = OXFORD) -> Fraction:
    """The expected number of rolls until a line bet is decided (the come-out roll included).

    One roll, plus, when a point p is set, the expected wait for p or a 7: 36 / (ways(p) + 6).

    >>> expected_rolls_to_decision()   # 1 + 2 * (1/12 * 4 + 1/9 * 18/5 + 5/36 * 36/11)
    Fraction(557, 165)
    """
    return 1 + sum((p_total(p) * expected_rolls_until({p, 7}) for p in rules.points), Fraction(0))


def p_decided_on_roll(n: int, rules: CrapsRules = OXFORD) -> Fraction:
    """The probability that a line bet is decided on exactly its ``n``-th roll.

    On the first roll unless a point is set; after that, a point p survives each
    roll with chance 1 - q, where q = (ways(p) + 6) / 36 is its chance of ending.

    >>> p_decided_on_roll(1), p_decided_on_roll(2)
    (Fraction(1, 3), Fraction(61, 324))
    """
    if not is_whole(n) or n < 1:
        raise ValueError(f"the roll number must be a whole number 1 or more, not {n!r}")
    if n == 1:
        return 1 - p_point(rules)
    total = Fraction(0)
    for p in rules.points:
        q = 1 / expected_rolls_until({p, 7})
        total += p_total(p) * (1 - q) ** (n - 2) * q
    return total


def line_decisions(rules: CrapsRules = OXFORD) -> Distribution:
    """Every way a line bet can be decided, with its probability.

    An outcome is ``(come-out total,)`` when the come-out decides the bet, or
    ``(point, total that settled it)`` when a point is set: ``(4, 4)`` is a 4
    made, ``(4, 7)`` a seven-out on the 4.

    >>> decisions = line_decisions()
    >>> decisions[(7,)], decisions[(4, 4)], decisions[(4, 7)]     # 1/6, 3/36 * 1/3, 3/36 * 2/3
    (Fraction(1, 6), Fraction(1, 36), Fraction(1, 18))
    """
    decisions: dict[Outcome, Fraction] = {}
    for n in TOTALS:
        if n in rules.points:
            decisions[(n, n)] = p_total(n) * race(n, 7)
            decisions[(n, 7)] = p_total(n) * race(7, n)
        else:
            decisions[(n,)] = p_total(n)
    return Distribution(decisions)


def pass_result(decision: Decision, rules: CrapsRules = OXFORD) -> Line:
    """The line of the pay table a Pass bet lands on for one decision.

    >>> pass_result((11,)), pass_result((12,)), pass_result((6, 6)), pass_result((6, 7))
    (Line.WIN, Line.LOSE, Line.WIN, Line.LOSE)
    """
    if len(decision) == 1:
        return WIN if decision[0] in rules.naturals else LOSE
    point, settled = decision
    return WIN if settled == point else LOSE


def dont_pass_result(decision: Decision, rules: CrapsRules = OXFORD) -> Line:
    """The line of the pay table a Don't Pass bet lands on for one decision.

    >>> dont_pass_result((3,)), dont_pass_result((12,)), dont_pass_result((11,)), dont_pass_result((6, 7))
    (Line.WIN, Line.PUSH, Line.LOSE, Line.WIN)
    """
    if len(decision) == 1:
        come_out = decision[0]
        return PUSH if come_out == rules.bar else WIN if come_out in rules.craps else LOSE
    _point, settled = decision
    return WIN if settled == 7 else LOSE


def pass_line(rules: CrapsRules = OXFORD, name: str = "pass line") -> Bet:
    """The Pass bet, even money, over its decisions; it lasts 557/165 rolls on average.

    >>> from casino_math.bets import p_win
    >>> p_win(pass_line())
    Fraction(244, 495)
    """
    return Bet(name, line_decisions(rules), lambda d: pass_result(d, rules), {WIN: 1, LOSE: -1},
               rounds=expected_rolls_to_decision(rules))


def dont_pass(rules: CrapsRules = OXFORD, name: str = "don't pass") -> Bet:
    """The Don't Pass bet, even money, pushing on the bar.

    >>> from casino_math.bets import p_win, p_push, p_lose, house_edge
    >>> p_win(dont_pass()), p_push(dont_pass()), p_lose(dont_pass())
    (Fraction(949, 1980), Fraction(1, 36), Fraction(244, 495))
    >>> house_edge(dont_pass(OXFORD.changed(bar=None)))     # no bar: the player's edge
    Fraction(-7, 495)
    """
    return Bet(name, line_decisions(rules), lambda d: dont_pass_result(d, rules),
               {WIN: 1, LOSE: -1, PUSH: 0}, rounds=expected_rolls_to_decision(rules))


def come(rules: CrapsRules = OXFORD) -> Bet:
    """A Come bet: a Pass bet whose first roll is the next roll, whenever it is made.

    >>> house_edge_per_bet_made(come())
    Fraction(7, 495)
    """
    return pass_line(rules, name="come")


def dont_come(rules: CrapsRules = OXFORD) -> Bet:
    """A Don't Come bet: a Don't Pass bet begun on the next roll.

    >>> house_edge_per_bet_made(dont_come())
    Fraction(3, 220)
    """
    return dont_pass(rules, name="don't come")


def line_bet(side: LineSide | str, rules: CrapsRules = OXFORD) -> Bet:
    """The Pass bet (side ``"pass"``) or the Don't Pass bet (side ``"dont_pass"``).

    >>> line_bet("dont_pass").name
    "don't pass"
    """
    check_side(side)
    return pass_line(rules) if side == PASS_SIDE else dont_pass(rules)


def check_side(side: object) -> LineSide:
    """``side`` as a :class:`LineSide` if it names one, else an error naming the sides.

    >>> check_side("come")
    Traceback (most recent call last):
    ...
    ValueError: unknown side 'come'; a line bet is on the side 'pass' (with the dice) or 'dont_pass' (against them)
    """
    if side not in (PASS_SIDE, DONT_SIDE):
        raise ValueError(
            f"unknown side {side!r}; a line bet is on the side {PASS_SIDE.value!r} (with the dice) "
            f"or {DONT_SIDE.value!r} (against them)"
        )
    return LineSide(str(side))


def value_with_point(point: int, side: LineSide | str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Fraction:
    """The expected value of one unit on a line bet once its point is set (a *contract* bet).

    From then on it is a race between the point and the 7, paid even money, so
    a Pass bet is worth P(point first) - P(7 first) and a Don't bet the opposite.

    >>> value_with_point(4), value_with_point(6), value_with_point(4, "dont_pass")
    (Fraction(-1, 3), Fraction(-1, 11), Fraction(1, 3))
    """
    check_point(point, rules)
    value = race(point, 7) - race(7, point)
    return value if check_side(side) == PASS_SIDE else -value


def check_point(point: int, rules: CrapsRules = OXFORD) -> int:
    """``point`` if it is a point number, else an error naming the points.

    >>> check_point(7)
    Traceback (most recent call last):
    ...
    ValueError: 7 is not a point; a point is 4, 5, 6, 8, 9 or 10
    """
    if point not in rules.points:
        *rest, last = rules.points
        raise ValueError(f"{point!r} is not a point; a point is {', '.join(map(str, rest))} or {last}")
    return point


def value_before_come_out(side: LineSide | str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Fraction:
    """The expected value of one unit on a line bet before its come-out roll: minus its house edge.

    >>> value_before_come_out(), value_before_come_out("dont_pass")
    (Fraction(-7, 495), Fraction(-3, 220))
    """
    return -house_edge_per_bet_made(line_bet(side, rules))
