"""The house style of the book's figures: legible at the width the page shows them, readable without colour.

- :data:`PAGE` and :data:`PHONE`: every figure is drawn for a page's text column (700 px) and again for a phone's
  (at most 360 px, one panel to a row), so that its text is shown at about full size on both; a figure function reads the
  width and the panels to a row of the one being drawn from :func:`layout`;
- :data:`PALETTE`: Okabe and Ito's colour-blind-safe colours, with a line style per series (:data:`STYLE`'s
  property cycle) and a marker where a series has few points, so no series is told apart by colour alone;
- :func:`panels`: at most two panels side by side, more go on further rows;
- :func:`legend_below`: a legend under the axes, never over the data.

>>> fig, axes = panels(5, 2.0)
>>> len(axes), float(fig.get_size_inches()[0]) == PAGE.width
(5, True)
>>> with drawn_for(PHONE):
...     fig, axes = panels(5, 2.0)
>>> len(axes), float(fig.get_size_inches()[0]) == PHONE.width
(5, True)
"""

from __future__ import annotations

from base64 import b64decode, b64encode
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from io import BytesIO
from math import ceil
from typing import Any, ParamSpec

import matplotlib.pyplot as plt
from cycler import cycler
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.typing import RcKeyType

P = ParamSpec("P")



@dataclass(frozen=True)
class Layout:
    """What a figure is drawn for: its width in inches (at 100 dpi) and the most panels side by side."""

    width: float
    columns: int

    def pixels(self, points: float) -> float:
        """The height in pixels of text set at ``points``, drawn at the book's 100 dpi (a point is 1/72 inch).

        >>> round(PAGE.pixels(SMALLEST), 2)
        12.5
        """
        return points * DPI / 72


#: The dots per inch every figure is drawn at.
DPI = 100
#: The smallest type size used, in points (12.5 px at 100 dpi, above the 11 px the book promises).
SMALLEST = 9.0
#: A page's text column: 700 px, two panels to a row.
PAGE = Layout(width=7.0, columns=2)
#: A phone's column (about 340 px of a 390 px screen): 350 px and a margin, one panel to a row, so that drawn
#: at most 360 px wide and shown at 340 its smallest text is 12.5 * 340 / 360, about 11.8 px.
PHONE = Layout(width=3.5, columns=1)
#: The margin around a phone's rendering, in inches, once it is cropped to what is drawn.
MARGIN = 0.05
#: The width of a figure drawn for the page, in inches: 700 px at 100 dpi, the text column's width.
WIDTH = PAGE.width
#: The mime type of a figure's phone rendering, beside its image/png (the page's): a PNG, base64-encoded as
#: image/png is.  JupyterLab, Colab and the PDF show image/png; the site shows this one on a phone
#: (book/_ext/phone_figures.py).
PHONE_PNG = "image/x.casino-math.phone+png"

_drawing_for: ContextVar[Layout] = ContextVar("drawing_for", default=PAGE)


def layout() -> Layout:
    """The layout of the figure being drawn: :data:`PAGE`, or :data:`PHONE` while :func:`styled` draws a phone's.

    >>> layout() == PAGE
    True
    """
    return _drawing_for.get()


def figure_width() -> float:
    """The width of the figure being drawn, in inches: the page's, or the phone's."""
    return layout().width


def phone() -> bool:
    """Whether the figure being drawn is the phone's (a figure that cannot just narrow redraws its content for it).

    >>> phone()
    False
    >>> with drawn_for(PHONE):
    ...     phone()
    True
    """
    return layout() == PHONE


@contextmanager
def drawn_for(target: Layout) -> Iterator[Layout]:
    """Draw the figures made inside this block for ``target``.

    >>> with drawn_for(PHONE):
    ...     figure_width(), layout().columns
    (3.5, 1)
    >>> figure_width()
    7.0
    """
    token = _drawing_for.set(target)
    try:
        yield target
    finally:
        _drawing_for.reset(token)
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
    "figure.dpi": DPI,
    # Colour and line style change together; a series of few points adds its marker (MARKERS) where it is drawn.
    "axes.prop_cycle": cycler(color=PALETTE) + cycler(linestyle=LINE_STYLES),
    "lines.markersize": 4.5,
}


def styled(draw: Callable[P, Figure]) -> Callable[P, Figure]:
    """A figure function drawn in the house style, closed in pyplot so the notebook shows it once.

    The figure is drawn for the page; shown in a notebook, it is drawn once more for a phone, and its output carries
    both: image/png (the page's, which JupyterLab, Colab and the PDF show) and :data:`PHONE_PNG`.

    >>> @styled
    ... def three_panels() -> Figure:
    ...     return panels(3, 1.5)[0]
    >>> fig = three_panels()
    >>> float(fig.get_size_inches()[0]), len(fig.axes[0].get_subplotspec().get_gridspec().get_width_ratios())
    (7.0, 2)
    >>> sorted(fig._repr_mimebundle_())
    ['image/x.casino-math.phone+png']
    >>> phone = fig._repr_mimebundle_()[PHONE_PNG]
    >>> png_width(phone) <= (PHONE.width + 2 * MARGIN) * DPI, png_width(phone) > 0.9 * PHONE.width * DPI
    (True, True)
    >>> fig._repr_mimebundle_(exclude=[PHONE_PNG])
    {}
    """

    @wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> Figure:
        fig = _drawn(draw, PAGE, *args, **kwargs)
        # IPython asks any object it shows for _repr_mimebundle_, and adds what its other formatters give (the
        # inline backend's image/png): the phone's rendering is drawn only when the figure is shown.
        setattr(fig, "_repr_mimebundle_", lambda include=None, exclude=None: (  # noqa: B010
            {PHONE_PNG: _png(_drawn(draw, PHONE, *args, **kwargs))}
            if PHONE_PNG in (include or [PHONE_PNG]) and PHONE_PNG not in (exclude or []) else {}))
        return fig

    return drawn


def _drawn(draw: Callable[P, Figure], target: Layout, *args: P.args, **kwargs: P.kwargs) -> Figure:
    """``draw``'s figure, drawn for ``target`` in the house style and closed in pyplot."""
    with plt.rc_context(STYLE), drawn_for(target):
        fig = draw(*args, **kwargs)
        if target == PHONE:  # a title or an axis label longer than the phone's width breaks onto more lines
            for ax in fig.axes:
                for text in (ax.title, ax.xaxis.label, ax.yaxis.label):
                    text.set_wrap(True)
    plt.close(fig)
    return fig


def _png(fig: Figure) -> str:
    """The figure as a base64 PNG, saved as the notebook's inline backend saves a figure (cropped to what is drawn)."""
    buffer = BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, facecolor=fig.get_facecolor(), edgecolor=fig.get_edgecolor(),
                bbox_inches="tight", pad_inches=MARGIN)
    return b64encode(buffer.getvalue()).decode("ascii")


def png_width(encoded: str) -> int:
    """The width in pixels of a base64 PNG (read from its header).

    >>> png_width(_png(plt.figure(figsize=(2, 1), dpi=DPI)))   # 2 inches and two margins at 100 dpi
    210
    """
    return int.from_bytes(b64decode(encoded[:32])[16:20], "big")


def panels(n: int, height: float, **options: Any) -> tuple[Figure, list[Axes]]:
    """A figure of ``n`` panels, two to a row (one on a phone), each ``height`` inches tall, the column's width in all.

    >>> fig, axes = panels(3, 2.5)
    >>> [ax.get_subplotspec().get_geometry()[:2] for ax in axes], len(fig.axes)
    ([(2, 2), (2, 2), (2, 2)], 3)
    """
    columns = min(n, layout().columns)
    rows = ceil(n / columns)
    fig, grid = plt.subplots(rows, columns, figsize=(figure_width(), height * rows + 0.4), squeeze=False,
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
                   ncols=fitting_columns(list(by_label), columns or min(len(by_label), 3)))


def legend(ax: Axes, **options: Any) -> None:
    """The axes' legend, placed by ``options`` on the page; on a phone under the figure, where it covers no data.

    >>> with drawn_for(PHONE):
    ...     fig, (ax,) = panels(1, 2.0)
    ...     _ = ax.plot([0, 1], label="a line")
    ...     legend(ax, loc="upper left")
    >>> ax.get_legend() is None, len(fig.legends)
    (True, 1)
    """
    if phone():
        legend_below(ax.figure, options.get("ncols"))  # type: ignore[arg-type]
    else:
        ax.legend(**options)


def fitting_columns(texts: Sequence[str], wanted: int) -> int:
    """The most columns, up to ``wanted``, in which a legend of ``texts`` fits the width of the figure being drawn
    (matplotlib fills the columns in turn; a character is taken as 0.55 em, a line's sample and the gaps as 4.5 em).

    >>> texts = ["exact value ± 2 standard errors", "simulated average", "exact expected value"]
    >>> fitting_columns(texts, 3)
    3
    >>> with drawn_for(PHONE):
    ...     fitting_columns(texts, 3), fitting_columns(["ahead", "even", "behind", "expected"], 4)
    (1, 3)
    """
    size = float(STYLE["legend.fontsize"])

    def fits(n: int) -> bool:
        heights = [len(texts) // n + (i < len(texts) % n) for i in range(n)]  # as numpy's array_split cuts them
        starts = [sum(heights[:i]) for i in range(n)]
        columns = [texts[start:start + height] for start, height in zip(starts, heights, strict=True) if height]
        return sum(0.55 * max(map(len, c)) + 4.5 for c in columns) * size <= figure_width() * 72

    return next((n for n in range(wanted, 1, -1) if fits(n)), 1)


def labels(texts: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """Bet or rules IDs as the reader's names, as a game's ``names`` give them (the ticks and legends of a figure
    show names, not IDs); any other text as it is.

    >>> labels(["any_7", "dont_pass", "7 or 11"], {"any_7": "Any seven", "dont_pass": "Don't pass"})
    ['Any seven', "Don't pass", '7 or 11']
    """
    return [names.get(t, t) for t in texts]
