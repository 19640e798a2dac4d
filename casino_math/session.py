"""Sessions: the exact distribution of the net result after n bets.

A session of n independent bets of one unit has a net result that is the sum
of n draws from the bet's net distribution.  For a bet that only wins or loses
this is a binomial count of wins; in general it is a convolution.

>>> from casino_math.dice import one_face_bet
>>> after_two = net_after(one_face_bet(5), 2)
>>> after_two[10], after_two[4], after_two[-2]     # two wins, one win, no win
(Fraction(1, 36), Fraction(5, 18), Fraction(25, 36))
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .bets import Bet
from .distribution import Distribution

#: The largest number of rounds computed exactly: the distribution has up to
#: rounds + 1 outcomes for a win/lose bet, and far more for a bet with several
#: payouts, whose exact fractions grow with every round.
MAX_ROUNDS = 100_000


def _check_rounds(rounds) -> int:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"the number of rounds must be a positive whole number, not {rounds!r}")
    if rounds > MAX_ROUNDS:
        raise ValueError(
            f"{rounds} rounds is more than {MAX_ROUNDS}, the most computed exactly "
            "(the exact fractions grow with every round); use the normal approximation or simulate"
        )
    return rounds


def net_after(bet: Bet, rounds: int) -> Distribution:
    """The distribution of the net result, in units, after ``rounds`` one-unit bets.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> net_after(even_money("heads", coin(), lambda s: s == "H"), 3)[1]
    Fraction(3, 8)
    """
    rounds = _check_rounds(rounds)
    net = bet.net()
    if len(net) == 2:
        return _binomial_net(net, rounds)
    return net.repeated(rounds)


def _binomial_net(net: Distribution, rounds: int) -> Distribution:
    """Two outcomes w > l with P(w) = p: k wins give k*w + (n-k)*l with probability C(n,k) p^k q^(n-k)."""
    lo, hi = sorted(net)
    p = net[hi]
    q = 1 - p
    # Integer numerators over one common denominator keep the n + 1 terms cheap.
    pn, pd, qn, qd = p.numerator, p.denominator, q.numerator, q.denominator
    denominator = (pd * qd) ** rounds
    terms = {}
    for k in range(rounds + 1):
        count = comb(rounds, k) * pn**k * qn ** (rounds - k) * pd ** (rounds - k) * qd**k
        terms[k * hi + (rounds - k) * lo] = Fraction(count, denominator)
    return Distribution(terms)


def p_ahead(bet: Bet, rounds: int) -> Fraction:
    """The probability of being ahead (net > 0) after ``rounds`` bets.

    >>> from casino_math.dice import one_face_bet
    >>> p_ahead(one_face_bet(5), 2)     # at least one 6 in two rolls
    Fraction(11, 36)
    """
    return net_after(bet, rounds).P(lambda x: x > 0)


def p_even(bet: Bet, rounds: int) -> Fraction:
    """The probability of being exactly even after ``rounds`` bets.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> p_even(even_money("heads", coin(), lambda s: s == "H"), 2)
    Fraction(1, 2)
    """
    return net_after(bet, rounds).P({0})


def p_behind(bet: Bet, rounds: int) -> Fraction:
    """The probability of being behind (net < 0) after ``rounds`` bets.

    >>> from casino_math.dice import one_face_bet
    >>> p_behind(one_face_bet(5), 2)
    Fraction(25, 36)
    """
    return net_after(bet, rounds).P(lambda x: x < 0)
