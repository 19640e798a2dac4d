"""Figures for the chapter "Continuous chance": the densities of the ball's angle on a fair and on tilted wheels."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import cos, pi

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ..continuous import POCKETS, tilt
from .style import LINE_STYLES, NEUTRAL, PALETTE, figure_width, legend_below, styled


def tilted_density(e: Fraction, theta: float) -> float:
    """The tilted wheel's density (1 + e cos theta)/(2 pi), in floating point, for drawing only.

    >>> round(tilted_density(Fraction(0), 1.0) * 2 * pi, 12), round(tilted_density(Fraction(1), pi), 12)
    (1.0, 0.0)
    """
    return (1 + float(tilt(e)) * cos(theta)) / (2 * pi)


@styled
def angle_figure(tilts: Sequence[Fraction] = (Fraction(0), Fraction(1, 10), Fraction(1, 2))) -> Figure:
    """The density of the ball's angle over one turn for each tilt, with the edges of the 38 arcs marked below.

    >>> len(angle_figure([Fraction(0)]).axes[0].lines)
    1
    """
    fig, ax = plt.subplots(figsize=(figure_width(), 2.8), layout="constrained")
    grid = [2 * pi * i / 760 for i in range(761)]
    for e, colour, style in zip(tilts, PALETTE, LINE_STYLES, strict=False):
        name = "fair wheel (e = 0)" if e == 0 else f"tilt e = {e}"
        ax.plot(grid, [tilted_density(e, t) for t in grid], color=colour, linestyle=style, label=name)
    ax.set_xticks([2 * pi * k / POCKETS for k in range(POCKETS + 1)], minor=True)
    ax.tick_params(axis="x", which="minor", length=4, color=NEUTRAL)
    ax.set_xticks([0, pi / 2, pi, 3 * pi / 2, 2 * pi], ["0", "π/2", "π", "3π/2", "2π"])
    ax.set_xlim(0, 2 * pi)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("the ball's angle θ (small ticks: the edges of the 38 arcs)")
    ax.set_ylabel("density")
    legend_below(fig, 3)
    return fig
