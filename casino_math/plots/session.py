"""Figures for the long run: session distributions, the law of large numbers, the central limit theorem,
how long a bankroll lasts, and what betting systems do to the shape of the outcomes.

Every curve drawn here comes from an exact result of casino_math (turned into floats only to draw it), or,
where it says so, from a seeded simulation beside it.
"""

from __future__ import annotations

from math import erf, sqrt

import matplotlib.pyplot as plt
import numpy as np

from .. import bets, ruin, simulate
from ..session import Session

#: One colour per bet or system, in the order they are given.
PALETTE = ("#1f5fa8", "#b3202a", "#2f7d32", "#8a5a00", "#6a3d9a", "#444444")


def _plain(text: str) -> str:
    """Text shown as written: a dollar sign is money, not the start of mathematics."""
    return text.replace("$", r"\$")


def _quantile(values, probabilities, share: float):
    """The smallest value whose cumulative probability reaches ``share`` (values in increasing order)."""
    return values[min(int(np.searchsorted(np.cumsum(probabilities), share)), len(values) - 1)]


def _finished(fig):
    """Lay the figure out and hand it back without leaving it open in pyplot (the notebook shows it once)."""
    fig.tight_layout()
    plt.close(fig)
    return fig


def distribution_figure(sessions: list[Session], stake: float = 1, unit: str = "units"):
    """The exact distribution of the net result of each session, one panel per bet, with its expected value.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math.session import session
    >>> distribution_figure([session(one_face_bet(5), 10)]).axes[0].get_xlabel()
    'net result after 10 bets (units)'
    """
    fig, axes = plt.subplots(1, len(sessions), figsize=(3.2 * len(sessions), 2.9), squeeze=False)
    for ax, s, colour in zip(axes[0], sessions, PALETTE):
        nets, probabilities = s.floats()
        width = max(min(np.diff(nets)) if len(nets) > 1 else 1, 0.02 * (max(nets) - min(nets) + 1)) * stake
        ax.bar(np.array(nets) * stake, probabilities, width=width, color=colour)
        mean, sd = float(s.expected_net()), float(s.standard_deviation())
        ax.axvline(mean * stake, color="black", lw=1, ls="--", label="expected")
        ax.set_xlim((max(min(nets), mean - 4.5 * sd) - width / stake) * stake,
                    (min(max(nets), mean + 4.5 * sd) + width / stake) * stake)
        ax.set_title(s.bet.name, fontsize=10)
        ax.set_xlabel(f"net result after {s.rounds} bets ({unit})")
    axes[0][0].set_ylabel("probability")
    axes[0][0].legend(fontsize=8, frameon=False)
    return _finished(fig)


def law_of_large_numbers_figure(pairs: list[tuple[bets.Bet, simulate.Sample]]):
    """The running average of simulated bets closing in on the exact expected value, inside two standard errors.

    >>> from casino_math.dice import one_face_bet
    >>> bet = one_face_bet(5)
    >>> law_of_large_numbers_figure([(bet, simulate.sample_bet(bet, 1000, simulate.generator(1)))]).axes[0].get_xscale()
    'log'
    """
    fig, axes = plt.subplots(1, len(pairs), figsize=(3.4 * len(pairs), 3), squeeze=False, sharey=False)
    for ax, (bet, sample), colour in zip(axes[0], pairs, PALETTE):
        n = np.arange(1, sample.size + 1)
        mean, sd = float(bets.expected_value(bet)), float(bets.standard_deviation(bet))
        ax.fill_between(n, mean - 2 * sd / np.sqrt(n), mean + 2 * sd / np.sqrt(n), color=colour, alpha=0.15,
                        label="exact value \u00b1 2 standard errors")
        ax.plot(n, sample.running_mean(), color=colour, lw=1, label="simulated average")
        ax.axhline(mean, color="black", lw=1, ls="--")
        ax.set_xscale("log")
        ax.set_ylim(mean - 1.5 * sd, mean + 1.5 * sd)
        ax.set_title(bet.name, fontsize=10)
        ax.set_xlabel("number of bets")
    axes[0][0].set_ylabel("average net per unit bet")
    axes[0][0].legend(fontsize=7, frameon=False, loc="upper right")
    return _finished(fig)


def _normal_cdf(x, mean: float, sd: float):
    return np.array([0.5 * (1 + erf((v - mean) / (sd * sqrt(2)))) for v in np.atleast_1d(x)])


def central_limit_figure(pairs: list[tuple[Session, simulate.Sample]]):
    """For each bet: the exact chance that the net after n bets is at most x (steps), the same share among
    simulated sessions (dots), and the normal curve with the exact mean and standard deviation.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math.session import session
    >>> bet = one_face_bet(5)
    >>> fig = central_limit_figure([(session(bet, 20), simulate.session_nets(bet, 20, 500, simulate.generator(1)))])
    >>> fig.axes[0].get_ylabel()
    'P(net \u2264 x)'
    """
    fig, axes = plt.subplots(1, len(pairs), figsize=(3.4 * len(pairs), 3), squeeze=False)
    for ax, (s, sample), colour in zip(axes[0], pairs, PALETTE):
        nets, probabilities = s.floats()
        cumulative = np.cumsum(probabilities)
        ax.step(nets, cumulative, where="post", color=colour, lw=1.5, label="exact")
        simulated = np.sort(sample.steps / sample.scale)
        shown = np.searchsorted(simulated, nets, side="right") / sample.size
        ax.step(nets, shown, where="post", color="black", lw=0.8, ls=":", label=f"{sample.size:,} simulated sessions")
        mean, sd = float(s.expected_net()), float(s.standard_deviation())
        grid = np.linspace(min(nets), max(nets), 400)
        ax.plot(grid, _normal_cdf(grid, mean, sd), color="grey", lw=1, ls="--", label="normal curve")
        ax.set_xlim(mean - 4 * sd, mean + 4 * sd)
        ax.set_title(f"{s.bet.name}, {s.rounds} bets", fontsize=10)
        ax.set_xlabel("net result x (units)")
    axes[0][0].set_ylabel("P(net \u2264 x)")
    axes[0][0].legend(fontsize=7, frameon=False, loc="upper left")
    return _finished(fig)


def survival_figure(walks: list[ruin.Walk], stake: float = 1):
    """How long a bankroll lasts: the exact chance that the session is still going after m bets, per bet.

    >>> from casino_math.dice import one_face_bet
    >>> survival_figure([ruin.walk(one_face_bet(4), 5, 50)]).axes[0].get_ylabel()
    'P(still playing)'
    """
    fig, ax = plt.subplots(figsize=(7, 3.3))
    for w, colour in zip(walks, PALETTE):
        ax.plot(range(w.rounds + 1), w.still_playing_floats(), color=colour, lw=1.5, label=w.bet)
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("number of bets")
    ax.set_ylabel("P(still playing)")
    ax.set_ylim(0, 1.02)
    if walks:
        ax.set_title(_plain(f"Starting with ${walks[0].bankroll * stake:g} at ${stake:g} a bet, playing until broke"),
                     fontsize=10)
    ax.legend(fontsize=8, frameon=False)
    return _finished(fig)


def systems_figure(plays, stake: float = 1):
    """The exact distribution of the final bankroll under each betting system, one panel each.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math import systems
    >>> systems_figure([systems.play(one_face_bet(1), systems.FLAT, 3, goal=5, rounds=5)]).axes[0].get_xlabel()
    'final bankroll'
    """
    fig, axes = plt.subplots(1, len(plays), figsize=(2.6 * len(plays), 2.8), squeeze=False, sharey=True)
    for ax, p, colour in zip(axes[0], plays, PALETTE):
        finals = sorted(p.final)
        ax.vlines([float(b) * stake for b in finals], 0, [float(p.final[b]) for b in finals], color=colour, lw=2)
        ax.axvline(p.bankroll * stake, color="black", lw=0.8, ls=":")
        ax.set_title(p.system, fontsize=10)
        ax.set_xlabel("final bankroll")
    axes[0][0].set_ylabel("probability")
    return _finished(fig)


def explorer_figure(w: ruin.Walk, paths: np.ndarray, stake: float = 1, title: str = ""):
    """A few simulated sessions over the exact distribution of how they end (the session explorer's view).

    Left: simulated bankrolls, bet by bet, each stopping if it goes broke.
    Right: the exact distribution of the final bankroll, on the same scale.

    >>> from casino_math.dice import one_face_bet
    >>> bet = one_face_bet(4)
    >>> fig = explorer_figure(ruin.walk(bet, 5, 20), simulate.paths(bet, 20, 3, simulate.generator(1), bankroll=5))
    >>> [ax.get_xlabel() for ax in fig.axes]
    ['bet', 'probability']
    """
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 3.4), sharey=True, gridspec_kw={"width_ratios": [3, 1]})
    for row, colour in zip(paths, PALETTE * (len(paths) // len(PALETTE) + 1)):
        left.plot(np.arange(paths.shape[1]), (w.bankroll + row) * stake, color=colour, lw=1, alpha=0.8)
    left.axhline(w.bankroll * stake, color="black", lw=0.8, ls=":")
    left.set_xlabel("bet")
    left.set_ylabel("bankroll")
    left.set_title(_plain(title or f"{len(paths)} simulated sessions of {w.bet}"), fontsize=10)
    finals = sorted(w.counts)
    heights = [w.counts[b] / w.denominator for b in finals]
    top = max(float(_quantile(finals, heights, 0.999)), float(w.bankroll + paths.max()))
    left.set_ylim(-0.03 * top * stake, 1.05 * top * stake)
    spacing = min(np.diff([float(b) for b in finals])) if len(finals) > 1 else 1
    right.barh([float(b) * stake for b in finals], heights, height=max(spacing, 0.008 * top) * stake, color="#555555")
    right.set_xlabel("probability")
    right.set_title("exact: how it ends", fontsize=10)
    return _finished(fig)
