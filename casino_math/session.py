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
would cost far more than computing the counts (:mod:`casino_math.convolution`
counts them, and keeps one session to a size a reader can wait for).

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
from typing import NoReturn

from .bets import Bet, expected_value, variance
from .convolution import (
    MAX_BITS,
    MAX_WORK,
    _binomial,  # noqa: F401  (the chapter on the long run shows how it counts)
    check_size,
    estimated_size,
    estimated_work,
    max_rounds,
    session_counts,
)
from .distribution import (
    Distribution,
    Event,
    FrozenMap,
    Lattice,
    Number,
    as_decimal,
    decimal_sqrt,
    digit_count,
    exact,
    whole,
)

__all__ = [
    "MAX_BITS", "MAX_WORK", "Session", "check_size", "estimated_size", "estimated_work", "expected_net", "max_rounds",
    "net_after", "p_ahead", "p_ahead_curve", "p_behind", "p_even", "session", "session_sd", "session_variance",
    "sessions",
]  # fmt: skip


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
    counts: FrozenMap[Fraction, int]
    denominator: int

    def __init__(self, bet: Bet, rounds: int, counts: Mapping[Fraction, int], denominator: int) -> None:
        counts = counts if isinstance(counts, FrozenMap) else FrozenMap(counts)
        for name, value in (("bet", bet), ("rounds", rounds), ("counts", counts), ("denominator", denominator)):
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
    counts, denominator = session_counts(bet.net(), rounds)
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
