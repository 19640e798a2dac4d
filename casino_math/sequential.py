"""Watching a log as it grows: Wald's sequential probability ratio test, and the cost of testing again and again.

A :class:`Sprt` weighs two chances of one pocket, ``null`` (a fair pocket) against ``alternative`` (a biased one),
spin by spin.  After ``n`` spins with ``h`` hits the *likelihood ratio* is

    L = (p1 / p0) ** h * (q1 / q0) ** (n - h),

an exact fraction; the test stops and says "biased" as soon as L >= A, stops and says "fair" as soon as L <= B, and
otherwise spins again, with Wald's boundaries A = (1 - beta) / alpha and B = beta / (1 - alpha).  Its logarithm is
linear in (h, n), so the spins go on while h stays strictly inside a band between two parallel lines whose slope is
irrational: :func:`boundaries` finds, after each spin, the last hit count that says "fair" and the first that says
"biased".

:func:`run` follows the test exactly over the lattice of (spins, hits) by dynamic programming, with whole-number
weights over one denominator, up to a horizon: the chance that it has said each word by then, the chance that it
has said nothing yet, and a proven bracket for the expected number of spins.  :func:`false_alarm` counts, the same
way, the chance that a fixed-sample test applied after every few spins of a fair wheel ever cries "hot".

>>> test = Sprt(Fraction(1, 38), Fraction(1, 30))
>>> test.upper, test.lower
(Fraction(16, 1), Fraction(4, 19))
>>> likelihood_ratio(test, 2, 1) == Fraction(38, 30) * Fraction(29, 30) / Fraction(37, 38)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from math import ceil, floor

from .exact import Number, exact, whole
from .tails import binomial_tail, critical_hits

#: Digits of the logarithms that place the band's lines; a boundary within ``CLOSE`` of a whole number is
#: confirmed with whole numbers instead.
DIGITS = 60
CLOSE = Decimal("1e-25")
#: The largest horizon :func:`run` follows (the weights have about horizon * log10(denominator) digits).
MOST_SPINS = 100_000


def _chance(p: object, what: str) -> Fraction:
    q = exact(p, what)
    if not 0 < q < 1:
        raise ValueError(f"{what} is {q}; it must lie strictly between 0 and 1")
    return q


@dataclass(frozen=True)
class Sprt:
    """Wald's test of a pocket's chance ``null`` against ``alternative`` (larger), with error chances alpha, beta."""

    null: Fraction  #: p0, the chance the test calls "fair"
    alternative: Fraction  #: p1 > p0, the chance it calls "biased"
    alpha: Fraction = Fraction(1, 20)  #: the chance aimed at of saying "biased" of a fair pocket
    beta: Fraction = Fraction(1, 5)  #: the chance aimed at of saying "fair" of a biased pocket (power 1 - beta)

    def __post_init__(self) -> None:
        p0, p1 = _chance(self.null, "the null chance"), _chance(self.alternative, "the alternative chance")
        if p1 <= p0:
            raise ValueError(f"the alternative chance {p1} is not above the null chance {p0}; this test looks for a "
                             "pocket hit more often than the null says, so give a larger alternative")
        a, b = _chance(self.alpha, "alpha"), _chance(self.beta, "beta")
        if a + b >= 1:
            raise ValueError(f"alpha + beta is {a + b}; it must be below 1, or the boundaries A and B cross")
        for name, value in (("null", p0), ("alternative", p1), ("alpha", a), ("beta", b)):
            object.__setattr__(self, name, value)

    @property
    def upper(self) -> Fraction:
        """Wald's A = (1 - beta) / alpha: a likelihood ratio at least this says "biased"."""
        return (1 - self.beta) / self.alpha

    @property
    def lower(self) -> Fraction:
        """Wald's B = beta / (1 - alpha): a likelihood ratio at most this says "fair"."""
        return self.beta / (1 - self.alpha)

    @property
    def hit_ratio(self) -> Fraction:
        """p1 / p0: what a hit multiplies the likelihood ratio by."""
        return self.alternative / self.null

    @property
    def miss_ratio(self) -> Fraction:
        """q1 / q0: what a miss multiplies the likelihood ratio by."""
        return (1 - self.alternative) / (1 - self.null)


def likelihood_ratio(test: Sprt, spins: int, hits: int) -> Fraction:
    """The likelihood ratio of the alternative to the null after ``hits`` hits in ``spins`` spins, exactly.

    >>> likelihood_ratio(Sprt(Fraction(1, 2), Fraction(3, 4)), 2, 2)     # (3/2) ** 2
    Fraction(9, 4)
    """
    spins = whole(spins, "the spins", least=0)
    hits = whole(hits, "the hits", least=0)
    if hits > spins:
        raise ValueError(f"{hits} hits in {spins} spins; the hits cannot outnumber the spins")
    return test.hit_ratio**hits * test.miss_ratio ** (spins - hits)


def _at_least(test: Sprt, spins: int, hits: int, bound: Fraction) -> bool:
    """Whether the likelihood ratio after ``hits`` in ``spins`` is at least ``bound``, compared as whole numbers."""
    r, s = test.hit_ratio, test.miss_ratio
    misses = spins - hits
    left: int = r.numerator**hits * s.numerator**misses * bound.denominator
    right: int = r.denominator**hits * s.denominator**misses * bound.numerator
    return left >= right


def _line(test: Sprt, bound: Fraction, spins: int) -> Decimal:
    """The hits h at which log L = log ``bound`` after ``spins`` spins: (log bound - n log s) / (log r - log s)."""
    log_r, log_s = _ln(test.hit_ratio), _ln(test.miss_ratio)
    with localcontext() as ctx:
        ctx.prec = DIGITS
        return (_ln(bound) - spins * log_s) / (log_r - log_s)


@lru_cache(maxsize=64)
def _ln(q: Fraction) -> Decimal:
    """The natural logarithm of a positive fraction to ``DIGITS`` digits (Decimal's ln is correctly rounded)."""
    with localcontext() as ctx:
        ctx.prec = DIGITS + 5
        return Decimal(q.numerator).ln() - Decimal(q.denominator).ln()


def boundaries(test: Sprt, spins: int) -> tuple[int, int]:
    """After ``spins`` spins: the most hits at which the test says "fair" and the fewest at which it says "biased".

    The test goes on exactly when the hits lie strictly between the two.  Each is read off its line in
    ``DIGITS``-digit arithmetic; where the line comes within ``CLOSE`` of a whole number the whole-number
    comparison of :func:`_at_least` decides.

    >>> boundaries(Sprt(Fraction(1, 38), Fraction(1, 30)), 0)
    (-7, 12)
    >>> [boundaries(Sprt(Fraction(1, 38), Fraction(1, 30)), n) for n in (1000, 2000)]
    [(23, 42), (52, 71)]
    """
    spins = whole(spins, "the spins", least=0)
    return _last_fair(test, spins), _first_biased(test, spins)


def _first_biased(test: Sprt, spins: int) -> int:
    x = _line(test, test.upper, spins)
    h = ceil(x)
    if abs(x - round(x)) < CLOSE:               # too close to call in decimals: ask the whole numbers
        h = round(x)
        while _at_least(test, spins, h - 1, test.upper):
            h -= 1
        while not _at_least(test, spins, h, test.upper):
            h += 1
    return h


def _last_fair(test: Sprt, spins: int) -> int:
    x = _line(test, test.lower, spins)
    h = floor(x)
    if abs(x - round(x)) < CLOSE:               # L <= B is "not (L >= B)" or L == B
        h = round(x)
        while not _at_most(test, spins, h, test.lower):
            h -= 1
        while _at_most(test, spins, h + 1, test.lower):
            h += 1
    return h


def _at_most(test: Sprt, spins: int, hits: int, bound: Fraction) -> bool:
    return not _at_least(test, spins, hits, bound) or likelihood_ratio(test, spins, hits) == bound


def decision(test: Sprt, spins: int, hits: int) -> str | None:
    """What the test says after ``hits`` hits in ``spins`` spins: "fair", "biased", or None (spin again).

    >>> test = Sprt(Fraction(1, 38), Fraction(1, 30))
    >>> decision(test, 1000, 23), decision(test, 1000, 24), decision(test, 1000, 42)
    ('fair', None, 'biased')
    """
    fair, biased = boundaries(test, spins)
    return "fair" if hits <= fair else "biased" if hits >= biased else None


def stopping_spin(test: Sprt, hit_sequence: list[bool]) -> tuple[int, str | None]:
    """The spin at which the test stops on a log (True for a hit), and what it says; (len, None) if it never does.

    >>> stopping_spin(Sprt(Fraction(1, 2), Fraction(3, 4)), [True] * 10)    # (3/2) ** 7 is the first power >= 16
    (7, 'biased')
    """
    hits = 0
    for n, hit in enumerate(hit_sequence, start=1):
        hits += bool(hit)
        said = decision(test, n, hits)
        if said is not None:
            return n, said
    return len(hit_sequence), None


# --- The test followed exactly ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sequential:
    """What the test does, exactly, on a pocket of chance ``chance``, followed for ``horizon`` spins."""

    chance: Fraction  #: the pocket's true chance
    horizon: int  #: the spins followed
    says_fair: Fraction  #: the chance that it has said "fair" by the horizon
    says_biased: Fraction  #: the chance that it has said "biased" by the horizon
    unresolved: Fraction  #: the chance that it is still spinning at the horizon
    spins_within: Fraction  #: E[min(T, horizon)], T the spins it takes
    spins_low: Fraction  #: a lower bound for E[T]: spins_within + unresolved
    spins_high: Fraction  #: an upper bound for E[T] (see :func:`tail_spins_bound`)


def run(test: Sprt, chance: Number, horizon: int) -> Sequential:
    """The test followed exactly for ``horizon`` spins of a pocket of chance ``chance``.

    The weights of the hit counts still spinning are whole numbers over ``b ** n`` (``chance`` = a / b): a spin
    sends weight ``w`` at ``h`` hits to ``w * a`` at ``h + 1`` and ``w * (b - a)`` at ``h``.  The chances of
    stopping are gathered over the common denominator ``b ** horizon`` by Horner's rule.

    >>> small = run(Sprt(Fraction(1, 2), Fraction(3, 4)), Fraction(1, 2), 40)
    >>> small.says_fair + small.says_biased + small.unresolved
    Fraction(1, 1)
    """
    p = _chance(chance, "the pocket's chance")
    horizon = whole(horizon, "the horizon", least=1)
    if horizon > MOST_SPINS:
        raise ValueError(f"the horizon is {horizon:,} spins; at most {MOST_SPINS:,} are followed exactly")
    a, b = p.numerator, p.denominator
    going = {0: 1}                                  # hits -> weight over b ** n, for the paths still spinning
    fair = biased = spins = 0
    for n in range(1, horizon + 1):
        spins = spins * b + sum(going.values())     # adds P(T > n - 1) * b ** (n - 1)
        low, high = boundaries(test, n)
        step: dict[int, int] = {}
        for h, w in going.items():
            step[h + 1] = step.get(h + 1, 0) + w * a
            step[h] = step.get(h, 0) + w * (b - a)
        fair = fair * b + sum(w for h, w in step.items() if h <= low)
        biased = biased * b + sum(w for h, w in step.items() if h >= high)
        going = {h: w for h, w in step.items() if low < h < high}
    every = b**horizon
    unresolved = Fraction(sum(going.values()), every)
    within = Fraction(spins, b ** (horizon - 1))
    return Sequential(p, horizon, Fraction(fair, every), Fraction(biased, every), unresolved, within,
                      within + unresolved, within + unresolved * tail_spins_bound(test, p, horizon))


def band_lines(test: Sprt) -> tuple[Decimal, Decimal, Decimal]:
    """The band's lines, h = lower + slope * n and h = upper + slope * n: (lower, upper, slope), in ``DIGITS`` digits.

    >>> lower, upper, slope = band_lines(Sprt(Fraction(1, 38), Fraction(1, 30)))
    >>> round(lower, 2), round(upper, 2), round(slope, 5)
    (Decimal('-6.40'), Decimal('11.38'), Decimal('0.02969'))
    """
    lower, upper = _line(test, test.lower, 0), _line(test, test.upper, 0)
    return lower, upper, _line(test, test.upper, 1) - upper


def _band(test: Sprt) -> tuple[Decimal, Decimal]:
    """The band's width in hits and the slope of its lines in hits per spin."""
    lower, upper, slope = band_lines(test)
    return upper - lower, slope


def stop_within(test: Sprt, chance: Fraction, block: int) -> Fraction:
    """A lower bound, for every state still spinning, on the chance that the test stops within ``block`` spins.

    If the next ``block`` spins bring at most ``block * slope - width`` hits, the hits end below the lower line
    wherever in the band they started, and if they bring at least ``block * slope + width`` they end above the
    upper line: either way the test has stopped.  The thresholds are rounded outward by ``CLOSE`` so that the bound
    holds however the decimals fall.

    >>> stop_within(Sprt(Fraction(1, 2), Fraction(3, 4)), Fraction(1, 2), 1) >= 0
    True
    """
    width, slope = _band(test)
    below = floor(block * slope - width - CLOSE)
    above = ceil(block * slope + width + CLOSE)
    return (1 - binomial_tail(block, chance, below + 1)) * (below >= 0) + binomial_tail(block, chance, above)


def tail_spins_bound(test: Sprt, chance: Fraction, horizon: int) -> Fraction:
    """A factor c with E[T] - E[min(T, N)] <= c * P(T > N): the smallest ``block / stop_within`` tried.

    If every state still spinning stops within k spins with chance at least s, then P(T > N + jk) is at most
    P(T > N) (1 - s) ** j, and the spins from N on add at most k P(T > N) / s.

    >>> tail_spins_bound(Sprt(Fraction(1, 2), Fraction(3, 4)), Fraction(1, 2), 40) > 1
    True
    """
    blocks = [k for k in (2**j for j in range(4, 18)) if k <= 4 * horizon] or [4 * horizon]
    factors = [Fraction(k) / s for k in blocks if (s := stop_within(test, chance, k)) > 0]
    if not factors:
        raise ValueError("no block of spins up to four horizons is sure to end the test with a positive chance; "
                         "follow a longer horizon")
    return min(factors)


# --- Wald's approximations -------------------------------------------------------------------------------------


def wald_errors(test: Sprt) -> tuple[Fraction, Fraction]:
    """Wald's approximate error chances, ignoring the overshoot: (1 - B) / (A - B) and B (A - 1) / (A - B).

    For A = (1 - beta) / alpha and B = beta / (1 - alpha) they are alpha and beta themselves.

    >>> wald_errors(Sprt(Fraction(1, 38), Fraction(1, 30)))
    (Fraction(1, 20), Fraction(1, 5))
    """
    A, B = test.upper, test.lower
    return (1 - B) / (A - B), B * (A - 1) / (A - B)


def wald_spins(test: Sprt, chance: Number, digits: int = 12) -> Decimal:
    """Wald's approximate expected spins on a pocket of chance ``chance`` (p0 or p1), ignoring the overshoot.

    E[T] is about (P(says biased) log A + P(says fair) log B) / E[log-likelihood ratio of one spin], the error
    chances taken as Wald's (:func:`wald_errors`).

    >>> round(wald_spins(Sprt(Fraction(1, 38), Fraction(1, 30)), Fraction(1, 38)))
    1632
    """
    p = _chance(chance, "the pocket's chance")
    alpha, beta = wald_errors(test)
    biased = alpha if p == test.null else 1 - beta if p == test.alternative else None
    if biased is None:
        raise ValueError(f"the chance {p} is neither the null {test.null} nor the alternative {test.alternative}; "
                         "Wald's approximation here is for those two")
    with localcontext() as ctx:
        ctx.prec = digits + 10
        drift = _decimal(p) * _ln(test.hit_ratio) + _decimal(1 - p) * _ln(test.miss_ratio)
        mean = (_decimal(biased) * _ln(test.upper) + _decimal(1 - biased) * _ln(test.lower)) / drift
        ctx.prec = digits
        return +mean


def _decimal(q: Fraction) -> Decimal:
    return Decimal(q.numerator) / Decimal(q.denominator)


# --- Looking again and again -----------------------------------------------------------------------------------


def looks(every: int, spins: int) -> list[int]:
    """The spins after which a log is tested: every ``every`` spins up to ``spins``.

    >>> looks(38, 150)
    [38, 76, 114]
    """
    every = whole(every, "the spins between looks", least=1)
    spins = whole(spins, "the spins", least=1)
    if every > spins:
        raise ValueError(f"a look every {every} spins never comes in {spins} spins; look at most every {spins}")
    return list(range(every, spins + 1, every))


def false_alarm(every: int, spins: int, chance: Number = Fraction(1, 38), level: Number = Fraction(1, 20)) -> Fraction:
    """The chance that a fair pocket is ever called hot when the one-sided binomial test at ``level`` is applied to
    the growing log after every ``every`` spins up to ``spins``, exactly.

    At each look n the test calls the pocket hot from ``critical_hits(n, chance, level)`` hits on; the weights of
    the logs not yet called hot are whole numbers over ``b ** n``; those past the next look's critical count are
    let go at once, since they will be called there.

    >>> false_alarm(1, 1, Fraction(1, 2), Fraction(1, 2))                  # one toss, called at one head
    Fraction(1, 2)
    >>> false_alarm(1, 2, Fraction(1, 2), Fraction(1, 2))                  # called at 1 of 1, or 2 of 2
    Fraction(1, 2)
    """
    p, bound = _chance(chance, "the pocket's chance"), exact(level, "the level")
    if not 0 < bound < 1:
        raise ValueError(f"the level is {bound}; it must lie strictly between 0 and 1")
    calls = [(n, critical_hits(n, p, bound)) for n in looks(every, spins)]
    a, b = p.numerator, p.denominator
    quiet = [1]                                     # quiet[h]: weight over b ** n of the logs with h hits, not yet called
    for n in range(1, spins + 1):
        quiet = [miss * (b - a) + hit * a for miss, hit in zip([*quiet, 0], [0, *quiet], strict=True)]
        while calls and calls[0][0] < n:
            calls.pop(0)
        if calls:
            # Hits never go down: a log already at the next look's critical count will be called there.
            quiet = quiet[:calls[0][1]]
    return 1 - Fraction(sum(quiet), b**spins)
