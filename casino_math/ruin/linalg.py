"""Exact linear algebra for the ruin chains: elimination over fractions, and over whole numbers.

>>> solve([{0: Fraction(2), 1: Fraction(1)}, {0: Fraction(1), 1: Fraction(3)}], [[3], [4]])
[[Fraction(1, 1)], [Fraction(1, 1)]]
"""

from __future__ import annotations

from fractions import Fraction


def solve(rows: list[dict[int, Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve A x = b exactly by Gaussian elimination over fractions; A is given as sparse rows {column: value}.

    ``rhs`` holds one list of right-hand sides per row (several systems with
    the same matrix are solved at once); the answer has the same shape.  A row
    skips every column where it holds no entry, so a banded matrix stays cheap.

    >>> solve([{0: Fraction(2), 1: Fraction(1)}, {0: Fraction(1), 1: Fraction(3)}], [[3], [4]])
    [[Fraction(1, 1)], [Fraction(1, 1)]]
    >>> solve([{1: Fraction(1)}, {0: Fraction(1)}], [[5], [7]])          # a zero on the diagonal: swap rows
    [[Fraction(7, 1)], [Fraction(5, 1)]]
    """
    n = len(rows)
    rows = [dict(row) for row in rows]
    rhs = [[Fraction(v) for v in values] for values in rhs]
    for i in range(n):
        pivot_row = next((j for j in range(i, n) if rows[j].get(i)), None)
        if pivot_row is None:
            raise ValueError("the system is singular: some bankroll can never reach the end of the session")
        rows[i], rows[pivot_row], rhs[i], rhs[pivot_row] = rows[pivot_row], rows[i], rhs[pivot_row], rhs[i]
        pivot = rows[i][i]
        for j in range(i + 1, n):
            factor = rows[j].pop(i, 0) / pivot
            if factor:
                for col, value in rows[i].items():
                    if col != i:
                        rows[j][col] = rows[j].get(col, 0) - factor * value
                rhs[j] = [a - factor * b for a, b in zip(rhs[j], rhs[i])]
    x: list[list[Fraction]] = [[] for _ in range(n)]
    for i in reversed(range(n)):
        row = rows[i]
        x[i] = [
            (rhs[i][m] - sum((v * x[c][m] for c, v in row.items() if c > i), Fraction(0))) / row[i]
            for m in range(len(rhs[i]))
        ]
    return x


def solve_whole(matrix: list[list[int]], rhs: list[list[int]]) -> tuple[list[list[int]], int]:
    """Solve a square system of whole numbers exactly, without fractions (Bareiss's elimination).

    Returns ``(y, det)``: the solution is y / det, with det the matrix's
    determinant (up to sign).  Every division on the way is exact.

    >>> solve_whole([[2, 1], [1, 3]], [[3], [4]])           # x = 1, y = 1
    ([[5], [5]], 5)
    """
    n = len(matrix)
    m = [list(row) + list(r) for row, r in zip(matrix, rhs)]
    width, previous = len(m[0]) if m else 0, 1
    for k in range(n):
        swap = next((i for i in range(k, n) if m[i][k]), None)
        if swap is None:
            raise ValueError("the system is singular: some bankroll can never reach the end of the session")
        m[k], m[swap] = m[swap], m[k]
        pivot, row_k = m[k][k], m[k]
        for i in range(k + 1, n):
            row_i, lead = m[i], m[i][k]
            for j in range(k + 1, width):
                row_i[j] = (row_i[j] * pivot - lead * row_k[j]) // previous
            row_i[k] = 0
        previous = pivot
    det = m[n - 1][n - 1] if n else 1
    y = [[0] * (width - n) for _ in range(n)]
    for i in reversed(range(n)):
        for c in range(width - n):
            known = sum(m[i][j] * y[j][c] for j in range(i + 1, n))
            y[i][c] = (m[i][n + c] * det - known) // m[i][i]
    return y, det
