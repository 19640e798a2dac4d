"""Simulated wheels: one wheel with a biased pocket, spun with a seeded generator, and many fair wheels at once.

:func:`biased_spins` spins a wheel on which one pocket has a chosen chance and the others share the rest equally.
It draws whole numbers from Python's own seeded generator (``random.Random``), so it runs in the reader's browser,
where numpy is not available, and the same seed gives the same spins there and here.  The chance is exact: each
spin draws one of b (N - 1) equally likely whole numbers, a (N - 1) of which land in the biased pocket when its
chance is a/b.

:func:`fair_wheels` and the tests built on it run many fair wheels at once with a seeded
``numpy.random.Generator``, as the book's other simulations do; numpy is imported only when they are called.

>>> log = biased_log(380, "17", Fraction(1, 19), seed=1)
>>> log.spins, log.hits("17") > log.hits("18")
(380, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from ..distribution import Number, exact, whole
from .fairness import SpinLog
from .rules import OXFORD, RouletteRules
from .table import PocketName, pocket, pockets

if TYPE_CHECKING:
    import numpy as np


def biased_chances(name: PocketName, chance: Number, rules: RouletteRules = OXFORD) -> dict[str, Fraction]:
    """Each pocket's chance on a wheel where pocket ``name`` has ``chance`` and the others share the rest equally.

    >>> chances = biased_chances(17, Fraction(1, 36))
    >>> chances["17"], chances["0"], sum(chances.values())
    (Fraction(1, 36), Fraction(35, 1332), Fraction(1, 1))
    """
    biased, p = pocket(name, rules), exact(chance, "the chance")
    if not 0 <= p <= 1:
        raise ValueError(f"the chance {p} is not a probability; it must lie between 0 and 1")
    others = len(pockets(rules)) - 1
    return {each: p if each == biased else (1 - p) / others for each in pockets(rules)}


def biased_spins(spins: int, name: PocketName, chance: Number, seed: int,
                 rules: RouletteRules = OXFORD) -> list[str]:
    """``spins`` spins of a wheel whose pocket ``name`` has ``chance``, the others sharing the rest, from ``seed``.

    >>> biased_spins(5, "0", Fraction(1), seed=7)
    ['0', '0', '0', '0', '0']
    >>> biased_spins(3, "0", Fraction(1, 38), seed=2026) == biased_spins(3, "0", Fraction(1, 38), seed=2026)
    True
    """
    spins, seed = whole(spins, "the spins", least=0), whole(seed, "the seed", least=0)
    biased, p = pocket(name, rules), biased_chances(name, chance, rules)[pocket(name, rules)]
    others = [each for each in pockets(rules) if each != biased]
    a, b = p.numerator, p.denominator
    draw = random.Random(seed).randrange
    on_biased, per_other = a * len(others), b - a            # out of b * len(others) equally likely numbers
    result = []
    for _ in range(spins):
        r = draw(b * len(others))
        result.append(biased if r < on_biased else others[(r - on_biased) // per_other])
    return result


def biased_log(spins: int, name: PocketName, chance: Number, seed: int, rules: RouletteRules = OXFORD) -> SpinLog:
    """The log of :func:`biased_spins`: how often each pocket came up."""
    return SpinLog.of_spins(biased_spins(spins, name, chance, seed, rules), rules)


# --- Many fair wheels at once (numpy) ------------------------------------------------------------------------------


def fair_wheels(spins: int, wheels: int, rng: np.random.Generator, rules: RouletteRules = OXFORD) -> np.ndarray:
    """The counts of ``wheels`` fair wheels spun ``spins`` times each: one row per wheel, one column per pocket."""
    size = len(pockets(rules))
    return rng.multinomial(whole(spins, "the spins", least=0), [1 / size] * size, size=whole(wheels, "wheels", least=1))


def monte_carlo_p_value(log: SpinLog, wheels: int, rng: np.random.Generator) -> Fraction:
    """The Monte Carlo p-value of the chi-square test: (1 + the fair wheels at least as far from even) / (wheels + 1).

    With n spins the statistic is N/n times the sum of the squared counts, less n, so "at least as far" compares
    whole sums of squares, exactly.  Counting the log itself among the wheels keeps the p-value above 0, and makes
    it a valid p-value for any number of wheels.

    >>> import numpy as np
    >>> monte_carlo_p_value(SpinLog.of_spins(["17"] * 38), 99, np.random.default_rng(1))     # none as uneven
    Fraction(1, 100)
    """
    counts = fair_wheels(log.spins, wheels, rng, log.rules)
    observed = sum(count * count for count in log.counts)
    as_far = int(((counts * counts).sum(axis=1) >= observed).sum())
    return Fraction(1 + as_far, wheels + 1)


def hottest_share(spins: int, hits: int, wheels: int, rng: np.random.Generator, rules: RouletteRules = OXFORD) -> Fraction:
    """The share of ``wheels`` simulated fair wheels on which some pocket came up ``hits`` times or more.

    >>> import numpy as np
    >>> hottest_share(38, 1, 10, np.random.default_rng(1))          # some pocket always comes up
    Fraction(1, 1)
    """
    counts = fair_wheels(spins, wheels, rng, rules)
    return Fraction(int((counts.max(axis=1) >= hits).sum()), wheels)


def chi_square_power(spins: int, chances: dict[str, Fraction], level: Number, wheels: int,
                     rng: np.random.Generator) -> Fraction:
    """The share of ``wheels`` simulated logs of ``spins`` spins, with the pockets' ``chances``, that the chi-square
    test rejects at ``level``: a Monte Carlo estimate of the whole-wheel test's power (standard error about
    sqrt(p (1 - p) / wheels)).  A log's rejection is decided exactly, by its sum of squared counts.

    >>> import numpy as np
    >>> chi_square_power(38, {"17": Fraction(1)} | {p: Fraction(0) for p in pockets(OXFORD) if p != "17"},
    ...                  Fraction(1, 20), 10, np.random.default_rng(1))          # every spin on 17: always rejected
    Fraction(1, 1)
    """
    from .model_comparison import critical_squares

    threshold = critical_squares(spins, level)
    weights = [float(chances[p]) for p in pockets(OXFORD)]
    counts = rng.multinomial(whole(spins, "the spins", least=1), weights, size=whole(wheels, "wheels", least=1))
    rejected = int(((counts.astype("int64") ** 2).sum(axis=1) >= threshold).sum())
    return Fraction(rejected, wheels)


def hottest_sector_share(spins: int, hits: int, size: int, wheels: int, rng: np.random.Generator,
                         rules: RouletteRules = OXFORD) -> Fraction:
    """The share of ``wheels`` simulated fair wheels of ``spins`` spins on which some sector of ``size`` neighbouring
    pockets came up ``hits`` times or more.

    >>> import numpy as np
    >>> hottest_sector_share(38, 5, 5, 10, np.random.default_rng(1))     # 38 spins leave 5 in some sector of 5
    Fraction(1, 1)
    """
    import numpy as np

    from .sectors import sectors

    column = {name: i for i, name in enumerate(pockets(rules))}
    members = np.array([[column[name] for name in sector] for sector in sectors(size, rules)])
    counts = fair_wheels(spins, wheels, rng, rules)
    hottest = counts[:, members].sum(axis=2).max(axis=1)
    return Fraction(int((hottest >= whole(hits, "the hits")).sum()), wheels)


def sector_scan_share(spins: int, tail: Number, sizes: Iterable[int], wheels: int, rng: np.random.Generator,
                      rules: RouletteRules = OXFORD) -> Fraction:
    """The share of ``wheels`` simulated fair wheels on which some sector, of any of the ``sizes``, is so hot that
    named in advance its exact tail would be at most ``tail``: what scanning every width as well as every place costs.

    A sector of s pockets reaches that tail from the fewest hits whose binomial tail, with chance s/N a spin, is at
    most ``tail`` (:func:`~casino_math.tails.critical_hits`, exact), so each wheel's verdict is a comparison of
    whole numbers.

    >>> import numpy as np
    >>> sector_scan_share(38, Fraction(1), [1, 5], 10, np.random.default_rng(1))       # a tail of 1: every wheel
    Fraction(1, 1)
    """
    import numpy as np

    from ..tails import critical_hits
    from .sectors import sectors

    column = {name: i for i, name in enumerate(pockets(rules))}
    counts = fair_wheels(spins, wheels, rng, rules)
    found = np.zeros(len(counts), dtype=bool)
    for size in sizes:
        members = np.array([[column[name] for name in sector] for sector in sectors(size, rules)])
        hits = critical_hits(spins, Fraction(size, len(column)), exact(tail, "the tail"))
        found |= counts[:, members].sum(axis=2).max(axis=1) >= hits
    return Fraction(int(found.sum()), wheels)
