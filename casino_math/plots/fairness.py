"""Figures for the chapter "Is the wheel fair?": a log of spins as bars, and a pocket's chance before and after them."""

from __future__ import annotations

from collections.abc import Sequence
from math import exp, lgamma, log

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ..roulette.fairness import BetaLaw, SpinLog, break_even, expected_count, fair_chance
from .style import GAIN, LOSS, NEUTRAL, PALETTE, SMALLEST, figure_width, legend_below, phone, styled


@styled
def counts_figure(log: SpinLog, suspected: str) -> Figure:
    """The hits on each pocket of a log as bars in the layout's order, the suspected pocket marked, with the count a
    fair wheel expects as a dashed line.

    >>> from casino_math.roulette.fairness import SpinLog
    >>> len(counts_figure(SpinLog.of_spins(["17", "5"]), "17").axes[0].patches)
    38
    """
    # On a phone the 38 pockets go down the page, one bar to a line: across it, their names would overlap.
    across = not phone()
    size = (figure_width(), 2.6) if across else (figure_width(), 0.16 * len(log.counts) + 1.6)
    fig, ax = plt.subplots(figsize=size, layout="constrained")
    colours = [LOSS if pocket == suspected else GAIN for pocket in log.pockets]
    hatches = ["//" if pocket == suspected else "" for pocket in log.pockets]
    places = range(len(log.counts))
    bars = (ax.bar if across else ax.barh)(places, log.counts, color=colours, edgecolor="white", linewidth=0.5)
    for bar, hatch in zip(bars, hatches, strict=True):
        bar.set_hatch(hatch)
    (ax.axhline if across else ax.axvline)(float(expected_count(log)), color=NEUTRAL, linestyle="--", linewidth=1.2,
                                           label=f"a fair wheel's expectation, {float(expected_count(log)):g}")
    bars[log.pockets.index(suspected)].set_label(f"{suspected}, the suspected pocket")
    if across:
        ax.set_xticks(places, log.pockets, fontsize=8.5, rotation=90)
        ax.set_xlim(-0.7, len(log.counts) - 0.3)
        ax.set(xlabel="pocket", ylabel="hits")
    else:
        ax.set_yticks(places, log.pockets, fontsize=SMALLEST)
        ax.set_ylim(len(log.counts) - 0.3, -0.7)  # the layout's order from the top
        ax.set(xlabel="hits", ylabel="pocket")
    ax.set_title(f"{log.spins:,} spins")
    legend_below(fig, 2)
    return fig


def beta_density(law: BetaLaw, t: float) -> float:
    """The Beta law's density at t, in floating point, for drawing only.

    >>> round(beta_density(BetaLaw(1, 1), 0.3), 12), round(beta_density(BetaLaw(2, 1), 0.5), 12)
    (1.0, 1.0)
    """
    if not 0 < t < 1:
        return 0.0
    log_norm = lgamma(law.a + law.b) - lgamma(law.a) - lgamma(law.b)
    return exp(log_norm + (law.a - 1) * log(t) + (law.b - 1) * log(1 - t))


@styled
def posterior_figure(laws: Sequence[BetaLaw], names: Sequence[str], largest: float = 0.05) -> Figure:
    """The densities of a pocket's chance under each law (a prior and posteriors), with the fair chance and the
    break-even chance marked.

    >>> len(posterior_figure([BetaLaw(1, 37)], ["prior"]).axes[0].lines)      # the density, the two chances
    3
    """
    fig, ax = plt.subplots(figsize=(figure_width(), 2.8), layout="constrained")
    grid = [largest * i / 600 for i in range(1, 600)]
    for law, name, colour, style in zip(laws, names, PALETTE, ("-", "--", "-.", ":"), strict=False):
        ax.plot(grid, [beta_density(law, t) for t in grid], color=colour, linestyle=style, label=name)
    for chance, label, style in ((fair_chance(), "fair: 1/38", ":"), (break_even(), "break-even: 1/36", "-")):
        ax.axvline(float(chance), color=NEUTRAL, linestyle=style, linewidth=1.2, label=label)
    ax.set_xlim(0, largest)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("the pocket's chance")
    ax.set_ylabel("density")
    legend_below(fig, 3)
    return fig
