"""Figures for the chapter "Watching a wheel as it spins": logs walking through the band of Wald's test."""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ..sequential import Sprt, band_lines
from .style import NEUTRAL, PALETTE, figure_width, legend_below, styled


def centred_path(test: Sprt, hit_sequence: Sequence[bool]) -> list[float]:
    """The walk of a log turned so that the band lies flat: after n spins, its hits minus slope * n (for drawing).

    >>> from fractions import Fraction
    >>> [round(y, 3) for y in centred_path(Sprt(Fraction(1, 38), Fraction(1, 30)), [True, False])]
    [0.0, 0.97, 0.941]
    """
    slope = float(band_lines(test)[2])
    path, hits = [0.0], 0
    for n, hit in enumerate(hit_sequence, start=1):
        hits += bool(hit)
        path.append(hits - slope * n)
    return path


@styled
def band_figure(test: Sprt, logs: Sequence[tuple[str, Sequence[bool]]]) -> Figure:
    """Each log's walk, up to the spin where the test stops, inside the band turned flat: "biased" above its top
    line, "fair" below its bottom line.

    >>> from fractions import Fraction
    >>> fig = band_figure(Sprt(Fraction(1, 38), Fraction(1, 30)), [("a log", [True, False, False])])
    >>> len(fig.axes[0].lines)            # the log, the two lines
    3
    """
    lower, upper, slope = (float(x) for x in band_lines(test))
    fig, ax = plt.subplots(figsize=(figure_width(), 3.0), layout="constrained")
    longest = 1
    for (name, hits), colour, style in zip(logs, PALETTE, ("-", "--", "-."), strict=False):
        path = centred_path(test, hits)
        longest = max(longest, len(path) - 1)
        ax.plot(range(len(path)), path, color=colour, linestyle=style, linewidth=1.2, label=name)
    for level, words in ((upper, 'says "biased" on or above'), (lower, 'says "fair" on or below')):
        ax.axhline(level, color=NEUTRAL, linewidth=1.4)
        ax.annotate(words, (longest, level), xytext=(0, 4 if level > 0 else -12), textcoords="offset points",
                    ha="right", fontsize=9, color=NEUTRAL)
    ax.set_xlim(0, longest)
    ax.set_ylim(lower - 4, upper + 4)
    ax.set_xlabel("spins")
    ax.set_ylabel(f"hits minus {slope:.4f} × spins")
    legend_below(fig, 2)
    return fig
