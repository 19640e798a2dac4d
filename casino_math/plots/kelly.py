"""Figures for "How much to bet": the growth rate as a function of the share of the bankroll staked."""

from __future__ import annotations

from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ..bets import Bet
from ..kelly import growth_rate, kelly_fraction, safe_limit
from .style import figure_width, legend, styled

#: Half, one and twice Kelly: the marker, its label and its colour (blue, vermilion, bluish green: safe for colour-blind readers).
MARKS = ((Fraction(1, 2), "o", "half Kelly", "#0072B2"), (Fraction(1), "s", "Kelly", "#D55E00"),
         (Fraction(2), "^", "twice Kelly", "#009E73"))


@styled
def growth_figure(bet: Bet, label: str, points: int = 121) -> Figure:
    """G(f) from f = 0 to a little past twice the Kelly fraction, with half, one and twice Kelly marked.

    Each point of the curve is the exact growth rate (a Decimal) turned into a float only to draw it.

    >>> from casino_math.widgets.kelly import own_bet
    >>> fig = growth_figure(own_bet(Fraction(3, 5), 1), "a 60-40 even-money bet")
    >>> [line.get_label() for line in fig.axes[0].get_lines()][:4]
    ['growth rate G(f): a 60-40 even-money bet', 'half Kelly', 'Kelly', 'twice Kelly']
    >>> [float(f) for f in fig.axes[0].get_lines()[2].get_xdata()]          # the Kelly fraction, p - q
    [0.2]
    """
    best = kelly_fraction(bet)
    right = min(Fraction(5, 2) * best, safe_limit(bet) * Fraction(99, 100))
    shares = [right * Fraction(i, points - 1) for i in range(points)]
    fig, ax = plt.subplots(figsize=(min(figure_width(), 6.4), 3.6), layout="constrained")
    ax.plot([float(f) for f in shares], [float(growth_rate(bet, f)) for f in shares], color="black", lw=1.5,
            label=f"growth rate G(f): {label}")
    for multiple, marker, text, colour in MARKS:
        f = multiple * best
        ax.plot([float(f)], [float(growth_rate(bet, f))], marker=marker, color=colour, ms=8, ls="none", label=text)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("share of the bankroll staked on each bet, f")
    ax.set_ylabel("growth per bet, G(f)")
    legend(ax, fontsize=10, loc="lower left")
    return fig
