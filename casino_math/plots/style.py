"""The house style of the book's figures: legible at the width the page shows them, readable without colour.

- :data:`WIDTH`: every figure is at most as wide as the text column, so its text is shown at full size;
- :data:`PALETTE`: Okabe and Ito's colour-blind-safe colours, with a line style per series (:data:`STYLE`'s
  property cycle) and a marker where a series has few points, so no series is told apart by colour alone;
- :func:`panels`: at most two panels side by side, more go on further rows;
- :func:`legend_below`: a legend under the axes, never over the data.

>>> fig, axes = panels(5, 2.0)
>>> len(axes), float(fig.get_size_inches()[0]) == WIDTH
(5, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import wraps
from math import ceil
from typing import Any, ParamSpec

import matplotlib.pyplot as plt
from cycler import cycler
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.typing import RcKeyType

P = ParamSpec("P")

#: The width of every figure, in inches: 700 px at the notebook's 100 dpi, the text column's width.
WIDTH = 7.0
#: The smallest type size used, in points (about 12 px at 100 dpi, above the 9 px the book promises).
SMALLEST = 9.0
#: Okabe and Ito's palette: blue, vermillion, bluish green, reddish purple, orange, sky blue, black.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
#: A line style and a marker for each colour, so each series can be told apart in grey too.
LINE_STYLES = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)), (0, (1, 1)), (0, (3, 1, 1, 1, 1, 1)))
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
#: Good news and bad news (a win, a loss) in the palette: blue and vermillion, never green against red.
GAIN, LOSS, NEUTRAL = PALETTE[0], PALETTE[1], "#5f6b73"

STYLE: dict[RcKeyType, Any] = {
    "font.size": 10,
    "axes.titlesize": 10.5,
    "axes.labelsize": 10,
    "xtick.labelsize": SMALLEST + 0.5,
    "ytick.labelsize": SMALLEST + 0.5,
    "legend.fontsize": SMALLEST + 0.5,
    "legend.frameon": False,
    "figure.dpi": 100,
    # Colour and line style change together; a series of few points adds its marker (MARKERS) where it is drawn.
    "axes.prop_cycle": cycler(color=PALETTE) + cycler(linestyle=LINE_STYLES),
    "lines.markersize": 4.5,
}


def styled(draw: Callable[P, Figure]) -> Callable[P, Figure]:
    """A figure function drawn in the house style, closed in pyplot so the notebook shows it once."""

    @wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> Figure:
        with plt.rc_context(STYLE):
            fig = draw(*args, **kwargs)
        plt.close(fig)
        return fig

    return drawn


def panels(n: int, height: float, **options: Any) -> tuple[Figure, list[Axes]]:
    """A figure of ``n`` panels, two to a row, each ``height`` inches tall, the column's width in all.

    >>> fig, axes = panels(3, 2.5)
    >>> [ax.get_subplotspec().get_geometry()[:2] for ax in axes], len(fig.axes)
    ([(2, 2), (2, 2), (2, 2)], 3)
    """
    columns = min(n, 2)
    rows = ceil(n / columns)
    fig, grid = plt.subplots(rows, columns, figsize=(WIDTH, height * rows + 0.4), squeeze=False,
                             layout="constrained", **options)
    axes = [ax for row in grid for ax in row]
    for spare in axes[n:]:
        spare.remove()
    return fig, axes[:n]


def legend_below(fig: Figure, columns: int | None = None) -> None:
    """One legend for the figure, under its axes (never over the data), of every panel's labelled series."""
    by_label: dict[str, Any] = {}
    for ax in fig.axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            by_label.setdefault(label, handle)
    if by_label:
        fig.legend(list(by_label.values()), list(by_label), loc="outside lower center",
                   ncols=columns or min(len(by_label), 3))


def labels(texts: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """Bet or rules IDs as the reader's names, as a game's ``names`` give them (the ticks and legends of a figure
    show names, not IDs); any other text as it is.

    >>> labels(["any_7", "dont_pass", "7 or 11"], {"any_7": "Any seven", "dont_pass": "Don't pass"})
    ['Any seven', "Don't pass", '7 or 11']
    """
    return [names.get(t, t) for t in texts]
