"""Finite Markov chains in the long run, exactly: a chain's law after n steps, its stationary law, how fast one
approaches the other.

A chain is a transition matrix given as rows of Fractions: ``P[i][j]`` is the chance of moving from state i to
state j in one step, and every row adds up to 1.  A law over the states is a tuple of Fractions in the same order.

>>> P = ((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)))
>>> stationary(P)
(Fraction(1, 3), Fraction(2, 3))
>>> after(P, (Fraction(1), Fraction(0)), 2)               # two steps from the first state
(Fraction(3, 8), Fraction(5, 8))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: A transition matrix: row i holds the chances of moving from state i to each state.
Matrix = tuple[tuple[Fraction, ...], ...]
#: A law over the states, in the matrix's order.
Law = tuple[Fraction, ...]


def check_chain(P: Sequence[Sequence[Fraction | int]]) -> Matrix:
    """P as a square matrix of chances whose rows add up to 1, or a ValueError saying what is wrong.

    >>> check_chain([[Fraction(1, 2), Fraction(1, 3)], [0, 1]])
    Traceback (most recent call last):
    ValueError: row 0 of the transition matrix adds up to 5/6; every row must add up to 1
    """
    rows = tuple(tuple(Fraction(x) for x in row) for row in P)
    for i, row in enumerate(rows):
        if len(row) != len(rows):
            raise ValueError(f"row {i} of the transition matrix has {len(row)} entries; it needs {len(rows)}")
        if any(x < 0 for x in row):
            raise ValueError(f"row {i} of the transition matrix has a negative chance")
        if sum(row) != 1:
            raise ValueError(f"row {i} of the transition matrix adds up to {sum(row)}; every row must add up to 1")
    return rows


def step(P: Matrix, law: Law) -> Law:
    """The law one step later: (law P)_j = sum over i of law_i P_ij.

    >>> step(((Fraction(0), Fraction(1)), (Fraction(1), Fraction(0))), (Fraction(1), Fraction(0)))
    (Fraction(0, 1), Fraction(1, 1))
    """
    return tuple(sum((law[i] * P[i][j] for i in range(len(law))), Fraction(0)) for j in range(len(P)))


def after(P: Matrix, law: Law, n: int) -> Law:
    """The law after n steps, starting from ``law``."""
    for _ in range(n):
        law = step(P, law)
    return law


def times(P: Matrix, Q: Matrix) -> Matrix:
    """The matrix product P Q: the chances of two steps, the first by P and the second by Q."""
    return tuple(step(Q, row) for row in P)


def power(P: Matrix, n: int) -> Matrix:
    """P to the n-th power (n at least 1): the chances of moving from each state to each in n steps.

    >>> power(((Fraction(0), Fraction(1)), (Fraction(1), Fraction(0))), 2)[0]
    (Fraction(1, 1), Fraction(0, 1))
    """
    result = P
    for _ in range(n - 1):
        result = times(result, P)
    return result


def stationary(P: Matrix) -> Law:
    """The stationary law: the one law π with π P = π, found exactly by Gaussian elimination.

    It solves π (P - I) = 0 with the sum of π equal to 1; an irreducible finite chain has exactly one solution.

    >>> stationary(((Fraction(0), Fraction(1)), (Fraction(1), Fraction(0))))
    (Fraction(1, 2), Fraction(1, 2))
    """
    n = len(P)
    # Unknowns pi_0 .. pi_{n-1}.  Equations: for each j but the last, sum_i pi_i (P_ij - [i == j]) = 0; and sum pi = 1.
    rows = [[P[i][j] - (1 if i == j else 0) for i in range(n)] + [Fraction(0)] for j in range(n - 1)]
    rows.append([Fraction(1)] * n + [Fraction(1)])
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("the chain has more than one stationary law: it is not irreducible")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rows[col] = [x / rows[col][col] for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return tuple(row[n] for row in rows)


def total_variation(mu: Law, nu: Law) -> Fraction:
    """The total-variation distance: the largest difference the two laws give any set of states, half the sum of
    the differences.

    >>> total_variation((Fraction(1), Fraction(0)), (Fraction(1, 4), Fraction(3, 4)))
    Fraction(3, 4)
    """
    return sum((abs(a - b) for a, b in zip(mu, nu, strict=True)), Fraction(0)) / 2


def doeblin_constant(P: Matrix, m: int) -> Fraction:
    """δ: the sum over states j of the least chance of reaching j in m steps from any state.

    When δ > 0, every law comes within (1 - δ)^k of the stationary law after k m steps (the book's
    Doeblin bound).

    >>> doeblin_constant(((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4))), 1)
    Fraction(3, 4)
    """
    Pm = power(P, m)
    return sum((min(row[j] for row in Pm) for j in range(len(Pm))), Fraction(0))


def share_of_visits(P: Matrix, law: Law, state: int, n: int) -> Fraction:
    """The expected share of the first n steps' states (steps 0 to n - 1) that are ``state``, starting from ``law``.

    >>> share_of_visits(((Fraction(0), Fraction(1)), (Fraction(1), Fraction(0))), (Fraction(1), Fraction(0)), 0, 3)
    Fraction(2, 3)
    """
    total = Fraction(0)
    for _ in range(n):
        total += law[state]
        law = step(P, law)
    return total / n
