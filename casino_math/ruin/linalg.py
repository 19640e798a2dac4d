"""Exact linear algebra for the ruin chains: elimination over fractions, and over whole numbers.

>>> solve([{0: Fraction(2), 1: Fraction(1)}, {0: Fraction(1), 1: Fraction(3)}], [[3], [4]])
[[Fraction(1, 1)], [Fraction(1, 1)]]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    #: Remainders, one per prime (the last axis), in 64-bit integers.
    Residues = NDArray[np.int64]


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
                rhs[j] = [a - factor * b for a, b in zip(rhs[j], rhs[i], strict=True)]
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
    m = [list(row) + list(r) for row, r in zip(matrix, rhs, strict=True)]
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


# Big systems: the same answer from its remainders.  The solution of a whole-
# number system is y / det, with det and y whole numbers of tens of thousands of
# digits for the banker's long sessions; elimination on numbers that size costs
# seconds, mostly in long divisions.  Their remainders after division by a
# thousand primes of 30 bits are found instead, all the primes at once (numpy,
# whose 64-bit integers hold the product of two remainders), and the Chinese
# remainder theorem puts the whole numbers back together.  Hadamard's bound on
# the determinant says how many primes make the answer certain.


def hadamard_bits(matrix: list[list[int]], rhs: list[list[int]]) -> int:
    """Binary digits enough for |det| and for every |det x| of the solution x (Hadamard's bound, with Cramer's rule).

    >>> hadamard_bits([[2, 1], [1, 3]], [[3], [4]])       # |det| = 5 and det x = (5, 5): below 4 * 6 < 2**6
    6
    """
    from math import isqrt

    return sum((isqrt(sum(a * a for a in row + r)) + 1).bit_length() for row, r in zip(matrix, rhs, strict=True))


@lru_cache(maxsize=4)
def primes_below_2_30(count: int) -> tuple[int, ...]:
    """The ``count`` largest primes below 2**30, largest first (a sieve over the numbers just below it).

    Below 2**30 a prime is one of Python's 30-bit digits, so dividing a long
    number by it takes the short path, and the product of two remainders fits
    in a 64-bit integer.

    >>> primes_below_2_30(3)
    (1073741789, 1073741783, 1073741741)
    """
    import numpy as np

    small = np.ones(32769, dtype=bool)                   # the primes up to sqrt(2**30), by Eratosthenes
    small[:2] = False
    for d in range(2, 182):
        if small[d]:
            small[d * d :: d] = False
    width = 32 * count + 1000
    while True:
        low = 2**30 - width
        alive = np.ones(width, dtype=bool)
        for prime in np.flatnonzero(small):
            alive[(-low) % prime :: prime] = False
        found = [low + int(i) for i in np.flatnonzero(alive)[::-1]]
        if len(found) >= count:
            return tuple(found[:count])
        width *= 2


def residues(values: list[int], primes: Sequence[int]) -> Residues:
    """The remainders of whole numbers after division by each prime below 2**30, as a numpy array (values x primes).

    A number is its digits b_j (of 16 bits, or 8 for longer numbers) times
    B**j, so its remainder is the sum of b_j times (B**j mod p): one matrix
    product for all numbers and all primes at once.  It is taken in floating
    point, which is several times faster here than 64-bit integers, and exact:
    each term is below B * 2**30 and there are few enough of them to keep the
    sum below 2**53, where every whole number is a float.

    >>> residues([10, -1, 2**80], (7, 5)).tolist()
    [[3, 0], [6, 4], [4, 1]]
    """
    import numpy as np

    bits = max(1, max(abs(v).bit_length() for v in values))
    base = 16 if bits // 16 + 1 < 2**7 else 8            # at most 2**(53 - 30 - base) digits of base bits
    size = bits // base + 1
    if size >= 2 ** (53 - 30 - base):
        raise ValueError(f"numbers of {bits} bits are too long to reduce exactly in floating point")
    data = b"".join(abs(v).to_bytes(size * base // 8, "little") for v in values)
    digits = np.frombuffer(data, dtype="<u2" if base == 16 else np.uint8).reshape(len(values), size)
    p = np.array(primes, dtype=np.int64)
    powers = np.empty((size, len(primes)), dtype=np.int64)
    powers[0] = 1
    for j in range(1, size):
        powers[j] = powers[j - 1] * 2**base % p
    r = (digits.astype(np.float64) @ powers.astype(np.float64)).astype(np.int64) % p
    negative = np.array([v < 0 for v in values])[:, None]
    return np.where(negative, (p - r) % p, r)


def _inverse_mod(a: Residues, p: Residues) -> Residues:
    """a**(p - 2) mod p, elementwise: the inverse of a modulo each prime p (Fermat), by squaring."""
    import numpy as np

    result, base, exponent = np.ones_like(a), a % p, p - 2
    while exponent.any():
        result = np.where(exponent & 1, result * base % p, result)
        base, exponent = base * base % p, exponent >> 1
    return result


def solve_modular(
    matrix: list[list[int]], rhs: list[list[int]], primes: Sequence[int]
) -> tuple[Residues, Residues]:
    """(det, x) modulo each prime, by elimination without row swaps; det is 0 where a pivot vanished.

    >>> det, x = solve_modular([[2, 1], [1, 3]], [[3], [4]], (7, 11))
    >>> det.tolist(), x[:, 0].tolist()                       # det 5; x = (1, 1)
    ([5, 5], [[1, 1], [1, 1]])
    """
    import numpy as np

    n, p = len(matrix), np.array(primes, dtype=np.int64)
    m = residues([a for row, r in zip(matrix, rhs, strict=True) for a in row + r], primes).reshape(n, -1, len(primes))
    det = np.ones(len(primes), dtype=np.int64)
    for k in range(n):
        pivot = m[k, k]
        det = det * pivot % p
        m[k] = m[k] * _inverse_mod(pivot, p) % p
        m[k + 1 :, k:] = (m[k + 1 :, k:] - m[k + 1 :, k : k + 1] * m[k, k:][None] % p) % p
    x = m[:, n:].copy()
    for i in reversed(range(n)):
        for j in range(i + 1, n):
            x[i] = (x[i] - m[i, j] * x[j] % p) % p
    return det, x


def from_residues(rs: Residues, primes: Sequence[int]) -> list[int]:
    """The whole numbers, each less than half the product of the primes in size, with these remainders (CRT).

    Written M for the product of the primes, a number is the sum of c_i M / p_i
    (mod M) with c_i = r_i / (M / p_i) mod p_i; the sum is formed pairwise, two
    halves at a time, so that long numbers are multiplied only a few times.

    >>> import numpy as np
    >>> from_residues(np.array([[3, 0], [6, 4]]), (7, 5))
    [10, -1]
    """
    import numpy as np

    p = np.array(primes, dtype=np.int64)
    others = np.ones_like(p)                        # M / p_i mod p_i: the product of the other primes
    for j, q in enumerate(primes):
        factor = np.full_like(p, q) % p
        factor[j] = 1
        others = others * factor % p
    inverse = _inverse_mod(others, p)
    layer = [(tuple(int(c) for c in column), q) for column, q in zip((np.asarray(rs) % p * inverse % p).T, primes, strict=True)]
    while len(layer) > 1:                           # (sums of c_i M_part / p_i, M_part), two halves at a time
        halves = list(zip(layer[::2], layer[1::2], strict=False))          # an odd one out waits for the next round
        paired = [tuple(a * m2 + b * m1 for a, b in zip(s1, s2, strict=True)) for (s1, m1), (s2, m2) in halves]
        moduli = [m1 * m2 for (_, m1), (_, m2) in halves]
        layer = list(zip(paired, moduli, strict=True)) + ([layer[-1]] if len(layer) % 2 else [])
    sums, modulus = layer[0]
    out = []
    for total in sums:
        value = total % modulus
        out.append(value - modulus if 2 * value > modulus else value)
    return out


def solve_at(
    matrix: list[list[int]], rhs: list[list[int]], weights: list[int], constants: list[int]
) -> tuple[list[int], int]:
    """Whole numbers (numerators, det) with numerators[m] / det = weights . x_m + constants[m], x solving A x = rhs.

    For the ladder, only one bankroll's value is wanted: one combination of the
    solution.  Big systems are solved from remainders (:func:`solve_modular`),
    small ones, or any whose remainders meet a zero pivot, by :func:`solve_whole`.

    >>> solve_at([[2, 1], [1, 3]], [[3], [4]], [1, 1], [0])          # x + y = 2
    ([10], 5)
    """
    n, columns = len(matrix), len(rhs[0]) if rhs else 0
    most = sum(abs(w) for w in weights) + max(map(abs, constants), default=0)
    bits = hadamard_bits(matrix, rhs) + most.bit_length() + 2
    count = bits // 29 + 2
    if n and bits > MODULAR_FROM_BITS:
        import numpy as np

        primes = primes_below_2_30(count)
        det_mod, x = solve_modular(matrix, rhs, primes)
        if det_mod.all():
            p = np.array(primes, dtype=np.int64)
            w, c = residues(weights, primes), residues(constants, primes)
            value = [(sum(w[j] * x[j, m] % p for j in range(n)) + c[m]) % p * det_mod % p for m in range(columns)]
            whole = from_residues(np.array([det_mod, *value]), primes)
            return whole[1:], whole[0]
    y, det = solve_whole(matrix, rhs)
    return [sum(w * y[j][m] for j, w in enumerate(weights)) + constants[m] * det for m in range(columns)], det


#: Systems whose answer may need more binary digits than this are solved from remainders.
MODULAR_FROM_BITS = 4000
