"""Figures for the roulette chapters: the layout drawn from its geometry, and sessions of many spins."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import matplotlib.pyplot as plt
from matplotlib.patches import Circle, Rectangle

from .. import bets, roulette, session

FELT = "#2f6b3a"
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


def layout_figure(rules="oxford", highlight=(), title: str | None = None):
    """The betting layout drawn from the library's geometry; ``highlight`` pockets are marked with a chip.

    >>> fig = layout_figure(highlight=["17", "20"])
    >>> len(fig.axes[0].patches) > 38
    True
    """
    rules = roulette.rules_named(rules)
    geometry = roulette.table_layout(rules)
    chosen = {roulette.pocket(p, rules) for p in highlight}
    fig, ax = plt.subplots(figsize=(10, 2.9))
    fig.patch.set_facecolor(FELT)
    for name, box in geometry.boxes.items():
        x, y, w, h = _rectangle(box)
        ax.add_patch(Rectangle((x, y), w, h, facecolor=COLOURS[roulette.colour(name)], edgecolor="white", lw=1.5))
        ax.text(x + w / 2, y + h / 2, name, color="white", ha="center", va="center", fontsize=11, weight="bold")
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


def _finished(fig):
    """Lay the figure out and hand it back without leaving it open in pyplot (the notebook shows it once)."""
    fig.tight_layout()
    plt.close(fig)
    return fig


def _centre(box: roulette.Box) -> tuple[float, float]:
    x, y, w, h = _rectangle(box)
    return x + w / 2, y + h / 2


def edge_by_numbers_figure(rules="oxford"):
    """The house edge of one bet of each inside and outside kind against how many numbers it covers.

    >>> edge_by_numbers_figure().axes[0].get_ylabel()
    'house edge (%)'
    """
    fig, ax = plt.subplots(figsize=(7, 3.2))
    for bet_id, bet in roulette.edge_bets(roulette.rules_named(rules)):
        n = len(bet.space) * bets.p_win(bet)
        edge = float(bets.house_edge(bet)) * 100
        ax.plot([float(n)], [edge], "o", color="#b3202a" if bet_id == "top_line" else "#1b1b1b")
        if bet_id in ("straight", "top_line", "six_line", "dozen", "red"):
            ax.annotate(bet_id.replace("_", " "), (float(n), edge), textcoords="offset points", xytext=(6, 5))
    ax.set_xscale("log", base=2)
    ax.set_xticks([1, 2, 3, 4, 5, 6, 12, 18], labels=["1", "2", "3", "4", "5", "6", "12", "18"])
    ax.set_xlabel("numbers covered")
    ax.set_ylabel("house edge (%)")
    ax.set_ylim(0, 10)
    ax.grid(alpha=0.3)
    return _finished(fig)


def session_figure(bet_list, spins: int):
    """The exact distribution of the net result after ``spins`` one-unit bets, one panel per bet.

    >>> len(session_figure([roulette.red()], 10).axes)
    1
    """
    fig, axes = plt.subplots(1, len(bet_list), figsize=(5 * len(bet_list), 3.2), squeeze=False)
    for ax, bet in zip(axes[0], bet_list):
        after = session.net_after(bet, spins)
        results = sorted(after)
        probs = [float(after[x]) for x in results]
        colours = ["#1f8a4c" if x > 0 else "#888888" if x == 0 else "#b3202a" for x in results]
        ax.bar([float(x) for x in results], probs, width=_bar_width(results), color=colours)
        ax.axvline(float(spins * bets.expected_value(bet)), color="black", ls="--", lw=1, label="expected")
        seen = [float(x) for x, q in zip(results, probs) if q >= max(probs) * 1e-3]
        ax.set_xlim(min(seen) - 5, max(seen) + 5)
        ax.set_title(f"{bet.name}: {spins} spins")
        ax.set_xlabel("net result (units)")
        ax.set_ylabel("probability")
        ax.legend(frameon=False)
    return _finished(fig)


def _bar_width(results) -> float:
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


def ahead_figure(bet_list, max_spins: int = 1000):
    """The probability of being ahead after each number of spins, one line per bet.

    >>> ahead_figure([roulette.red()], 5).axes[0].get_xlabel()
    'spins'
    """
    fig, ax = plt.subplots(figsize=(8, 3.4))
    spins = range(1, max_spins + 1)
    for bet in bet_list:
        ax.plot(spins, [float(q) for q in ahead_curve(bet, max_spins)], lw=1.2, label=bet.name)
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xscale("log")
    ax.set_xlabel("spins")
    ax.set_ylabel("P(ahead)")
    ax.set_ylim(0, 1)
    ax.legend(frameon=False)
    ax.grid(alpha=0.3)
    return _finished(fig)
