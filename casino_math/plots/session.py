"""Figures for the long run: session distributions, the law of large numbers, the central limit theorem,
how long a bankroll lasts, and what betting systems do to the shape of the outcomes.

Every curve drawn here comes from an exact result of casino_math (turned into floats only to draw it), or,
where it says so, from a seeded simulation beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import erf, sqrt
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure

from .. import bets, ruin, simulate
from ..session import Session
from ..systems import Play
from .style import LINE_STYLES, MARKERS, PALETTE, figure_width, legend_below, panels, styled


def _plain(text: str) -> str:
    """Text shown as written: a dollar sign is money, not the start of mathematics."""
    return text.replace("$", r"\$")


def _quantile(values: Sequence[Any], probabilities: Sequence[float], share: float) -> Any:
    """The smallest value whose cumulative probability reaches ``share`` (values in increasing order)."""
    return values[min(int(np.searchsorted(np.cumsum(probabilities), share)), len(values) - 1)]


def _title(s: Session) -> str:
    """A session's bet, as its panel's title."""
    return str(s.bet.name)


def _rounds(s: Session) -> int:
    return int(s.rounds)


@styled
def distribution_figure(sessions: list[Session], stake: float = 1, unit: str = "units") -> Figure:
    """The exact distribution of the net result of each session, one panel per bet, with its expected value.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math.session import session
    >>> distribution_figure([session(one_face_bet(5), 10)]).axes[0].get_xlabel()
    'net result after 10 bets (units)'
    """
    fig, axes = panels(len(sessions), 2.6)
    for ax, s, colour in zip(axes, sessions, PALETTE, strict=False):
        nets, probabilities = s.floats()
        width = max(min(np.diff(nets)) if len(nets) > 1 else 1, 0.02 * (max(nets) - min(nets) + 1)) * stake
        ax.bar(np.array(nets) * stake, probabilities, width=width, color=colour)
        mean, sd = float(s.expected_net()), float(s.standard_deviation())
        ax.axvline(mean * stake, color="black", lw=1, ls="--", label="expected")
        ax.set_xlim((max(min(nets), mean - 4.5 * sd) - width / stake) * stake,
                    (min(max(nets), mean + 4.5 * sd) + width / stake) * stake)
        ax.set_title(_title(s))
        ax.set_xlabel(f"net result after {_rounds(s)} bets ({unit})")
        ax.set_ylabel("probability")
    legend_below(fig)
    return fig


@styled
def law_of_large_numbers_figure(pairs: list[tuple[bets.Bet, simulate.Sample]]) -> Figure:
    """The running average of simulated bets closing in on the exact expected value, inside two standard errors.

    >>> from casino_math.dice import one_face_bet
    >>> bet = one_face_bet(5)
    >>> law_of_large_numbers_figure([(bet, simulate.sample_bet(bet, 1000, simulate.generator(1)))]).axes[0].get_xscale()
    'log'
    """
    fig, axes = panels(len(pairs), 2.6)
    for ax, (bet, sample), colour in zip(axes, pairs, PALETTE, strict=False):
        n = np.arange(1, sample.size + 1)
        mean, sd = float(bets.expected_value(bet)), float(bets.standard_deviation(bet))
        ax.fill_between(n, mean - 2 * sd / np.sqrt(n), mean + 2 * sd / np.sqrt(n), color="#b0b0b0", alpha=0.5,
                        label="exact value \u00b1 2 standard errors")
        ax.plot(n, sample.running_mean(), color=colour, lw=1.2, label="simulated average")
        ax.axhline(mean, color="black", lw=1, ls="--", label="exact expected value")
        ax.set_xscale("log")
        ax.set_ylim(mean - 1.5 * sd, mean + 1.5 * sd)
        ax.set_title(bet.name)
        ax.set_xlabel("number of bets")
        ax.set_ylabel("average net per unit")
    legend_below(fig)
    return fig


def _normal_cdf(x: npt.ArrayLike, mean: float, sd: float) -> npt.NDArray[np.float64]:
    return np.array([0.5 * (1 + erf((v - mean) / (sd * sqrt(2)))) for v in np.atleast_1d(x)])


@styled
def central_limit_figure(pairs: list[tuple[Session, simulate.Sample]]) -> Figure:
    """For each bet: the exact chance that the net after n bets is at most x (steps), the same share among
    simulated sessions (dots), and the normal curve with the exact mean and standard deviation.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math.session import session
    >>> bet = one_face_bet(5)
    >>> fig = central_limit_figure([(session(bet, 20), simulate.session_nets(bet, 20, 500, simulate.generator(1)))])
    >>> fig.axes[0].get_ylabel()
    'P(net \u2264 x)'
    """
    fig, axes = panels(len(pairs), 2.6)
    for ax, (s, sample) in zip(axes, pairs, strict=True):
        nets, probabilities = s.floats()
        cumulative = np.cumsum(probabilities)
        ax.step(nets, cumulative, where="post", color=PALETTE[0], lw=1.6, label="exact")
        simulated = np.sort(sample.steps / sample.scale)
        shown = np.searchsorted(simulated, nets, side="right") / sample.size
        ax.step(nets, shown, where="post", color=PALETTE[1], lw=1.2, ls=":", label=f"{sample.size:,} simulated sessions")
        mean, sd = float(s.expected_net()), float(s.standard_deviation())
        grid = np.linspace(min(nets), max(nets), 400)
        ax.plot(grid, _normal_cdf(grid, mean, sd), color="black", lw=1, ls="--", label="normal curve")
        ax.set_xlim(mean - 4 * sd, mean + 4 * sd)
        ax.set_title(f"{_title(s)}, {_rounds(s)} bets")
        ax.set_xlabel("net result x (units)")
        ax.set_ylabel("P(net \u2264 x)")
    legend_below(fig)
    return fig


@styled
def survival_figure(walks: list[ruin.Walk], stake: float = 1) -> Figure:
    """How long a bankroll lasts: the exact chance that the session is still going after m bets, per bet.

    >>> from casino_math.dice import one_face_bet
    >>> survival_figure([ruin.walk(one_face_bet(4), 5, 50)]).axes[0].get_ylabel()
    'P(still playing)'
    """
    fig, ax = plt.subplots(figsize=(figure_width(), 3.3), layout="constrained")
    for w, colour, style in zip(walks, PALETTE, LINE_STYLES, strict=False):
        ax.plot(range(w.rounds + 1), w.still_playing_floats(), color=colour, ls=style, lw=1.5, label=w.bet)
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("number of bets")
    ax.set_ylabel("P(still playing)")
    ax.set_ylim(0, 1.02)
    if walks:
        ax.set_title(_plain(f"Starting with ${walks[0].bankroll * stake:g} at ${stake:g} a bet, playing until broke"))
    legend_below(fig)
    return fig


@styled
def systems_figure(plays: Sequence[Play], stake: float = 1) -> Figure:
    """The exact distribution of the final bankroll under each betting system, one panel each.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math import systems
    >>> systems_figure([systems.play(one_face_bet(1), systems.FLAT, 3, goal=5, rounds=5)]).axes[0].get_xlabel()
    'final bankroll'
    """
    fig, axes = panels(len(plays), 2.4, sharey=True)
    for ax, p, colour, marker in zip(axes, plays, PALETTE, MARKERS, strict=False):
        finals = sorted(p.final)
        x, heights = [float(b) * stake for b in finals], [float(p.final[b]) for b in finals]
        ax.vlines(x, 0, heights, color=colour, lw=2)
        ax.plot(x, heights, marker, color=colour, markersize=4, linestyle="none")
        ax.axvline(p.bankroll * stake, color="black", lw=0.8, ls=":", label="starting bankroll")
        ax.set_title(p.system)
        ax.set_xlabel("final bankroll")
        ax.set_ylabel("probability")
    legend_below(fig)
    return fig


@styled
def explorer_figure(w: ruin.Walk, paths: npt.NDArray[Any], stake: float = 1, title: str = "") -> Figure:
    """A few simulated sessions over the exact distribution of how they end (the session explorer's view).

    Left: simulated bankrolls, bet by bet, each stopping if it goes broke.
    Right: the exact distribution of the final bankroll, on the same scale.

    >>> from casino_math.dice import one_face_bet
    >>> bet = one_face_bet(4)
    >>> fig = explorer_figure(ruin.walk(bet, 5, 20), simulate.paths(bet, 20, 3, simulate.generator(1), bankroll=5))
    >>> [ax.get_xlabel() for ax in fig.axes]
    ['bet', 'probability']
    """
    fig, (left, right) = plt.subplots(1, 2, figsize=(figure_width(), 3.4), sharey=True, gridspec_kw={"width_ratios": [3, 1]},
                                      layout="constrained")
    for row, colour in zip(paths, PALETTE * (len(paths) // len(PALETTE) + 1), strict=False):
        left.plot(np.arange(paths.shape[1]), (w.bankroll + row) * stake, color=colour, lw=1, alpha=0.8)
    left.axhline(w.bankroll * stake, color="black", lw=0.8, ls=":")
    left.set_xlabel("bet")
    left.set_ylabel("bankroll")
    left.set_title(_plain(title or f"{len(paths)} simulated sessions of {w.bet}"))
    finals = sorted(w.counts)
    heights = [w.counts[b] / w.denominator for b in finals]
    top = max(float(_quantile(finals, heights, 0.999)), float(w.bankroll + paths.max()))
    left.set_ylim(-0.03 * top * stake, 1.05 * top * stake)
    spacing = min(np.diff([float(b) for b in finals])) if len(finals) > 1 else 1
    right.barh([float(b) * stake for b in finals], heights, height=max(spacing, 0.008 * top) * stake, color="#555555")
    right.set_xlabel("probability")
    right.set_title("exact: how it ends")
    return fig
