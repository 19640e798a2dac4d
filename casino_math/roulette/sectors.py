"""Sectors of the wheel: runs of neighbouring pockets, as a tilted wheel or a worn track would favour them.

A sector of ``size`` pockets is a run of neighbours around the wheel (the rules' ``wheel``, clockwise from 0); a
wheel of N pockets has N of them of each size below N, overlapping.  A sector named before the log is tested like a
pocket, by the exact binomial tail with chance size/N a spin.  The hottest sector, picked out after the log, asks
instead how likely it is that *some* sector of a fair wheel is that hot: at most N times the named tail
(Bonferroni), and estimated by simulating fair wheels (:func:`~casino_math.roulette.simulated.hottest_sector_share`).

>>> sectors(3)[:2]                                 # the American wheel: 0 sits between 2 and 28
[('0', '28', '9'), ('28', '9', '26')]
>>> sector_name(sectors(3)[-1])
'2-0-28'
"""

from __future__ import annotations

from fractions import Fraction

from ..exact import whole
from ..tails import binomial_tail
from .fairness import SpinLog
from .rules import OXFORD, RouletteRules, check_rules

#: The sector the chapter scans: five neighbouring pockets.
SIZE = 5

Sector = tuple[str, ...]


def sectors(size: int = SIZE, rules: RouletteRules = OXFORD) -> list[Sector]:
    """The runs of ``size`` neighbouring pockets around the wheel, one starting at each pocket in the wheel's order.

    >>> len(sectors()), sectors(1)[19]
    (38, ('00',))
    >>> sectors(38)
    Traceback (most recent call last):
    ...
    ValueError: a sector of 38 pockets is not a sector of a wheel of 38; give a size from 1 to 37
    """
    wheel = check_rules(rules).wheel
    if not 1 <= whole(size, "the sector's size") < len(wheel):
        raise ValueError(f"a sector of {size} pockets is not a sector of a wheel of {len(wheel)}; "
                         f"give a size from 1 to {len(wheel) - 1}")
    return [tuple(wheel[(start + i) % len(wheel)] for i in range(size)) for start in range(len(wheel))]


def sector_name(sector: Sector) -> str:
    """A sector as the chapter names it: its pockets in the wheel's order, joined by dashes."""
    return "-".join(sector)


def sector_hits(log: SpinLog, sector: Sector) -> int:
    """How often the ball landed in the sector.

    >>> sector_hits(SpinLog.of_spins(["0", "28", "5"]), ("0", "28", "9"))
    2
    """
    return sum(log.hits(name) for name in sector)


def hottest_sector(log: SpinLog, size: int = SIZE) -> Sector:
    """The sector of ``size`` pockets with the most hits; on a tie, the first in the wheel's order from 0.

    >>> hottest_sector(SpinLog.of_spins(["9", "26", "1"]), 2)
    ('9', '26')
    """
    return max(sectors(size, log.rules), key=lambda sector: sector_hits(log, sector))


def sector_chance(sector: Sector, rules: RouletteRules = OXFORD) -> Fraction:
    """The chance of a sector on a fair wheel: its pockets over all of them.

    >>> sector_chance(sectors()[0])
    Fraction(5, 38)
    """
    return Fraction(len(sector), len(check_rules(rules).wheel))


def named_sector_tail(log: SpinLog, sector: Sector) -> Fraction:
    """The exact p-value of a sector named before the log: P(X >= its hits), X binomial (spins, size / N).

    >>> named_sector_tail(SpinLog.of_spins(["0", "28"]), ("0", "28")) == Fraction(2, 38) ** 2
    True
    """
    return binomial_tail(log.spins, sector_chance(sector, log.rules), sector_hits(log, sector))


def hottest_sector_bound(log: SpinLog, size: int = SIZE) -> Fraction:
    """Bonferroni's bound on the chance that some sector of ``size`` pockets of a fair wheel is hit as often as the
    log's hottest: the number of sectors times the hottest's named tail (at most 1).

    >>> hottest_sector_bound(SpinLog.of_spins(["0", "28"]), 2) == 38 * Fraction(2, 38) ** 2
    True
    """
    hottest = hottest_sector(log, size)
    return min(Fraction(1), len(sectors(size, log.rules)) * named_sector_tail(log, hottest))
