"""The shooter's hand: how many rolls a shooter makes before sevening out.

The shooter keeps the dice from one Pass decision to the next: after a natural,
a craps or a point made, the next roll is a new come-out.  The hand ends at the
*seven-out*, a 7 rolled while a point is set.  So the hand is the Pass line's
Markov chain (:mod:`casino_math.craps.chain`) with its results redirected: a
win, or a loss on the come-out, leads back to the come-out; a loss with a point
set is the seven-out, and ends the hand.

Let L be the number of rolls in a hand, the seven-out included.  The hand lasts
at least n rolls exactly when the chain is still undecided after n - 1 rolls:
with Q the moves of one roll among the undecided states,
P(L >= n) = (Q^(n-1) 1)[come-out].  Every entry of Q is a count of rolls out of
36, so Q's powers are whole numbers over powers of 36, worked out exactly by
repeated squaring.

>>> mean_hand_length()
Fraction(1671, 196)
>>> p_hand_at_least(3)              # a point set, then anything but a 7: 1 - 2/3 * 1/6
Fraction(8, 9)
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..bets import LOSE, WIN
from ..display import Table, scientific
from ..distribution import as_decimal, whole
from .chain import COME_OUT, moves_table, step, transient_states
from .line import PASS_SIDE
from .rules import OXFORD, CrapsRules

if TYPE_CHECKING:
    from sympy import Expr

    from ..report import Form

#: The one absorbing state of a hand: a 7 rolled while a point is set.
SEVEN_OUT = "seven-out"

#: The longest hand whose chance is worked out exactly: P(L >= 50000) is a fraction of about 77,800 digits over
#: 36^49999, found in about 0.7 s here; each doubling of the hand costs about four times as much.
MOST_ROLLS = 50_000

#: A matrix of whole numbers, row by row.
Counts = tuple[tuple[int, ...], ...]


def hand_step(state: str, rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The probabilities of the hand's states one roll later: the Pass line's step, its results redirected.

    >>> hand_step("point 4")                              # the 4 made: a new come-out; a 7: the seven-out
    {'point 4': Fraction(3, 4), 'come-out': Fraction(1, 12), 'seven-out': Fraction(1, 6)}
    >>> hand_step("come-out")["come-out"]                 # a natural or craps keeps the dice: (8 + 4) / 36
    Fraction(1, 3)
    """
    after: dict[str, Fraction] = {}
    for nxt, p in step(state, PASS_SIDE, rules).items():
        if nxt in (WIN, LOSE):
            nxt = SEVEN_OUT if nxt == LOSE and state != COME_OUT else COME_OUT
        after[nxt] = after.get(nxt, Fraction(0)) + p
    return after


def hand_table(rules: CrapsRules = OXFORD) -> Table:
    """One roll of a shooter's hand as a table: from each undecided state (row) to the next (column).

    >>> hand_table().rows[0][:3], hand_table().rows[1][-1]
    (['come-out', '1/3', '1/12'], '1/6')
    """
    return moves_table(transient_states(rules), [SEVEN_OUT], lambda s: hand_step(s, rules),
                       "One roll of a shooter's hand: from each state (row) to the next (column; 4 to 10 mean "
                       "waiting on that point)")


def rolls_of_36(p: Fraction) -> int:
    """The number of the 36 rolls that a probability of one roll counts.

    >>> rolls_of_36(Fraction(1, 12))
    3
    """
    count = p * 36
    if count.denominator != 1:
        raise ValueError(f"{p} is not a count of rolls out of 36")
    return int(count)


def hand_moves(rules: CrapsRules = OXFORD) -> Counts:
    """36 Q: the moves of one roll among the undecided states, each counted in rolls out of 36.

    Rows and columns are in the order of :func:`casino_math.craps.chain.transient_states`.

    >>> hand_moves()[0]           # from the come-out: 12 rolls decide the bet, then 3, 4, 5, 5, 4, 3 set the points
    (12, 3, 4, 5, 5, 4, 3)
    >>> hand_moves()[1]           # waiting on the 4: 3 rolls make it, 27 change nothing (and 6 seven out)
    (3, 27, 0, 0, 0, 0, 0)
    """
    states = transient_states(rules)
    moves = [hand_step(s, rules) for s in states]
    return tuple(tuple(rolls_of_36(m.get(t, Fraction(0))) for t in states) for m in moves)


def seven_outs(rules: CrapsRules = OXFORD) -> tuple[int, ...]:
    """36 r: the rolls out of 36 that end the hand from each undecided state (the 7s, once a point is set).

    >>> seven_outs()
    (0, 6, 6, 6, 6, 6, 6)
    """
    return tuple(rolls_of_36(hand_step(s, rules).get(SEVEN_OUT, Fraction(0))) for s in transient_states(rules))


def times(row: list[int], matrix: Counts) -> list[int]:
    """A row of whole numbers times a matrix of whole numbers.

    >>> times([1, 2], ((1, 1), (0, 3)))
    [1, 7]
    """
    return [sum(r * matrix[i][j] for i, r in enumerate(row) if r) for j in range(len(matrix[0]))]


def squared(matrix: Counts) -> Counts:
    """A square matrix of whole numbers times itself.

    >>> squared(((1, 1), (0, 3)))
    ((1, 4), (0, 9))
    """
    return tuple(tuple(times(list(row), matrix)) for row in matrix)


def first_row_of_power(matrix: Counts, k: int) -> list[int]:
    """The first row of ``matrix`` to the power ``k``, by repeated squaring (about 2 log2 k products).

    >>> first_row_of_power(((1, 1), (0, 3)), 3)           # (1, 1) (1, 1) ... : 1 + 3 + 9 in the second place
    [1, 13]
    """
    row = [1] + [0] * (len(matrix) - 1)
    while k:
        if k & 1:
            row = times(row, matrix)
        k >>= 1
        if k:
            matrix = squared(matrix)
    return row


def check_hand_rolls(n: object) -> int:
    """``n`` if it is a number of rolls the hand's chances can be worked out for (1 to :data:`MOST_ROLLS`).

    >>> check_hand_rolls(0)
    Traceback (most recent call last):
    ...
    ValueError: the number of rolls must be a positive whole number, not 0
    >>> check_hand_rolls(10**6)
    Traceback (most recent call last):
    ...
    ValueError: the chance of a hand of 1000000 rolls is a fraction of about 1556301 digits: too long to work out exactly here (the limit is 50000 rolls)
    """
    n = whole(n, "the number of rolls", least=1)
    if n > MOST_ROLLS:
        digits = (n - 1) * 15563025 // 10**7 + 1          # the digits of 36^(n-1): (n-1) log10(36), rounded up
        raise ValueError(f"the chance of a hand of {n} rolls is a fraction of about {digits} digits: too long to "
                         f"work out exactly here (the limit is {MOST_ROLLS} rolls)")
    return n


def p_hand_at_least(n: int, rules: CrapsRules = OXFORD) -> Fraction:
    """P(L >= n): the chance that a shooter's hand lasts at least ``n`` rolls, the seven-out included.

    >>> p_hand_at_least(1), p_hand_at_least(2)            # the come-out never ends a hand
    (Fraction(1, 1), Fraction(1, 1))
    >>> odds_one_in(p_hand_at_least(154))                 # the 2009 Atlantic City record: 1 in ...
    '5590264072'
    """
    n = check_hand_rolls(n)
    return Fraction(sum(first_row_of_power(hand_moves(rules), n - 1)), 36 ** (n - 1))


def hand_length_probabilities(most: int, rules: CrapsRules = OXFORD) -> list[Fraction]:
    """P(L = 1), P(L = 2), ..., P(L = ``most``), stepping the chain one roll at a time.

    P(L = n) is the chance of being undecided after n - 1 rolls, in each state,
    times that state's chance of sevening out on the next roll.

    >>> hand_length_probabilities(3)          # a point, then a 7: 2/3 * 1/6; roll 3: (6 * 620 + 1728) / 36^3
    [Fraction(0, 1), Fraction(1, 9), Fraction(227, 1944)]
    """
    most = check_hand_rolls(most)
    moves, ends = hand_moves(rules), seven_outs(rules)
    row = [1] + [0] * (len(moves) - 1)
    chances = []
    for n in range(1, most + 1):
        chances.append(Fraction(sum(r * e for r, e in zip(row, ends, strict=True)), 36**n))
        row = times(row, moves)
    return chances


def mean_hand_length(rules: CrapsRules = OXFORD) -> Fraction:
    """E[L], the expected number of rolls in a hand: m = 1 + Q m solved exactly (m = N 1, first-step analysis).

    >>> mean_hand_length()                                # 557/165 rolls a decision, 495/196 decisions a hand
    Fraction(1671, 196)
    """
    from ..ruin.linalg import solve

    moves = hand_moves(rules)
    size = range(len(moves))
    system = [{j: 36 * (i == j) - moves[i][j] for j in size if 36 * (i == j) != moves[i][j]} for i in size]
    return solve([{j: Fraction(a) for j, a in row.items()} for row in system], [[Fraction(36)] for _ in size])[0][0]


def median_hand_length(rules: CrapsRules = OXFORD) -> int:
    """The median number of rolls: the fewest n with P(L <= n) at least 1/2.

    >>> median_hand_length()
    6
    """
    total, n = Fraction(0), 0
    while total < Fraction(1, 2):
        n += 1
        total += hand_length_probabilities(n, rules)[-1]
    return n


def hand_generating_function(rules: CrapsRules = OXFORD) -> Expr:
    """G(z) = E[z^L] = P(L = 1) z + P(L = 2) z^2 + ..., a rational function of z (sympy, imported here).

    From the first step, G = z e (I - z Q)^-1 r, with r the chances of sevening
    out; the system is solved over the field of rational functions of z, which
    keeps every entry in lowest terms (plain symbolic elimination swells).

    >>> import sympy as sp
    >>> G = hand_generating_function()
    >>> z = sp.Symbol("z")
    >>> G.subs(z, 1), sp.diff(G, z).subs(z, 1)            # every hand ends; its mean length
    (1, 1671/196)
    >>> sp.series(G, z, 0, 4)                             # P(L = 2) = 2/3 * 1/6; P(L = 3) = 5448 / 36^3
    z**2/9 + 227*z**3/1944 + O(z**4)
    """
    import sympy as sp
    from sympy.polys.matrices import DomainMatrix

    z = sp.Symbol("z")
    rational_functions = sp.QQ.frac_field(z)
    Q = sp.Matrix(hand_moves(rules)) / 36
    r = sp.Matrix(seven_outs(rules)) / 36
    system = DomainMatrix.from_Matrix(sp.eye(Q.rows) - z * Q).convert_to(rational_functions)
    first_step = DomainMatrix.from_Matrix(z * r).convert_to(rational_functions)
    return sp.factor(system.lu_solve(first_step).to_Matrix()[0])


def hand_length_report(at_least: int, rules: CrapsRules = OXFORD, exact: bool = False,
                       form: Form = "table") -> dict[str, Any]:
    """The ``hand-length`` report: P(L >= ``at_least``) and E[L], exactly, as a JSON-ready dict.

    A fraction too long for the ``form`` it is printed in is summarised unless
    ``exact`` asks for it whole, as :func:`casino_math.report.figure` does for
    every report; beside it, P to 10 significant digits and as "1 in N".

    >>> report = hand_length_report(154)
    >>> report["p"], report["p_digits"], report["p_significant"], report["p_one_in"]
    (None, [227, 237], '1.788824262E-10', '5590264072')
    >>> report["mean"], report["mean_decimal"]
    ('1671/196', '8.5255102041')
    """
    from ..report import figure

    p = p_hand_at_least(at_least, rules)
    report: dict[str, Any] = {"at_least": at_least, **figure("p", p, exact, form)}
    report |= {"p_significant": f"{as_decimal(p, 10):E}" if p < 1 else "1", "p_one_in": odds_one_in(p)}
    return report | figure("mean", mean_hand_length(rules), exact, form)


def odds_one_in(p: Fraction) -> str:
    """N in "1 in N" for a chance p: 1/p to 10 significant digits, in E notation past 10 digits before the point.

    >>> odds_one_in(Fraction(8, 9)), odds_one_in(Fraction(1, 3)), odds_one_in(Fraction(1, 3**100))
    ('1.125', '3', '5.153775207E+47')
    """
    odds = as_decimal(1 / p, 10)
    return f"{odds:f}" if odds.adjusted() < 10 else f"{odds:E}"


def hand_length_table(report: dict[str, Any]) -> str:
    """A ``hand-length`` report as a text table: each figure exact (or its size), and as a reader says it.

    >>> print(hand_length_table({"rules": "oxford", **hand_length_report(3)}))
    The shooter's hand, craps (oxford rules): the rolls up to and including the seven-out
                         exact     decimal
    -------------------  --------  ------------
    P(at least 3 rolls)  8/9       0.8888888889
    expected rolls       1671/196  8.5255102041
    """
    from ..report import FIGURES_COLUMNS, exact_text

    p = Decimal(report["p_significant"])
    p_said = report["p_decimal"] if p >= Decimal("0.001") else f"{scientific(p)}, 1 in {report['p_one_in']}"
    rows = [[f"P(at least {report['at_least']} rolls)", exact_text(report, "p"), p_said],
            ["expected rolls", report["mean"], report["mean_decimal"]]]
    caption = f"The shooter's hand, craps ({report['rules']} rules): the rolls up to and including the seven-out"
    return repr(Table(FIGURES_COLUMNS, rows, caption))
