"""The line bets as an absorbing Markov chain, solved exactly with sympy.

The states of a Pass (or Don't Pass) bet are the come-out, "point 4" to
"point 10" while it waits, and the absorbing results "win", "lose" and, for
Don't Pass, "push".  With the transient-to-transient block Q and the
transient-to-absorbing block R of the transition matrix, the fundamental
matrix N = (I - Q)^-1 counts the expected visits to each transient state,
B = N R gives the probability of ending in each result, and t = N 1 the
expected number of rolls until the bet is decided.  The answers agree with
the first-step analysis in :mod:`casino_math.craps.line`.

sympy is imported only when a function here is called.

>>> chain_probability("pass", "win"), chain_expected_rolls()
(Fraction(244, 495), Fraction(557, 165))
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..bets import LOSE, PUSH, WIN
from ..tables import Cell, Column, Holds, Table
from .line import PASS_SIDE, check_side, dont_pass_result, pass_result
from .rolls import TOTALS, p_total
from .rules import OXFORD, CrapsRules

if TYPE_CHECKING:
    from sympy import Matrix, Rational

COME_OUT = "come-out"


def point_state(point: int) -> str:
    """The name of the state "waiting for ``point``".

    >>> point_state(6)
    'point 6'
    """
    return f"point {point}"


def transient_states(rules: CrapsRules = OXFORD) -> list[str]:
    """The states in which a line bet is still undecided: the come-out and one per point.

    >>> transient_states()
    ['come-out', 'point 4', 'point 5', 'point 6', 'point 8', 'point 9', 'point 10']
    """
    return [COME_OUT, *map(point_state, rules.points)]


def absorbing_states(side: str = PASS_SIDE) -> list[str]:
    """The results a line bet ends in: win and lose, and push for the don't side.

    >>> absorbing_states("dont_pass")
    [Line.WIN, Line.LOSE, Line.PUSH]
    """
    return [WIN, LOSE] if check_side(side) == PASS_SIDE else [WIN, LOSE, PUSH]


def step(state: str, side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The probabilities of the states one roll later.

    >>> step("point 4")
    {'point 4': Fraction(3, 4), Line.WIN: Fraction(1, 12), Line.LOSE: Fraction(1, 6)}
    """
    result = pass_result if check_side(side) == PASS_SIDE else dont_pass_result
    after: dict[str, Fraction] = {}
    for n in TOTALS:
        if state == COME_OUT:
            nxt = point_state(n) if n in rules.points else result((n,), rules)
        else:
            point = int(state.split()[1])
            nxt = state if n not in (point, 7) else result((point, n), rules)
        after[nxt] = after.get(nxt, Fraction(0)) + p_total(n)
    return after


def line_chain(side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> tuple[Matrix, Matrix, Matrix, Matrix, Matrix]:
    """The chain solved: ``(Q, R, N, B, t)`` from :func:`casino_math.symbolic.absorbing_chain`.

    >>> Q, R, N, B, t = line_chain()
    >>> B[0, 0], t[0]
    (244/495, 557/165)
    """
    from ..symbolic import absorbing_chain

    return absorbing_chain(transient_states(rules), absorbing_states(side), lambda s: step(s, side, rules))


def transition_matrix(side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Matrix:
    """The full transition matrix (sympy), rows and columns in the order transient then absorbing states.

    >>> P = transition_matrix()
    >>> P.shape, P[0, 7], sum(P.row(1))
    ((9, 9), 2/9, 1)
    """
    import sympy as sp

    from ..symbolic import rational

    states = transient_states(rules) + absorbing_states(side)
    P = sp.zeros(len(states), len(states))
    for i, s in enumerate(states):
        moves = step(s, side, rules) if s in transient_states(rules) else {s: Fraction(1)}
        for nxt, p in moves.items():
            P[i, states.index(nxt)] = rational(p)
    return P


def transition_table(side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Table:
    """The transition probabilities of the undecided states as a table (a blank is probability 0).

    >>> [str(column) for column in transition_table().columns[:4]]
    ['from', 'come-out', '4', '5']
    >>> transition_table().rows[1]
    ['point 4', '', '3/4', '', '', '', '', '', '1/12', '1/6']
    """
    return moves_table(transient_states(rules), absorbing_states(side), lambda s: step(s, side, rules),
                       f"One roll of a {side.replace('_', ' ')} bet: from each state (row) to the next "
                       "(column; 4 to 10 mean waiting on that point)")


def moves_table(transient: list[str], absorbing: list[str], moves: Callable[[str], dict[str, Fraction]],
                caption: str) -> Table:
    """A chain's moves from each transient state (row) to every state (column), a blank for probability 0."""
    states = transient + absorbing
    rows: list[list[Cell]] = []
    for s in transient:
        after = moves(s)
        rows.append([s, *(after.get(t, "") for t in states)])
    chances = [Column(s.replace("point ", ""), Holds.SHARE, beside=True) for s in states]
    return Table([Column("from"), *chances], rows, caption)


def _fraction(x: Rational) -> Fraction:
    return Fraction(int(x.p), int(x.q))


def chain_probability(side: str = PASS_SIDE, result: str = "win", rules: CrapsRules = OXFORD) -> Fraction:
    """The probability, from the come-out, that the chain ends in ``result`` (from B = N R).

    >>> chain_probability("dont_pass", "push")
    Fraction(1, 36)
    """
    _, _, _, B, _ = line_chain(side, rules)
    return _fraction(B[0, absorbing_states(side).index(result)])


def chain_expected_rolls(side: str = PASS_SIDE, rules: CrapsRules = OXFORD) -> Fraction:
    """The expected number of rolls from the come-out until the bet is decided (from t = N 1).

    >>> chain_expected_rolls("dont_pass")
    Fraction(557, 165)
    """
    *_, t = line_chain(side, rules)
    return _fraction(t[0])
