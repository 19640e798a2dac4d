"""Slow, plain methods the library replaced, kept as references: the tests check the library against them and the
benchmarks time the library against them."""

from fractions import Fraction

from casino_math.bets import Bet


def ahead_term_by_term(bet: Bet, most: int) -> list[Fraction]:
    """The P(ahead) curve as first written: every count of k wins carried forward, the tail summed for each n."""
    net = bet.net()
    lose, win = sorted(net)
    p = net[win]
    d = p.denominator
    a, b = p.numerator, d - p.numerator
    ways, curve = [1], []
    for n in range(1, most + 1):
        ways = [ways[0] * b] + [ways[k] * b + ways[k - 1] * a for k in range(1, n)] + [ways[-1] * a]
        curve.append(Fraction(sum(w for k, w in enumerate(ways) if k * win + (n - k) * lose > 0), d**n))
    return curve
