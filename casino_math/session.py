"""Sessions: the exact distribution of the net result after n bets.

A session of n independent bets of one unit has a net result that is the sum
of n draws from the bet's net distribution.  For a bet that only wins or loses
this is a binomial count of wins; in general it is a convolution.

>>> from casino_math.dice import one_face_bet
>>> after_two = net_after(one_face_bet(5), 2)
>>> after_two[10], after_two[4], after_two[-2]     # two wins, one win, no win
(Fraction(1, 36), Fraction(5, 18), Fraction(25, 36))

Long sessions are kept as whole-number counts over one common denominator
(the bet's denominator to the power n), and a probability becomes a
:class:`~fractions.Fraction` only when it is asked for: after 3000 bets on red
the denominator has more than 3800 digits, and building 3001 such fractions
would cost far more than computing the counts.

>>> from casino_math.bets import even_money
>>> from casino_math.distribution import Distribution
>>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
>>> s = session(red, 3000)
>>> s.expected_net()                 # 3000 bets times -1/19 each
Fraction(-3000, 19)
>>> float(s.p_ahead())
0.0018465512062789628
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from math import comb, gcd, log2
from typing import NoReturn

from .bets import Bet, expected_value, variance
from .distribution import Distribution, Event, Lattice, Number, as_decimal, decimal_sqrt, digit_count, exact, whole


def _check_rounds(rounds: object) -> int:
    return whole(rounds, "the number of rounds", least=1)


class Session(Mapping[Fraction, Fraction]):
    """The exact distribution of the net result, in units, after ``rounds`` one-unit bets on ``bet``.

    It is a mapping from each possible net result to its exact probability,
    stored as whole-number ``counts`` over one ``denominator``: P(net) =
    counts[net] / denominator.  The vocabulary is the Distribution's: ``P``,
    ``E``, ``variance``, ``standard_deviation``; plus the session's own words,
    ``p_ahead``, ``p_even``, ``p_behind``.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> three = session(even_money("heads", coin(), lambda side: side == "H"), 3)
    >>> dict(three.counts), three.denominator
    ({Fraction(-3, 1): 1, Fraction(-1, 1): 3, Fraction(1, 1): 3, Fraction(3, 1): 1}, 8)
    >>> three[1], three.p_ahead()
    (Fraction(3, 8), Fraction(1, 2))
    """

    __slots__ = ("bet", "counts", "denominator", "rounds")
    bet: Bet
    rounds: int
    counts: dict[Fraction, int]
    denominator: int

    def __init__(self, bet: Bet, rounds: int, counts: Mapping[Fraction, int], denominator: int) -> None:
        for name, value in (("bet", bet), ("rounds", rounds), ("counts", dict(counts)), ("denominator", denominator)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("a Session is immutable")

    def __getitem__(self, net: Fraction) -> Fraction:
        return Fraction(self.counts.get(net, 0), self.denominator)

    def __iter__(self) -> Iterator[Fraction]:
        return iter(self.counts)

    def __len__(self) -> int:
        return len(self.counts)

    def __repr__(self) -> str:
        return f"<Session: {self.rounds} bets on {self.bet.name}, {len(self)} possible net results>"

    def P(self, event: Event[Fraction]) -> Fraction:
        """The probability of an event about the net result (a predicate, or a collection of results).

        >>> from casino_math.dice import one_face_bet
        >>> session(one_face_bet(5), 2).P(lambda net: net >= 4)     # at least one 6
        Fraction(11, 36)
        """
        test = event if callable(event) else set(event).__contains__
        return Fraction(sum(count for net, count in self.counts.items() if test(net)), self.denominator)

    def E(self, f: Callable[[Fraction], Number] | None = None) -> Fraction:
        """The expected value of ``f(net)`` (of the net itself if no f), summed from the exact counts.

        >>> from casino_math.dice import one_face_bet
        >>> session(one_face_bet(4), 2).E()          # 2 * (4 * 1/6 - 5/6)
        Fraction(-1, 3)
        >>> session(one_face_bet(4), 2).E(float)              # a float is refused, not rounded silently
        Traceback (most recent call last):
        ...
        TypeError: f(-2) = -2.0 is a float; use a Fraction or an integer count (a float such as 0.1 is not exactly 1/10)
        """
        value: Callable[[Fraction], object] = f or (lambda net: net)
        total = sum((count * exact(value(net), f"f({net}) =") for net, count in self.counts.items()),
                    Fraction(0))
        return total / self.denominator

    def variance(self) -> Fraction:
        """The variance of the net result, summed from the exact counts.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> session(even_money("heads", coin(), lambda side: side == "H"), 5).variance()
        Fraction(5, 1)
        """
        mean = self.E()
        return self.E(lambda net: (net - mean) ** 2)

    def standard_deviation(self) -> Decimal:
        """The standard deviation of the net result (28 significant digits).

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> session(even_money("heads", coin(), lambda side: side == "H"), 4).standard_deviation()
        Decimal('2')
        """
        return decimal_sqrt(self.variance())

    def expected_net(self) -> Fraction:
        """The expected net result: ``rounds`` times the bet's expected value (no summing needed).

        >>> from casino_math.dice import one_face_bet
        >>> session(one_face_bet(4), 10).expected_net()
        Fraction(-5, 3)
        """
        return self.rounds * expected_value(self.bet)

    def p_ahead(self) -> Fraction:
        """The probability of being ahead (net > 0) at the end of the session.

        >>> from casino_math.dice import one_face_bet
        >>> session(one_face_bet(5), 2).p_ahead()     # at least one 6 in two rolls
        Fraction(11, 36)
        """
        return self.P(lambda net: net > 0)

    def p_even(self) -> Fraction:
        """The probability of ending exactly even.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> session(even_money("heads", coin(), lambda side: side == "H"), 2).p_even()
        Fraction(1, 2)
        """
        return self.P(lambda net: net == 0)

    def p_behind(self) -> Fraction:
        """The probability of being behind (net < 0) at the end of the session.

        >>> from casino_math.dice import one_face_bet
        >>> session(one_face_bet(5), 2).p_behind()
        Fraction(25, 36)
        """
        return self.P(lambda net: net < 0)

    def ahead_even_behind(self) -> tuple[Fraction, Fraction, Fraction]:
        """The chances of ending ahead, even and behind: together, 1.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> session(even_money("heads", coin(), lambda side: side == "H"), 2).ahead_even_behind()
        (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))
        """
        return self.p_ahead(), self.p_even(), self.p_behind()

    def decimals(self, significant: int = 12) -> dict[str, Decimal]:
        """P(ahead), P(even), P(behind) and the expected net, rounded to ``significant`` digits.

        After thousands of bets the exact fractions are longer than Python
        writes out as text, so they are rounded by whole-number arithmetic.

        >>> from casino_math.bets import even_money
        >>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
        >>> session(red, 5000).decimals(4)
        {'p_ahead': Decimal('0.00009255'), 'p_even': Decimal('0.00001098'), 'p_behind': Decimal('0.9999'), 'expected_net': Decimal('-263.2')}
        >>> session(red, 5000).denominator_digits()          # 19**5000
        6394
        """
        ahead, even, behind = self.ahead_even_behind()
        figures = {"p_ahead": ahead, "p_even": even, "p_behind": behind, "expected_net": self.expected_net()}
        return {name: as_decimal(q, significant) for name, q in figures.items()}

    def denominator_digits(self) -> int:
        """The decimal digits of the common denominator (the bet's denominator to the power ``rounds``)."""
        return digit_count(self.denominator)

    def distribution(self) -> Distribution[Fraction]:
        """The session as a :class:`Distribution` (every probability built as a Fraction: slow for long sessions).

        >>> from casino_math.dice import one_face_bet
        >>> session(one_face_bet(5), 1).distribution()
        Distribution({Fraction(-1, 1): 5/6, Fraction(5, 1): 1/6})
        """
        return Distribution.from_counts(self.counts)

    def floats(self) -> tuple[list[float], list[float]]:
        """The net results and their probabilities as floats, for plots only.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> session(even_money("heads", coin(), lambda side: side == "H"), 2).floats()
        ([-2.0, 0.0, 2.0], [0.25, 0.5, 0.25])
        """
        return [float(net) for net in self.counts], [count / self.denominator for count in self.counts.values()]


def session(bet: Bet, rounds: int) -> Session:
    """The exact distribution of the net result after ``rounds`` one-unit bets on ``bet``.

    Results are remembered, so a chapter or a widget can ask again for free.

    >>> from casino_math.dice import one_face_bet
    >>> session(one_face_bet(5), 2)
    <Session: 2 bets on the 6, 3 possible net results>
    """
    rounds = _check_rounds(rounds)
    check_size(bet, rounds)
    counts, denominator = _session_counts(bet.net(), rounds)
    return Session(bet, rounds, counts, denominator)


def net_after(bet: Bet, rounds: int) -> Distribution[Fraction]:
    """The distribution of the net result, in units, after ``rounds`` one-unit bets.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> net_after(even_money("heads", coin(), lambda s: s == "H"), 3)[1]
    Fraction(3, 8)
    """
    return session(bet, rounds).distribution()


def p_ahead(bet: Bet, rounds: int) -> Fraction:
    """The probability of being ahead (net > 0) after ``rounds`` bets.

    >>> from casino_math.dice import one_face_bet
    >>> p_ahead(one_face_bet(5), 2)     # at least one 6 in two rolls
    Fraction(11, 36)
    """
    return session(bet, rounds).p_ahead()


def p_even(bet: Bet, rounds: int) -> Fraction:
    """The probability of being exactly even after ``rounds`` bets.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> p_even(even_money("heads", coin(), lambda s: s == "H"), 2)
    Fraction(1, 2)
    """
    return session(bet, rounds).p_even()


def p_behind(bet: Bet, rounds: int) -> Fraction:
    """The probability of being behind (net < 0) after ``rounds`` bets.

    >>> from casino_math.dice import one_face_bet
    >>> p_behind(one_face_bet(5), 2)
    Fraction(25, 36)
    """
    return session(bet, rounds).p_behind()


def expected_net(bet: Bet, rounds: int) -> Fraction:
    """The expected net result of ``rounds`` one-unit bets: the expectation of a sum is the sum of expectations.

    >>> from casino_math.dice import one_face_bet
    >>> expected_net(one_face_bet(4), 60)         # 60 * (-1/6)
    Fraction(-10, 1)
    """
    return _check_rounds(rounds) * expected_value(bet)


def session_variance(bet: Bet, rounds: int) -> Fraction:
    """The variance of the net result of ``rounds`` independent bets: ``rounds`` times one bet's variance.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> session_variance(even_money("heads", coin(), lambda s: s == "H"), 100)
    Fraction(100, 1)
    """
    return _check_rounds(rounds) * variance(bet)


def session_sd(bet: Bet, rounds: int) -> Decimal:
    """The standard deviation of the net result of ``rounds`` bets: it grows like the square root of ``rounds``.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> session_sd(even_money("heads", coin(), lambda s: s == "H"), 9)
    Decimal('3')
    """
    return decimal_sqrt(session_variance(bet, rounds))


# The exact computation.  A bet's net results are whole multiples of 1/scale
# ("steps"), with whole-number counts over a denominator D.  After n bets every
# probability is a count over D**n, so the whole session is integer arithmetic.
# Two or three different results: each count of the binomial (trinomial) sum
# comes from its neighbour by an exact ratio, so every step is a multiplication
# and a division by small numbers.  Four or more: one bet at a time, as a
# polynomial whose exponents are the steps.


def _steps_and_counts(net: Distribution) -> tuple[dict[int, int], int, int]:
    """The bet's net results as {steps: count}, the scale (steps per unit) and the denominator D: its lattice form."""
    lattice = net.lattice()
    return lattice.counts, lattice.scale, lattice.denominator


@lru_cache(maxsize=64)
def _session_counts(net: Distribution, rounds: int) -> tuple[dict[Fraction, int], int]:
    """{net result: count} over D**rounds, in increasing order of the net result."""
    steps, scale, denominator = _steps_and_counts(net)
    method = {1: _certain, 2: _binomial, 3: _trinomial}.get(len(steps), _one_bet_at_a_time)
    totals = method(steps, rounds)
    return {Fraction(s, scale): totals[s] for s in sorted(totals)}, denominator**rounds


def _certain(steps: dict[int, int], rounds: int) -> dict[int, int]:
    """One result (a bet that always pushes, say): n times it, with count 1 over 1."""
    ((s, _),) = steps.items()
    return {rounds * s: 1}


def _binomial(steps: dict[int, int], rounds: int) -> dict[int, int]:
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


def _trinomial(steps: dict[int, int], rounds: int) -> dict[int, int]:
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


def _one_bet_at_a_time(steps: dict[int, int], rounds: int) -> dict[int, int]:
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


def p_ahead_curve(bet: Bet, most: int) -> list[Fraction]:
    """The probability of being ahead after 1, 2, ..., ``most`` bets, exact.

    For a bet with one win and one loss (red, a straight-up number) the curve
    comes from the whole-number counts in one pass: being ahead after n bets
    means more than m(n) wins, and going from n bets to n + 1 changes that
    count only at its edge (:func:`_ahead_counts`).  Any other bet is a
    session of each length.

    >>> from casino_math.bets import even_money
    >>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
    >>> p_ahead_curve(red, 3)          # 9/19; two wins of two; two or three wins of three
    [Fraction(9, 19), Fraction(81, 361), Fraction(3159, 6859)]
    >>> p_ahead_curve(red, 3) == [session(red, n).p_ahead() for n in (1, 2, 3)]
    True
    """
    most = whole(most, "the number of bets", least=1)
    lattice = bet.net().lattice()
    steps = lattice.counts
    if len(steps) != 2 or not min(steps) < 0 < max(steps):
        return [session(bet, n).p_ahead() for n in range(1, most + 1)]
    d = lattice.denominator
    return [Fraction(count, d**n) for n, count in enumerate(_ahead_counts(lattice, most), start=1)]


def _ahead_counts(lattice: Lattice, most: int) -> list[int]:
    """The counts, over D**n, of being ahead after n = 1 to ``most`` bets of a bet with one win and one loss.

    With a win of w steps (count a) and a loss of l steps (count b), k wins of n
    are ahead when k * w - (n - k) * l > 0, that is when k >= m(n) = n * l // (w + l) + 1;
    the count of exactly k wins is t(n, k) = C(n, k) a**k b**(n - k).  From n to
    n + 1 bets, the count of at least m wins grows as U(n + 1) = D U(n) + a t(n, m - 1)
    (ahead already, whatever the next bet; or one short and winning it), and
    when m(n + 1) = m(n) + 1 the count of exactly m wins leaves it.  Each step
    multiplies long counts by small numbers: no sum over k is ever formed again.

    >>> from casino_math.distribution import Lattice
    >>> _ahead_counts(Lattice({-1: 1, 1: 1}, 1, 2), 4)       # a coin: 1 of 2, 1 of 4, 4 of 8, 5 of 16
    [1, 1, 4, 5]
    """
    (loss, b), (win, a) = sorted(lattice.counts.items())
    d, loss = a + b, -loss
    ahead, m, edge = 0, 1, 1          # after 0 bets: nobody is ahead, m(0) = 1, t(0, 0) = 1
    out = []
    for n in range(most):
        ahead = d * ahead + a * edge
        edge = edge * b * (n + 1) // (n + 2 - m)                     # t(n + 1, m - 1)
        if (n + 1) * loss // (win + loss) + 1 > m:                   # m(n + 1) = m + 1
            edge = edge * a * (n + 2 - m) // (m * b)                 # t(n + 1, m) from t(n + 1, m - 1)
            ahead -= edge
            m += 1
        out.append(ahead)
    return out


def sessions(bet: Bet, rounds: Iterable[int]) -> dict[int, Session]:
    """The sessions of several lengths of the same bet, keyed by length.

    >>> from casino_math.dice import one_face_bet
    >>> {n: s.p_ahead() for n, s in sessions(one_face_bet(5), [1, 2]).items()}
    {1: Fraction(1, 6), 2: Fraction(11, 36)}
    """
    return {n: session(bet, n) for n in rounds}
