"""Figures for the roulette chapters: the layout drawn from its geometry, and sessions of many spins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import pairwise

import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from .. import bets, roulette, session
from .style import GAIN, LOSS, NEUTRAL, figure_width, labels, legend_below, panels, styled

FELT = "#2f6b3a"
#: The pockets' own colours, as on the wheel (each pocket also shows its number, so colour is never alone).
COLOURS = {"red": "#b3202a", "black": "#1b1b1b", "green": "#1f8a4c"}
#: The drawing's lines are about twice as tall as its characters are wide; this keeps the boxes square-ish.
LINE_HEIGHT = 4


def _rectangle(box: roulette.Box) -> tuple[float, float, float, float]:
    """A box as (x, y, width, height) in the figure: the layout turned to face the player.

    The head of the layout (the zeros) is on the left, the first column (1, 4, ..., 34)
    along the bottom, as on the table seen from the player's side.
    """
    x, y = box.top * LINE_HEIGHT, box.left
    return x, y, (box.bottom - box.top) * LINE_HEIGHT, box.right - box.left


@styled
def layout_figure(rules: str = "oxford", highlight: Iterable[str] = (), title: str | None = None) -> Figure:
    """The betting layout drawn from the library's geometry; ``highlight`` pockets are marked with a chip.

    >>> fig = layout_figure(highlight=["17", "20"])
    >>> len(fig.axes[0].patches) > 38
    True
    """
    value = roulette.rules_named(rules)
    geometry = roulette.table_layout(value)
    chosen = {roulette.pocket(p, value) for p in highlight}
    fig, ax = plt.subplots(figsize=(figure_width(), 2.2))
    fig.patch.set_facecolor(FELT)
    for name, box in geometry.boxes.items():
        x, y, w, h = _rectangle(box)
        ax.add_patch(Rectangle((x, y), w, h, facecolor=COLOURS[roulette.colour(name)], edgecolor="white", lw=1.5))
        ax.text(x + w / 2, y + h / 2, name, color="white", ha="center", va="center", fontsize=9.5, weight="bold")
    if chosen:
        centres = [_centre(geometry.boxes[p]) for p in chosen]
        for cx, cy in centres:
            ax.add_patch(Rectangle((cx - 3.2, cy - 3.2), 6.4, 6.4, fill=False, edgecolor="#f5c518", lw=2.5))
        cx = sum(c[0] for c in centres) / len(centres)
        cy = sum(c[1] for c in centres) / len(centres)
        ax.add_patch(Circle((cx, cy), 1.6, facecolor="#f5c518", edgecolor="black", lw=1, zorder=5))
    ax.set_xlim(-1, max(b.bottom for b in geometry.boxes.values()) * LINE_HEIGHT + 1)
    ax.set_ylim(-1, max(b.right for b in geometry.boxes.values()) + 1)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, color="white")
    return _finished(fig)


def _finished(fig: Figure) -> Figure:
    """Lay the figure out and hand it back (:func:`~casino_math.plots.style.styled` closes it in pyplot)."""
    fig.tight_layout()
    return fig


def _centre(box: roulette.Box) -> tuple[float, float]:
    x, y, w, h = _rectangle(box)
    return x + w / 2, y + h / 2


@styled
def edge_by_numbers_figure(rules: str = "oxford") -> Figure:
    """The house edge of one bet of each inside and outside kind against how many numbers it covers.

    >>> edge_by_numbers_figure().axes[0].get_ylabel()
    'house edge (%)'
    """
    fig, ax = plt.subplots(figsize=(figure_width(), 3.2))
    for bet_id, bet in roulette.edge_bets(roulette.rules_named(rules)):
        n = len(bet.space) * bets.p_win(bet)
        edge = float(bets.house_edge(bet)) * 100
        odd_one = bet_id == "top_line"
        ax.plot([float(n)], [edge], "D" if odd_one else "o", color=LOSS if odd_one else "black", linestyle="none")
        if bet_id in ("straight", "top_line", "six_line", "dozen", "red"):
            ax.annotate(labels([bet_id], roulette.BET_NAMES)[0], (float(n), edge), textcoords="offset points", xytext=(6, 5))
    ax.set_xscale("log", base=2)
    ax.set_xticks([1, 2, 3, 4, 5, 6, 12, 18], labels=["1", "2", "3", "4", "5", "6", "12", "18"])
    ax.set_xlabel("numbers covered")
    ax.set_ylabel("house edge (%)")
    ax.set_ylim(0, 10)
    ax.grid(alpha=0.3)
    return _finished(fig)


@styled
def session_figure(bet_list: Sequence[bets.Bet], spins: int) -> Figure:
    """The exact distribution of the net result after ``spins`` one-unit bets, two panels to a row.

    Ahead is blue, behind is hatched vermillion, even is grey; one legend under the panels.

    >>> len(session_figure([roulette.red()], 10).axes)
    1
    """
    fig, axes = panels(len(bet_list), 2.9)
    for ax, bet in zip(axes, bet_list, strict=True):
        after = session.net_after(bet, spins)
        results = sorted(after)
        probs = [float(after[x]) for x in results]
        for side, sign, colour, hatch in (("ahead", 1, GAIN, ""), ("even", 0, NEUTRAL, ""), ("behind", -1, LOSS, "///")):
            shown = [(float(x), q) for x, q in zip(results, probs, strict=True) if (x > 0) - (x < 0) == sign]
            if shown:
                ax.bar([x for x, _ in shown], [q for _, q in shown], width=_bar_width(results), color=colour,
                       hatch=hatch, label=side)
        ax.axvline(float(spins * bets.expected_value(bet)), color="black", ls="--", lw=1, label="expected")
        seen = [float(x) for x, q in zip(results, probs, strict=True) if q >= max(probs) * 1e-3]
        ax.set_xlim(min(seen) - 5, max(seen) + 5)
        ax.set_title(f"{bet.name}: {spins} spins")
        ax.set_xlabel("net result (units)")
        ax.set_ylabel("probability")
    legend_below(fig, columns=4)
    return fig


def _bar_width(results: Sequence[Fraction]) -> float:
    gaps = [b - a for a, b in pairwise(results)]
    return float(min(gaps)) * 0.8 if gaps else 0.8


def ahead_curve(bet: bets.Bet, max_spins: int) -> list[Fraction]:
    """The exact probability of being ahead after 1, 2, ..., ``max_spins`` spins of a win-or-lose bet.

    From the session's whole-number counts, in one pass (:func:`casino_math.session.p_ahead_curve`).

    >>> ahead_curve(roulette.red(), 3)
    [Fraction(9, 19), Fraction(81, 361), Fraction(3159, 6859)]
    """
    if len(bet.net()) != 2:
        raise ValueError(f"bet {bet.name!r} has more than two results; ahead_curve needs a win-or-lose bet")
    return session.p_ahead_curve(bet, max_spins)


@styled
def ahead_figure(bet_list: Sequence[bets.Bet], max_spins: int = 1000) -> Figure:
    """The probability of being ahead after each number of spins, one line per bet.

    >>> ahead_figure([roulette.red()], 5).axes[0].get_xlabel()
    'spins'
    """
    fig, ax = plt.subplots(figsize=(figure_width(), 3.4), layout="constrained")
    spins = range(1, max_spins + 1)
    for bet in bet_list:
        ax.plot(spins, [float(q) for q in ahead_curve(bet, max_spins)], lw=1.2, label=bet.name)
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xscale("log")
    ax.set_xlabel("spins")
    ax.set_ylabel("P(ahead)")
    ax.set_ylim(0, 1)
    legend_below(fig)
    ax.grid(alpha=0.3)
    return fig
