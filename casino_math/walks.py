"""Streaks and random walks: a session of even-money bets as a walk that steps up 1, down 1 or stays.

A :class:`Walk` is one even-money bet repeated: it wins (the net goes up 1) with chance ``win``, loses (down 1) with
chance ``lose``, and pushes (no change) with what is left. Every chance here is an exact ``Fraction`` built from
whole-number counts: the chances are written over one denominator ``d``, so that ``d ** n`` weighted paths of ``n``
bets are counted with integers and divided once at the end.

>>> RED.win, RED.lose, RED.push
(Fraction(9, 19), Fraction(10, 19), Fraction(0, 1))
>>> run_at_least(3, 2, Fraction(1, 2))      # HHT, THH, HHH of the 8 sequences
Fraction(3, 8)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from math import comb, lcm

from .distribution import Distribution


@dataclass(frozen=True)
class Walk:
    """An even-money bet repeated: up 1 with chance ``win``, down 1 with chance ``lose``, else a push."""

    win: Fraction  #: the chance that one bet wins (the walk steps up 1)
    lose: Fraction  #: the chance that one bet loses (the walk steps down 1)
    name: str = "a walk"  #: what the prose calls it

    def __post_init__(self) -> None:
        for word, q in (("win", self.win), ("lose", self.lose)):
            if not isinstance(q, (Fraction, int)) or isinstance(q, bool):
                raise TypeError(f"the chance to {word} is {q!r}; give it as a Fraction, e.g. Fraction(18, 38)")
            if not 0 <= q <= 1:
                raise ValueError(f"the chance to {word} is {q}; a chance lies between 0 and 1")
        if self.win + self.lose > 1:
            raise ValueError(f"the chances to win and lose add up to {self.win + self.lose}; they may add up to at "
                             "most 1 (what is left is the chance of a push)")

    @property
    def push(self) -> Fraction:
        """The chance that one bet pushes (the walk stays where it is)."""
        return 1 - Fraction(self.win) - Fraction(self.lose)

    def weights(self) -> tuple[int, int, int, int]:
        """Whole-number weights of a win, a loss and a push, and their total ``d``: the chances times ``d``.

        >>> RED.weights()
        (9, 10, 0, 19)
        """
        win, lose = Fraction(self.win), Fraction(self.lose)
        d = lcm(win.denominator, lose.denominator)
        up, down = int(win * d), int(lose * d)
        return up, down, d - up - down, d


#: The fair walk: a fair coin's heads and tails.
FAIR = Walk(Fraction(1, 2), Fraction(1, 2), "a fair coin")
#: $1 on red at a double-zero wheel: 18 red pockets of 38; 0 and 00 lose with black.
RED = Walk(Fraction(18, 38), Fraction(20, 38), "red on a double-zero wheel")
#: $1 on red at a single-zero wheel without la partage: 18 red pockets of 37.
RED_SINGLE_ZERO = Walk(Fraction(18, 37), Fraction(19, 37), "red on a single-zero wheel")


def _check_count(n: object, what: str, least: int = 0) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < least:
        raise ValueError(f"{what} is {n!r}; it must be a whole number of at least {least}")
    return n


def _check_chance(p: object) -> Fraction:
    if not isinstance(p, (Fraction, int)) or isinstance(p, bool) or not 0 <= p <= 1:
        raise ValueError(f"the chance of a success is {p!r}; give a Fraction from 0 to 1, e.g. Fraction(18, 38)")
    return Fraction(p)


# ---------------------------------------------------------------------------------------------------------------
# Counting paths: the reflection principle and the ballot theorem


def paths(n: int, end: int) -> int:
    """The number of paths of ``n`` steps of +1 or -1 from 0 to ``end``: choose which steps go up.

    >>> paths(4, 0), paths(4, 2), paths(4, 1)
    (6, 4, 0)
    """
    _check_count(n, "the number of steps")
    ups, odd = divmod(n + end, 2)
    return comb(n, ups) if not odd and 0 <= ups <= n else 0


def paths_touching(n: int, end: int, level: int) -> int:
    """The number of paths of ``n`` steps from 0 to ``end`` that reach ``level`` (at least 0 and ``end``), counted by
    the reflection principle: as many as the paths from 0 to ``2 * level - end``.

    >>> paths_touching(4, 0, 1)     # of the 6 paths from 0 to 0, all but DDUU and DUDU
    4
    """
    if level < max(0, end):
        raise ValueError(f"the level is {level}; the reflection principle counts paths that reach a level at least "
                         f"as high as both ends, here at least {max(0, end)}")
    return paths(n, 2 * level - end)


def ballot(ahead: int, behind: int) -> Fraction:
    """The chance that the winner of a count of ``ahead`` votes to ``behind`` leads all through, the votes counted in
    a uniformly random order: ``(ahead - behind) / (ahead + behind)``, by the ballot theorem.

    >>> ballot(3, 1)
    Fraction(1, 2)
    """
    _check_count(behind, "the loser's count")
    if _check_count(ahead, "the winner's count") <= behind:
        raise ValueError(f"the winner has {ahead} and the loser {behind}; the ballot theorem needs ahead > behind")
    return Fraction(ahead - behind, ahead + behind)


def u(n: int) -> Fraction:
    """u_n: the chance that the fair walk is at 0 after ``n`` steps, ``C(n, n/2) / 2**n`` (0 for odd ``n``).

    >>> u(2), u(4), u(3)
    (Fraction(1, 2), Fraction(3, 8), Fraction(0, 1))
    """
    return Fraction(paths(n, 0), 2**n)


# ---------------------------------------------------------------------------------------------------------------
# Hitting times


def first_ahead(walk: Walk, n: int) -> dict[int, Fraction]:
    """The chance that the player is ahead (net +1) for the first time after bet k, for each k from 1 to ``n``.

    >>> first_ahead(FAIR, 3)
    {1: Fraction(1, 2), 2: Fraction(0, 1), 3: Fraction(1, 8)}
    """
    _check_count(n, "the number of bets")
    up, down, stay, d = walk.weights()
    at = {0: 1}  # weighted paths never yet ahead, by their net
    first: dict[int, Fraction] = {}
    for k in range(1, n + 1):
        first[k] = Fraction(at.get(0, 0) * up, d**k)
        nxt: dict[int, int] = {}
        for s, w in at.items():
            for step, weight in ((1, up), (-1, down), (0, stay)):
                if weight and s + step <= 0:
                    nxt[s + step] = nxt.get(s + step, 0) + w * weight
        at = nxt
    return first


def catalan(m: int) -> int:
    """The Catalan number C(2m, m) / (m + 1): the paths of 2m steps from 0 to 0 that never go above 0.

    >>> [catalan(m) for m in range(6)]
    [1, 1, 2, 5, 14, 42]
    """
    return comb(2 * m, m) // (m + 1)


def first_ahead_closed_form(walk: Walk, k: int) -> Fraction:
    """The chance that a walk without pushes is first ahead after bet ``k``: catalan(m - 1) win**m lose**(m - 1) when
    k = 2m - 1, and 0 when k is even.

    >>> first_ahead_closed_form(FAIR, 3)
    Fraction(1, 8)
    """
    if walk.push:
        raise ValueError(f"{walk.name} can push; the closed form counts paths of wins and losses only")
    if _check_count(k, "the bet", 1) % 2 == 0:
        return Fraction(0)
    m = (k + 1) // 2
    return catalan(m - 1) * Fraction(walk.win) ** m * Fraction(walk.lose) ** (m - 1)


# ---------------------------------------------------------------------------------------------------------------
# Time spent ahead

#: How a bet counts as spent ahead: "strict", when the net after it is above 0; "segment" (Feller's convention), when
#: the walk's segment from before the bet to after it lies above the axis, that is when either end is above 0.
CONVENTIONS = ("strict", "segment")


def time_ahead(walk: Walk, n: int, convention: str = "strict") -> Distribution[int]:
    """The law of the number of the ``n`` bets spent ahead, under a convention of :data:`CONVENTIONS`.

    >>> time_ahead(FAIR, 2)[1], time_ahead(FAIR, 2, "segment")[2]
    (Fraction(1, 4), Fraction(1, 2))
    """
    if convention not in CONVENTIONS:
        raise ValueError(f"{convention!r} is not a convention for time ahead; the conventions are "
                         + ", ".join(CONVENTIONS))
    _check_count(n, "the number of bets")
    up, down, stay, _ = walk.weights()
    moves = [(step, weight) for step, weight in ((1, up), (-1, down), (0, stay)) if weight]
    at: dict[int, list[int]] = {0: [1]}  # net -> weighted paths by the bets spent ahead so far (the list's index)
    for _ in range(n):
        nxt: dict[int, list[int]] = {}
        for s, ways in at.items():
            for step, weight in moves:
                t = s + step
                ahead = int(t > 0 if convention == "strict" else max(s, t) > 0)
                row = nxt.setdefault(t, [])
                row.extend([0] * (len(ways) + ahead - len(row)))
                for a, w in enumerate(ways, ahead):
                    row[a] += w * weight
        at = nxt
    counts: dict[int, int] = {}
    for ways in at.values():
        for a, w in enumerate(ways):
            if w:
                counts[a] = counts.get(a, 0) + w
    return Distribution.from_counts(counts)


def ahead_at_least(walk: Walk, n: int, bets: int, convention: str = "strict") -> Fraction:
    """The chance that the player is ahead after at least ``bets`` of ``n`` bets.

    >>> ahead_at_least(FAIR, 2, 1)      # up first: ahead after bet 1, and after bet 2 if it wins too
    Fraction(1, 2)
    """
    return sum((q for a, q in time_ahead(walk, n, convention).items() if a >= bets), Fraction(0))


def arcsine(n: int, k: int) -> Fraction:
    """The discrete arcsine law: the chance that the fair walk spends 2k of 2n steps above the axis (Feller's
    segment convention), u_{2k} u_{2n-2k}.

    >>> arcsine(2, 0), arcsine(2, 1), arcsine(2, 2)
    (Fraction(3, 8), Fraction(1, 4), Fraction(3, 8))
    """
    return u(2 * k) * u(2 * n - 2 * k)


# ---------------------------------------------------------------------------------------------------------------
# Runs


def run_at_least(n: int, k: int, p: Fraction) -> Fraction:
    """The chance that ``n`` independent trials, each a success with chance ``p``, hold a run of at least ``k``
    successes in a row: a count of weighted sequences by the length of the run they end with.

    >>> run_at_least(4, 4, Fraction(1, 2)), run_at_least(4, 0, Fraction(1, 2))
    (Fraction(1, 16), Fraction(1, 1))
    """
    _check_count(n, "the number of trials")
    _check_count(k, "the length of the run")
    p = _check_chance(p)
    if k == 0:
        return Fraction(1)
    hit, miss, d = p.numerator, p.denominator - p.numerator, p.denominator
    ending = [1] + [0] * (k - 1)  # weighted sequences with no run of k yet, by the run they end with
    for _ in range(n):
        ending = [miss * sum(ending)] + [hit * w for w in ending[:-1]]
    return 1 - Fraction(sum(ending), d**n)


def no_run_recurrence(n: int, k: int, p: Fraction) -> Fraction:
    """The chance of no run of ``k`` successes in ``n`` trials by the recurrence on where the first run ends:
    q_m = q_{m-1} - (1 - p) p^k q_{m-k-1}, with q_m = 1 for m < k and q_k = 1 - p^k.

    >>> 1 - no_run_recurrence(3, 2, Fraction(1, 2))
    Fraction(3, 8)
    """
    _check_count(k, "the length of the run", 1)
    p = _check_chance(p)
    q = [Fraction(1)] * k + [1 - p**k]
    for m in range(k + 1, n + 1):
        q.append(q[m - 1] - (1 - p) * p**k * q[m - k - 1])
    return q[_check_count(n, "the number of trials")]


def longest_run(n: int, p: Fraction) -> Distribution[int]:
    """The law of the longest run of successes in ``n`` trials, each a success with chance ``p``.

    >>> longest_run(2, Fraction(1, 2))
    Distribution({0: 1/4, 1: 1/2, 2: 1/4})
    """
    at_least = [run_at_least(n, k, p) for k in range(n + 2)]
    return Distribution({k: at_least[k] - at_least[k + 1] for k in range(n + 1)})


def runs_expected(n: int, k: int, p: Fraction) -> Fraction:
    """The expected number of runs of at least ``k`` successes in ``n >= k`` trials: one may start at the first
    trial, or after any failure among the first n - k.

    >>> runs_expected(3, 2, Fraction(1, 2))    # HH? starts one, THH another
    Fraction(3, 8)
    """
    p = _check_chance(p)
    if _check_count(n, "the number of trials") < _check_count(k, "the length of the run", 1):
        raise ValueError(f"{n} trials cannot hold a run of {k}; give at least as many trials as the run is long")
    return p**k + (n - k) * (1 - p) * p**k


def run_chance_decimal(n: int, k: int, p: Fraction, digits: int = 40) -> Decimal:
    """The chance of a run of at least ``k`` in ``n`` trials by :func:`no_run_recurrence`, in decimal arithmetic of
    ``digits`` significant digits: for long stretches, whose exact fraction has a denominator of about
    n log10(1/p) digits.

    >>> run_chance_decimal(3, 2, Fraction(1, 2))
    Decimal('0.375')
    """
    _check_count(k, "the length of the run", 1)
    p = _check_chance(p)
    with localcontext() as context:
        context.prec = digits
        pk = Decimal(p.numerator**k) / Decimal(p.denominator**k)
        c = (1 - Decimal(p.numerator) / Decimal(p.denominator)) * pk
        q = deque([Decimal(1)] * k + [1 - pk], maxlen=k + 1)  # q_{m-k-1} .. q_{m-1}: the last k + 1 terms
        for _ in range(k + 1, _check_count(n, "the number of trials") + 1):
            q.append(q[-1] - c * q[0])
        return +(1 - q[-1]) if n >= k else Decimal(0)


# ---------------------------------------------------------------------------------------------------------------
# The gambler's fallacy


def colour_sequences(length: int, counts: dict[str, int]) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every sequence of ``length`` colours of independent spins, with how many sequences of pockets give it.

    >>> dict(colour_sequences(1, {"red": 18, "black": 18, "green": 2}))[("green",)]
    2
    """
    if _check_count(length, "the number of spins") == 0:
        yield (), 1
        return
    for head, ways in colour_sequences(length - 1, counts):
        for colour, n in counts.items():
            yield (*head, colour), ways * n


def red_after_blacks(k: int, counts: dict[str, int]) -> Fraction:
    """P(the next spin is red | the last ``k`` spins were black), from the joint law of ``k + 1`` independent spins
    of a wheel with ``counts`` pockets of each colour.

    >>> red_after_blacks(3, {"red": 18, "black": 18, "green": 2})
    Fraction(9, 19)
    """
    both = given = 0
    for colours, ways in colour_sequences(k + 1, counts):
        if all(c == "black" for c in colours[:k]):
            given += ways
            both += ways * (colours[k] == "red")
    return Fraction(both, given)


def red_after_blacks_drawn(k: int, reds: int, blacks: int) -> Fraction:
    """P(the next card is red | the first ``k`` cards drawn were black), drawing without replacement from ``reds``
    red and ``blacks`` black cards: a count of ordered draws, (B)_k R over (B)_k (R + B - k).

    >>> red_after_blacks_drawn(3, 26, 26)
    Fraction(26, 49)
    """
    if _check_count(k, "the number of black cards drawn") >= _check_count(reds, "the red cards") + blacks \
            or k > _check_count(blacks, "the black cards"):
        raise ValueError(f"{k} black cards cannot be drawn, leaving a card, from {reds} red and {blacks} black")
    falling = 1
    for i in range(k):
        falling *= blacks - i
    return Fraction(falling * reds, falling * (reds + blacks - k))
