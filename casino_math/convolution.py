"""The net result of n independent bets in whole numbers: the counts of a session, and how large they may grow.

A bet's net results are whole multiples of 1/scale ("steps"), with
whole-number counts over a denominator D (its :class:`~casino_math.distribution.Lattice`).
After n bets every probability is a count over D**n, so the whole session is
integer arithmetic, a convolution of the bet with itself n times.  Two or
three different results: each count of the binomial (trinomial) sum comes from
its neighbour by an exact ratio, so every step is a multiplication and a
division by small numbers.  Four or more: one bet at a time, as a polynomial
whose exponents are the steps.  :mod:`casino_math.session` puts the counts to
use; the limits here keep one exact session to a size and a time a reader can wait for.

>>> from casino_math.dice import one_face_bet
>>> session_counts(one_face_bet(5).net(), 2)          # no 6, one 6, two 6s: 25, 10 and 1 of 36
({Fraction(-2, 1): 25, Fraction(4, 1): 10, Fraction(10, 1): 1}, 36)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb, gcd, log2

from .bets import Bet
from .distribution import Distribution, FrozenMap


def _steps_and_counts(net: Distribution) -> tuple[Mapping[int, int], int, int]:
    """The bet's net results as {steps: count}, the scale (steps per unit) and the denominator D: its lattice form."""
    lattice = net.lattice()
    return lattice.counts, lattice.scale, lattice.denominator


@lru_cache(maxsize=64)
def session_counts(net: Distribution, rounds: int) -> tuple[FrozenMap[Fraction, int], int]:
    """({net result: count}, D**rounds) after ``rounds`` bets of net ``net``, in increasing order of the net result.

    Cached (a chapter or a widget asks again for free), so the counts cannot be changed.
    """
    steps, scale, denominator = _steps_and_counts(net)
    method = {1: _certain, 2: _binomial, 3: _trinomial}.get(len(steps), _one_bet_at_a_time)
    totals = method(steps, rounds)
    return FrozenMap({Fraction(s, scale): totals[s] for s in sorted(totals)}), denominator**rounds


def _certain(steps: Mapping[int, int], rounds: int) -> dict[int, int]:
    """One result (a bet that always pushes, say): n times it, with count 1 over 1."""
    ((s, _),) = steps.items()
    return {rounds * s: 1}


def _binomial(steps: Mapping[int, int], rounds: int) -> dict[int, int]:
    """Two results, a and b (counts ca, cb): k of a has count C(n, k) ca**k cb**(n-k).

    Each count comes from the one before by the exact ratio (n-k)/(k+1) * ca/cb.
    """
    (a, ca), (b, cb) = steps.items()
    count = cb**rounds
    totals = {rounds * b: count}
    for k in range(rounds):
        count = count * (rounds - k) * ca // ((k + 1) * cb)
        totals[(k + 1) * a + (rounds - k - 1) * b] = count
    return totals


def _trinomial(steps: Mapping[int, int], rounds: int) -> dict[int, int]:
    """Three results a, b, c: i of a and j of b have count n!/(i! j! (n-i-j)!) ca**i cb**j cc**(n-i-j).

    Walking j up from a known count multiplies by (n-i-j)/(j+1) * cb/cc; walking
    i up (with j = 0) multiplies by (n-i)/(i+1) * ca/cc.
    """
    (a, ca), (b, cb), (c, cc) = steps.items()
    n = rounds
    totals: dict[int, int] = {}
    first = cc**n
    for i in range(n + 1):
        count = first
        for j in range(n - i + 1):
            key = i * a + j * b + (n - i - j) * c
            totals[key] = totals.get(key, 0) + count
            if j < n - i:
                count = count * (n - i - j) * cb // ((j + 1) * cc)
        if i < n:
            first = first * (n - i) * ca // ((i + 1) * cc)
    return totals


def _one_bet_at_a_time(steps: Mapping[int, int], rounds: int) -> dict[int, int]:
    """Any number of results: the counts after r + 1 bets from those after r, one bet at a time.

    The counts are a polynomial: index i stands for r * low + i * stride steps.
    """
    low = min(steps)
    stride = gcd(*(s - low for s in steps))
    shifts = [((s - low) // stride, c) for s, c in steps.items()]
    span = max(shift for shift, _ in shifts)
    polynomial = [1]
    for _ in range(rounds):
        after = [0] * (len(polynomial) + span)
        for i, count in enumerate(polynomial):
            if count:
                for shift, c in shifts:
                    after[i + shift] += count * c
        polynomial = after
    return {rounds * low + stride * i: count for i, count in enumerate(polynomial) if count}


# How big an exact session is, and how much work: the limits and their reasons.

#: The largest exact session kept: its net results times the binary digits of
#: each count (a count after n bets has about n * log2(D) digits, so the size
#: grows like n squared).  2**28 bits is 32 MiB.
MAX_BITS = 2**28

#: The most work spent on one exact session, in digit operations (about two
#: seconds here: see :func:`estimated_work`).
MAX_WORK = 16 * 10**9


def _shape(bet: Bet, rounds: int) -> tuple[int, int, int]:
    """(number of different results per bet, possible net results after n bets, bits per count)."""
    steps, _, denominator = _steps_and_counts(bet.net())
    low = min(steps)
    stride = gcd(*(s - low for s in steps)) or 1
    k = len(steps)
    results = min((max(steps) - low) // stride * rounds + 1, comb(rounds + k - 1, k - 1))
    return k, results, max(1, round(rounds * log2(denominator)))


def estimated_size(bet: Bet, rounds: int) -> int:
    """An upper estimate, in bits, of the exact session: net results times the bits of each count.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> estimated_size(even_money("heads", coin(), lambda s: s == "H"), 100)    # 101 results of 100 bits
    10100
    """
    _, results, bits = _shape(bet, rounds)
    return results * bits


def estimated_work(bet: Bet, rounds: int) -> int:
    """An estimate of the work of computing the exact session, in digit operations.

    Two results: a pass over the n + 1 counts.  Three: a pass over the
    (n + 1)(n + 2)/2 terms of the trinomial sum.  More: every bet multiplies
    every count so far by each result's count, about k * results * bits * n / 3.
    The weights (4 and 10) make one unit of work cost about the same time on
    every path, as measured in ``benchmarks/bench_session.py``.

    >>> from casino_math.dice import coin, die
    >>> from casino_math.bets import even_money
    >>> estimated_work(even_money("heads", coin(), lambda s: s == "H"), 100)    # 4 * 101 results * 100 bits
    40400
    """
    k, results, bits = _shape(bet, rounds)
    if k <= 2:
        return 4 * results * bits
    if k == 3:
        return 10 * (rounds + 1) * (rounds + 2) // 2 * bits
    return k * results * bits * rounds // 3


def max_rounds(bet: Bet) -> int:
    """The most bets whose session is computed exactly (see :data:`MAX_BITS` and :data:`MAX_WORK`).

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> max_rounds(even_money("heads", coin(), lambda s: s == "H"))
    16383
    """
    def fits(n: int) -> bool:
        return estimated_size(bet, n) <= MAX_BITS and estimated_work(bet, n) <= MAX_WORK

    low, high = 1, 2
    while fits(high):
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def check_size(bet: Bet, rounds: int) -> None:
    """Refuse, with the reason, a session too large to compute exactly.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> check_size(even_money("heads", coin(), lambda s: s == "H"), 20_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 20000 rounds of heads is too many to compute exactly: ...
    """
    size, work = estimated_size(bet, rounds), estimated_work(bet, rounds)
    if size <= MAX_BITS and work <= MAX_WORK:
        return
    _, results, bits = _shape(bet, rounds)
    raise ValueError(
        f"{rounds} rounds of {bet.name} is too many to compute exactly: the exact distribution would hold about "
        f"{results} net results whose probabilities need about {round(bits * 0.30103)} digits each "
        f"(about {size / 8 / 2**20:.0f} MiB, and about {work / 1e9:.0f} billion digit operations to compute; "
        f"the limits are {MAX_BITS // 8 // 2**20} MiB and {MAX_WORK // 10**9} billion, about two seconds), so at most "
        f"{max_rounds(bet)} rounds of this bet; use the normal approximation or simulate a longer session"
    )
