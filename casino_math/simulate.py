"""Monte Carlo twins of the exact results: samples of bets, with a seeded random generator.

Every exact figure of the book can be checked by playing the game many times
and averaging.  Here is what every twin shares: the seeded generator, a
:class:`Sample` of simulated bets, any bet drawn from its exact distribution,
sessions and bankroll paths.  Each game plays its own bets the way the casino
does, in its own ``simulate`` module: a roulette wheel spins
(:mod:`casino_math.roulette.simulate`); a craps bet waits roll by roll for the
totals that decide it (:mod:`casino_math.craps.simulate`); baccarat coups are
dealt in order from a real shoe, without replacement, to the cut card
(:mod:`casino_math.baccarat.simulate`).  :func:`game_sample` plays any game's
twin through the contract, given the game.  This module knows no game.  The chance is all in a
:class:`numpy.random.Generator` made from a seed, so every run is repeatable.

A simulated mean is not the exact value, but it should lie within a few
standard errors of it (the standard error is the bet's standard deviation over
the square root of the number of bets): the law of large numbers says how it
closes in, the central limit theorem how far it strays.

>>> from casino_math.bets import even_money
>>> from casino_math.distribution import Distribution
>>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
>>> sample = sample_bet(red, 10_000, generator(1))
>>> sample.size, abs(sample.z_score(red)) < 4
(10000, True)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import lcm
from typing import Protocol, TypeAlias, TypeVar

import numpy as np
from numpy.typing import NDArray

from .bets import Bet, expected_value, standard_deviation
from .distribution import is_whole

#: Whole numbers, one per bet, roll, card or coup; floats (for plots only); yes-or-no flags.
Ints: TypeAlias = NDArray[np.int64]
Floats: TypeAlias = NDArray[np.float64]
Flags: TypeAlias = NDArray[np.bool_]

G = TypeVar("G")
R_contra = TypeVar("R_contra", contravariant=True)

#: How many standard errors a simulated mean may stray from the exact value in
#: the cross-checks: four (a fair sample strays further about 6 times in 100,000).
TOLERANCE = 4


def generator(seed: int) -> np.random.Generator:
    """A seeded random generator: the same seed plays the same games.

    >>> int(generator(7).integers(1, 7)) == int(generator(7).integers(1, 7))
    True
    """
    if not is_whole(seed) or seed < 0:
        raise ValueError(f"a seed must be a whole number from 0 up, not {seed!r}")
    return np.random.default_rng(seed)


def check_count(size: object, what: str = "the number of bets") -> int:
    """``size`` as an int if it is a positive whole number (a numpy integer will do), else a one-line error.

    >>> check_count(0, "the number of shoes")
    Traceback (most recent call last):
    ...
    ValueError: the number of shoes must be a positive whole number, not 0
    """
    if not (is_whole(size) or isinstance(size, np.integer)) or size < 1:
        raise ValueError(f"{what} must be a positive whole number, not {size!r}")
    return int(size)


@dataclass(frozen=True, eq=False)
class Sample:
    """Simulated bets: each one's net result (in 1/scale units) and, for bets lasting several rounds, its rounds.

    ``steps[i] / scale`` is the net result of bet i per unit staked; ``rounds[i]``
    (if given) how many rolls it took to settle.
    """

    bet: str
    steps: Ints
    scale: int
    rounds: Ints | None = None

    @property
    def size(self) -> int:
        """The number of simulated bets."""
        return len(self.steps)

    def mean(self) -> Fraction:
        """The average net result per unit staked, exactly (a sum of whole numbers over the count).

        >>> Sample("demo", np.array([1, -1, -1, 1, 1]), 1).mean()
        Fraction(1, 5)
        """
        return Fraction(int(self.steps.sum(dtype=np.int64)), self.scale * self.size)

    def mean_rounds(self) -> Fraction:
        """The average number of rounds (rolls) the bets took, exactly.

        >>> Sample("demo", np.array([1, -1]), 1, np.array([1, 4])).mean_rounds()
        Fraction(5, 2)
        """
        if self.rounds is None:
            raise ValueError(f"the sample of {self.bet} did not record rounds")
        return Fraction(int(self.rounds.sum(dtype=np.int64)), self.size)

    def standard_error(self, bet: Bet) -> Decimal:
        """The exact bet's standard deviation over the square root of the number of bets.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> Sample("heads", np.array([1, -1, 1, -1]), 1).standard_error(even_money("heads", coin(), lambda s: s == "H"))
        Decimal('0.5')
        """
        return standard_deviation(bet) / Decimal(self.size).sqrt()

    def z_score(self, bet: Bet) -> float:
        """How many standard errors the simulated mean lies from the exact expected value (a float: display only).

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> Sample("heads", np.array([1, 1, 1, -1]), 1).z_score(even_money("heads", coin(), lambda s: s == "H"))
        1.0
        """
        return float(self.mean() - expected_value(bet)) / float(self.standard_error(bet))

    def running_mean(self) -> Floats:
        """The average after 1, 2, ... bets, as floats (for plots of the law of large numbers).

        >>> Sample("demo", np.array([1, -1, 1, 1]), 1).running_mean().tolist()
        [1.0, 0.0, 0.3333333333333333, 0.5]
        """
        return np.cumsum(self.steps) / (self.scale * np.arange(1, self.size + 1))


def nets_in_steps(nets: Collection[Fraction]) -> tuple[dict[Fraction, int], int]:
    """Net results as whole numbers of 1/scale: ({net: steps}, scale), the form a :class:`Sample` keeps.

    >>> nets_in_steps([Fraction(19, 20), Fraction(-1)])
    ({Fraction(19, 20): 19, Fraction(-1, 1): -20}, 20)
    """
    scale = lcm(*(Fraction(x).denominator for x in nets))
    return {x: int(Fraction(x) * scale) for x in nets}, scale


# Any bet, drawn from its exact distribution.


def sample_bet(bet: Bet, size: int, rng: np.random.Generator) -> Sample:
    """``size`` independent bets drawn from the bet's exact distribution of net results.

    Each outcome's whole-number count over the common denominator D becomes a
    range of the integers 0 to D - 1, and a uniform integer picks the outcome,
    so every outcome comes up with exactly its probability.

    >>> from casino_math.dice import one_face_bet
    >>> sample_bet(one_face_bet(5), 6_000, generator(3)).mean()
    Fraction(-17, 1000)
    """
    size = check_count(size)
    net = bet.net()
    lattice, values = net.lattice(), list(net)
    steps = [int(x * lattice.scale) for x in values]
    cuts = np.cumsum([lattice.counts[step] for step in steps])
    picks = np.searchsorted(cuts, rng.integers(0, lattice.denominator, size=size, dtype=np.int64), side="right")
    return Sample(bet.name, np.array(steps, dtype=np.int64)[picks], lattice.scale)


def session_nets(bet: Bet, rounds: int, sessions: int, rng: np.random.Generator) -> Sample:
    """The net result of each of ``sessions`` sessions of ``rounds`` bets (drawn from the exact distribution).

    >>> from casino_math.dice import one_face_bet
    >>> nets = session_nets(one_face_bet(5), 10, 500, generator(4))
    >>> nets.size, nets.scale, int(nets.steps.max()) <= 60
    (500, 1, True)
    """
    rounds, sessions = check_count(rounds, "the number of rounds"), check_count(sessions, "the number of sessions")
    one = sample_bet(bet, rounds * sessions, rng)
    return Sample(f"{rounds} bets on {bet.name}", one.steps.reshape(sessions, rounds).sum(axis=1), one.scale)


def paths(bet: Bet, rounds: int, count: int, rng: np.random.Generator, bankroll: int | None = None) -> Floats:
    """``count`` simulated bankroll paths over ``rounds`` one-unit bets, as floats (for plots).

    Row i is the net result after 0, 1, ..., rounds bets.  With a ``bankroll``
    (in units) a path stops, flat, once it can no longer cover a bet.

    >>> from casino_math.dice import one_face_bet
    >>> p = paths(one_face_bet(5), 5, 3, generator(2), bankroll=2)
    >>> p.shape, bool((p >= -2).all())
    ((3, 6), True)
    """
    rounds, count = check_count(rounds, "the number of rounds"), check_count(count, "the number of paths")
    one = sample_bet(bet, rounds * count, rng)
    nets = one.steps.reshape(count, rounds) / one.scale
    totals = np.concatenate([np.zeros((count, 1)), np.cumsum(nets, axis=1)], axis=1)
    if bankroll is not None:
        worst = -float(min(bet.net()))
        for row in totals:
            broke = np.nonzero(bankroll + row[:-1] < worst)[0]
            if broke.size:
                row[broke[0] + 1:] = row[broke[0]]
    return totals


# Every game's twin, through the contract.


class Played(Protocol[R_contra]):
    """A game that plays its bets (its package: the :meth:`~casino_math.rules.Game.twin` of the contract)."""

    def twin(self, bet_id: str, bet: Bet, rules: R_contra, size: int, rng: np.random.Generator, /) -> Sample: ...


def game_sample(game: Played[R_contra], bet_id: str, bet: Bet, rules: R_contra, size: int, rng: np.random.Generator) -> Sample:
    """The game's own twin for one of its bets: spins, rolls, or coups from a shoe (about ``size`` of them).

    ``game`` is the game's package, as :func:`casino_math.games.game` finds it by its name.  Each game plays its
    bets the way the casino does (its ``twin``, see :class:`~casino_math.rules.Game`); baccarat deals whole shoes,
    so its sample holds at least ``size`` coups.

    >>> from casino_math import roulette
    >>> rules = roulette.RULES["oxford"]
    >>> game_sample(roulette, "red", dict(roulette.edge_bets(rules))["red"], rules, 100, generator(0)).size
    100
    """
    return game.twin(bet_id, bet, rules, check_count(size), rng)


def played_by(game: str, rules: object, kind: type[G]) -> G:
    """``rules`` if they are the game's own kind, else a one-line error naming both.

    >>> from casino_math.craps import OXFORD
    >>> from casino_math.roulette import RouletteRules
    >>> played_by("roulette", OXFORD, RouletteRules)
    Traceback (most recent call last):
    ...
    TypeError: roulette is played by RouletteRules, not CrapsRules
    """
    if isinstance(rules, kind):
        return rules
    raise TypeError(f"{game} is played by {kind.__name__}, not {type(rules).__name__}")
