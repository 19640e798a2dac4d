"""Effect of removal: how each card that leaves the shoe changes every bet, and what a counter could gain.

The *effect of removal* of a point value v is the change in a bet's expected
value (per unit staked) when one card of value v is taken out of the shoe:
EV(shoe without one v) - EV(full shoe), computed exactly by enumerating both
shoes.  Removing a card drawn at random changes nothing on average, because a
card nobody has seen is just another card of the shoe; so the effects,
weighted by how many cards of each value the shoe holds, add up to exactly 0.

>>> from casino_math.baccarat.rules import OXFORD
>>> effects = effect_of_removal(OXFORD)
>>> sum(Shoe.of_decks(8)[v] * effects[v]["banker"] for v in range(10))
Fraction(0, 1)

A card counter adds up the effects of the cards already dealt to estimate
the expected value of the rest of the shoe (Griffin's linear estimate):

    EV(rest) ≈ EV(full shoe) + (N - 1) / (N - k) × (sum of the effects of the k cards dealt),

and bets only when the estimate is positive.  Over random shoes the sum is
spread around 0 with variance (N - 1) k / (N - k) × σ², where σ² is the mean
square effect per card; a normal curve then tells how often the bet turns
favourable and what betting only then is worth.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from math import comb, floor, lcm, prod
from typing import NamedTuple

from .. import bets as b
from ..distribution import is_whole
from ..tails import normal_tail, pi
from .cards import POINT_VALUES, Shoe, check_point_value
from .layout import posted_bets
from .rules import OXFORD, BaccaratRules


def expected_values(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> dict[str, Fraction]:
    """Every posted bet's expected value per unit staked, dealt from the shoe (bet ID -> exact EV).

    >>> expected_values(OXFORD)["tie"]
    Fraction(-103841353768, 723147898655)
    """
    return {bet_id: b.expected_value(bet) for bet_id, bet in posted_bets(rules, shoe)}


def effect_of_removal(rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> dict[int, dict[str, Fraction]]:
    """For each point value the shoe holds, the change in every bet's EV when one card of it is removed.

    ``shoe`` defaults to the rules' full shoe.

    >>> effects = effect_of_removal(OXFORD)
    >>> effects[4]["banker"] > 0 > effects[4]["player"]      # a 4 gone helps the banker bet and hurts the player's
    True
    """
    shoe = rules.full_shoe if shoe is None else shoe
    if shoe.size < 7:
        raise ValueError(f"the shoe has {shoe.size} cards; with one removed it must still hold six, so at least seven")
    full = expected_values(rules, shoe)
    effects = {}
    for value in POINT_VALUES:
        if shoe[value]:
            less = expected_values(rules, shoe.without(value))
            effects[value] = {bet_id: less[bet_id] - full[bet_id] for bet_id in full}
    return effects


def weighted_sum(effects: dict[int, dict[str, Fraction]], shoe: Shoe, bet_id: str) -> Fraction:
    """The sum of the effects of removal weighted by the shoe's counts: exactly 0 for a full enumeration.

    >>> weighted_sum(effect_of_removal(OXFORD, Shoe.of_decks(1)), Shoe.of_decks(1), "tie")
    Fraction(0, 1)
    """
    return sum((shoe[v] * effects[v][bet_id] for v in effects), Fraction(0))


def linear_estimate(full_ev: Fraction, effects: dict[int, Fraction], shoe: Shoe, removed: dict[int, int]) -> Fraction:
    """The counter's estimate of a bet's EV after the cards ``removed`` (value -> how many) are dealt.

    ``effects`` maps each point value to the bet's effect of removal, ``shoe``
    is the full shoe the effects were computed for.

    >>> shoe = Shoe.of_decks(8)
    >>> effects = {v: e["banker"] for v, e in effect_of_removal(OXFORD, shoe).items()}
    >>> full = expected_values(OXFORD, shoe)["banker"]
    >>> linear_estimate(full, effects, shoe, {4: 1}) == expected_values(OXFORD, shoe.without(4))["banker"]
    True
    """
    k = sum(removed.values())
    n = shoe.size
    if k >= n:
        raise ValueError(f"cannot deal {k} cards from a shoe of {n}")
    total = sum((d * effects[check_point_value(v)] for v, d in removed.items()), Fraction(0))
    return full_ev + Fraction(n - 1, n - k) * total


def effect_variance(effects: dict[int, Fraction], shoe: Shoe) -> Fraction:
    """σ²: the mean square effect of removal of a card drawn at random from the shoe.

    >>> effect_variance({0: Fraction(1, 100), 1: Fraction(-1, 100)}, Shoe.from_values({0: 1, 1: 1}))
    Fraction(1, 10000)
    """
    return sum((shoe[v] * e * e for v, e in effects.items()), Fraction(0)) / shoe.size


def estimate_variance(effects: dict[int, Fraction], shoe: Shoe, dealt: int) -> Fraction:
    """The variance of the counter's estimate after ``dealt`` random cards: (N-1) k / (N-k) × σ².

    >>> estimate_variance({0: Fraction(1, 100), 1: Fraction(-1, 100)}, Shoe.from_values({0: 50, 1: 50}), 50)
    Fraction(99, 10000)
    """
    n = shoe.size
    if not 0 <= dealt < n:
        raise ValueError(f"the cards dealt must be from 0 to {n - 1} for a shoe of {n}, not {dealt}")
    return Fraction((n - 1) * dealt, n - dealt) * effect_variance(effects, shoe)


def normal_cdf(z: Decimal | Fraction | int) -> Decimal:
    """Φ(z), the standard normal distribution function, to 28 significant digits: P(Z >= -z), from
    :func:`~casino_math.tails.normal_tail`.

    >>> normal_cdf(0)
    Decimal('0.5')
    >>> round(normal_cdf(Decimal("1.96")), 6)
    Decimal('0.975002')
    >>> f"{normal_cdf(-10):.12e}"
    '7.619853024161e-24'
    """
    return normal_tail(-_as_decimal(z), 28).normalize()


def normal_density(z: Decimal | Fraction | int) -> Decimal:
    """φ(z) = exp(-z²/2) / √(2π), to 28 significant digits (π from :func:`~casino_math.tails.pi`).

    >>> round(normal_density(0), 10)
    Decimal('0.3989422804')
    """
    z = _as_decimal(z)
    with localcontext() as ctx:
        ctx.prec = 40
        value = (-z * z / 2).exp() / (2 * pi(40)).sqrt()
    with localcontext() as ctx:
        ctx.prec = 28
        return +value


def _as_decimal(q: Decimal | Fraction | int) -> Decimal:
    if isinstance(q, Decimal):
        return q
    q = Fraction(q)
    with localcontext() as ctx:
        ctx.prec = 40
        return Decimal(q.numerator) / Decimal(q.denominator)


def favourable_chance(mean: Fraction, variance: Fraction) -> Decimal:
    """P(X > 0) for X normal with this mean and variance: how often the counter's estimate says "bet".

    >>> favourable_chance(Fraction(-1, 100), Fraction(1, 10000))      # one standard deviation below 0
    Decimal('0.1586552539314570514147674544')
    """
    if variance <= 0:
        return Decimal(1 if mean > 0 else 0)
    with localcontext() as ctx:
        ctx.prec = 40
        z = _as_decimal(mean) / _as_decimal(variance).sqrt()
    return normal_cdf(z)


def counter_gain(mean: Fraction, variance: Fraction) -> Decimal:
    """E[max(X, 0)] for X normal with this mean and variance: the gain per hand offered, betting only when X > 0.

    It is μ Φ(μ/σ) + σ φ(μ/σ).

    >>> round(counter_gain(Fraction(0), Fraction(1)), 10)      # σ φ(0)
    Decimal('0.3989422804')
    """
    if variance <= 0:
        return max(_as_decimal(mean), Decimal(0))
    with localcontext() as ctx:
        ctx.prec = 40
        mu, sigma = _as_decimal(mean), _as_decimal(variance).sqrt()
        value = mu * normal_cdf(mu / sigma) + sigma * normal_density(mu / sigma)
    with localcontext() as ctx:
        ctx.prec = 28
        return +value


def mean_cards_per_coup(shoe: Shoe) -> Fraction:
    """The expected number of cards a coup uses (4, 5 or 6), exactly.

    >>> float(mean_cards_per_coup(Shoe.of_decks(8)))
    4.938818849691652
    """
    from .deal import deal_counts

    counts = deal_counts(shoe)
    return Fraction(sum((c.player_cards + c.banker_cards) * n for c, n in counts.items()), sum(counts.values()))


@dataclass(frozen=True)
class Counting:
    """What a perfect linear counter of one bet meets over a shoe dealt down to the cut card."""

    hands: int
    """Coups dealt before the cut card comes out."""
    favourable: Decimal
    """The share of those coups on which the estimate of the bet's EV is positive (normal approximation)."""
    gain: Decimal
    """The expected gain per coup dealt, in units, betting one unit only when the estimate is positive."""


def coup_depths(shoe: Shoe, cut: int = 14) -> list[int]:
    """How many cards have been dealt when each coup of a shoe starts, dealt until ``cut`` cards remain.

    Coup j starts after j × (mean cards per coup) cards, rounded.

    >>> coup_depths(Shoe.from_values({0: 50}))         # all zeros: every coup takes six cards
    [0, 6, 12, 18, 24, 30]
    """
    if not 0 < cut < shoe.size:
        raise ValueError(f"the cut card must leave from 1 to {shoe.size - 1} cards, not {cut}")
    step = mean_cards_per_coup(shoe)
    depths: list[int] = []
    while shoe.size - round(len(depths) * step) > cut:
        depths.append(round(len(depths) * step))
    return depths


def count_through_shoe(full_ev: Fraction, effects: dict[int, Fraction], shoe: Shoe, cut: int = 14) -> Counting:
    """Average, over the coups of a shoe dealt until ``cut`` cards remain, the chance and gain of a counter.

    At each coup of :func:`coup_depths` the estimate is taken as normal with
    mean ``full_ev`` and variance :func:`estimate_variance`.

    >>> result = count_through_shoe(Fraction(-1, 100), {0: Fraction(0), 1: Fraction(0)}, Shoe.from_values({0: 50}))
    >>> result.hands, result.favourable, result.gain      # all zeros: every coup takes six cards, no effects
    (6, Decimal('0'), Decimal('0'))
    """
    depths = coup_depths(shoe, cut)
    chance = sum((favourable_chance(full_ev, estimate_variance(effects, shoe, k)) for k in depths), Decimal(0))
    gain = sum((counter_gain(full_ev, estimate_variance(effects, shoe, k)) for k in depths), Decimal(0))
    return Counting(len(depths), chance / len(depths), gain / len(depths))


# The counter's estimate exactly: its law over every way the cards can leave the shoe, without the normal curve.

#: The most cards (dealt, or left) :func:`count_exactly` enumerates the ways of; beyond, there are too many.
EXACT_LIMIT = 40


class CountAt(NamedTuple):
    """A linear counter at one point of the shoe: how often the estimate says "bet", and what betting then is worth."""

    favourable: Fraction
    """P(estimate > 0)."""
    gain: Fraction
    """E[max(estimate, 0)], in units per coup offered."""


def _compositions(caps: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` cards from piles of sizes ``caps``: how many from each pile."""
    if not caps:
        if total == 0:
            yield ()
        return
    room = sum(caps[1:])
    for m in range(max(0, total - room), min(caps[0], total) + 1):
        for rest in _compositions(caps[1:], total - m):
            yield (m, *rest)


def count_exactly(full_ev: Fraction, effects: dict[int, Fraction], shoe: Shoe, dealt: int) -> CountAt:
    """The linear counter's chance of betting and its gain after ``dealt`` cards, exactly: no normal curve.

    The cards dealt are a random ``dealt`` of the shoe's, so the number of
    each value among them is hypergeometric: the chance of taking m_v cards of
    each value v is the product of C(c_v, m_v) over C(N, dealt).  Every such
    way is enumerated, on the side (cards dealt or cards left) with fewer
    cards, which must be at most :data:`EXACT_LIMIT`; the ways are split in
    two halves by value and matched by sorting, so that near the end of an
    eight-deck shoe a few hundred thousand ways cost a fraction of a second.

    One card dealt from two 0s and two 1s: a 0, half the time, makes the
    estimate -1/20 + (3/3)(1/10) = 1/20, and a 1 makes it -3/20:

    >>> shoe = Shoe.from_values({0: 2, 1: 2})
    >>> count_exactly(Fraction(-1, 20), {0: Fraction(1, 10), 1: Fraction(-1, 10)}, shoe, 1)
    CountAt(favourable=Fraction(1, 2), gain=Fraction(1, 40))
    """
    n, k = shoe.size, dealt
    if not is_whole(k) or not 0 <= k < n:
        raise ValueError(f"the cards dealt must be a whole number from 0 to {n - 1} for a shoe of {n}, not {k!r}")
    if min(k, n - k) > EXACT_LIMIT:
        raise ValueError(f"{k} cards dealt and {n - k} left: the ways to deal them are enumerated exactly only when "
                         f"either is at most {EXACT_LIMIT}")
    values = [v for v in POINT_VALUES if shoe[v]]
    scale = lcm(*(effects[v].denominator for v in values))
    step = {v: int(effects[v] * scale) for v in values}            # each effect as a whole number of 1/scale
    by_left = n - k < k                                              # enumerate the cards left: fewer of them

    def half(part: list[int], total: int) -> list[tuple[int, int]]:
        """Each way to take ``total`` cards from these values: (sum of the dealt cards' steps, number of ways)."""
        ways = []
        for taken in _compositions(tuple(shoe[v] for v in part), total):
            dealt_here = [shoe[v] - m if by_left else m for v, m in zip(part, taken, strict=True)]
            ways.append((sum(d * step[v] for v, d in zip(part, dealt_here, strict=True)),
                         prod(comb(shoe[v], m) for v, m in zip(part, taken, strict=True))))
        return ways

    factor = Fraction(n - 1, n - k)
    threshold = -full_ev / factor * scale          # the estimate is positive when the steps add up to more
    size, first, second = min(k, n - k), values[:len(values) // 2], values[len(values) // 2:]
    ways_positive = steps_positive = 0
    for a in range(size + 1):
        right = sorted(half(second, size - a))
        keys = [s for s, _ in right]
        ways_above, steps_above = [0] * (len(right) + 1), [0] * (len(right) + 1)
        for i in range(len(right) - 1, -1, -1):
            ways_above[i] = ways_above[i + 1] + right[i][1]
            steps_above[i] = steps_above[i + 1] + right[i][1] * right[i][0]
        for s, w in half(first, a):
            i = bisect_right(keys, floor(threshold - s))
            ways_positive += w * ways_above[i]
            steps_positive += w * (s * ways_above[i] + steps_above[i])
    total = comb(n, k)
    return CountAt(Fraction(ways_positive, total), (full_ev * ways_positive + factor * Fraction(steps_positive, scale)) / total)
