"""Figures for the mini-baccarat chapters: the drawing chart, edges by number of decks, effects of removal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from .. import bets
from ..baccarat import OXFORD, BaccaratRules, posted_bets
from ..baccarat.cards import POINT_VALUES
from ..baccarat.layout import BET_NAMES
from ..baccarat.rules import NATURALS, STANDARD_DRAWING, STOOD, DrawingRules
from .style import GAIN, LOSS, MARKERS, figure_width, fitting_columns, labels, panels, phone, styled

#: Colours of the chart's cells: stand, draw, natural (each cell also says its word, so colour is never alone).
CHART_COLOURS = {"S": "#e8e8e8", "D": "#56B4E9", "N": "#E69F00"}
#: What a cell says: its word, or on a phone's narrow cells its initial (the key is in the title).
WORDS = {"D": "draw", "S": "stand", "N": "natural"}
KEY = "D: draw, S: stand, N: natural"
_CODES = {"S": 0, "D": 1, "N": 2}


def _cells(ax: Axes, marks: Sequence[Sequence[str]], row_labels: Sequence[str], column_labels: Sequence[str],
           title: str) -> None:
    cmap = ListedColormap([CHART_COLOURS[m] for m in ("S", "D", "N")])
    ax.imshow([[_CODES[m] for m in row] for row in marks], cmap=cmap, vmin=0, vmax=2, aspect="auto")
    for i, row in enumerate(marks):
        for j, mark in enumerate(row):
            ax.text(j, i, mark if phone() else WORDS[mark], ha="center", va="center", fontsize=9)
    ax.set_xticks(range(len(column_labels)), column_labels)
    ax.set_yticks(range(len(row_labels)), row_labels)
    ax.set_xticks([x - 0.5 for x in range(1, len(column_labels))], minor=True)
    ax.set_yticks([y - 0.5 for y in range(1, len(row_labels))], minor=True)
    ax.grid(which="minor", color="white", linewidth=2)
    ax.tick_params(which="minor", length=0)
    ax.xaxis.set_ticks_position("top")
    ax.set_title(title)


@styled
def drawing_chart(drawing: DrawingRules = STANDARD_DRAWING) -> Figure:
    """The player's rule and the banker's chart as coloured tables, drawn from the rules data.

    >>> [ax.get_title() for ax in drawing_chart().axes][0]
    "The player's two-card total"
    """
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(figure_width(), 5.6 if not phone() else 5.0), height_ratios=[1, 6.5],
                                      layout="constrained")
    player = [["N" if t in NATURALS else "D" if drawing.player_draws_on(t) else "S" for t in POINT_VALUES]]
    _cells(top, player, ["player"], [str(t) for t in POINT_VALUES],
           "The player's two-card total" + (f"\n({KEY})" if phone() else ""))
    columns = [*POINT_VALUES, STOOD]
    banker = [["D" if drawing.banker_draws_on(t, x) else "S" for x in columns] for t in range(8)]
    banker += [["N"] * len(columns) for _ in NATURALS]
    _cells(bottom, banker, [str(t) for t in range(10)], [*map(str, POINT_VALUES), "stood"],
           "The banker's two-card total (rows)\nby the player's third card" if phone() else
           "The banker's two-card total (rows) by the player's third card")
    bottom.set_ylabel("banker's two-card total")
    return fig


@styled
def edges_by_decks(rules: BaccaratRules = OXFORD, decks: Iterable[int] = range(1, 9)) -> Figure:
    """Each bet's house edge against the number of decks: the main bets left, the tie and Dragon Bonus right.

    Each panel's legend sits under it, off the curves.

    >>> [len(ax.get_lines()) for ax in edges_by_decks(decks=[1, 8]).axes]
    [2, 3]
    """
    decks = list(decks)
    edges: dict[str, list[float]] = {bet_id: [] for bet_id in rules.bets}
    for d in decks:
        for bet_id, bet in posted_bets(rules.changed(decks=d)):
            edges[bet_id].append(float(bets.house_edge(bet)) * 100)
    fig, (left, right) = panels(2, 3.4)
    for ax, title, bet_ids in ((left, "Banker and player", ("banker", "player")),
                               (right, "Tie and Dragon Bonus", ("tie", "dragon_bonus_player", "dragon_bonus_banker"))):
        for bet_id, label, marker in zip(bet_ids, labels(bet_ids, BET_NAMES), MARKERS, strict=False):
            ax.plot(decks, edges[bet_id], marker=marker, label=label)
        ax.set_xlabel("number of decks")
        ax.set_ylabel("house edge (%)")
        ax.set_xticks(decks)
        ax.set_title(title)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22),
                  ncols=fitting_columns(labels(bet_ids, BET_NAMES), 2))
        ax.grid(alpha=0.3)
    return fig


@styled
def effects_of_removal(effects: Mapping[int, Mapping[str, Fraction]],
                       bet_ids: Sequence[str] = ("banker", "player", "tie")) -> Figure:
    """Bars of each bet's effect of removal (change in EV, in % of the stake) for each point value removed.

    Two panels to a row; a bar that helps the player is solid blue, one that hurts is hatched vermillion.

    >>> from casino_math.baccarat.eor import effect_of_removal
    >>> len(effects_of_removal(effect_of_removal(OXFORD.changed(decks=1))).axes)
    3
    """
    bet_ids = list(bet_ids)
    fig, axes = panels(len(bet_ids), 2.6)
    for ax, bet_id, title in zip(axes, bet_ids, labels(bet_ids, BET_NAMES), strict=True):
        values = sorted(effects)
        heights = [float(effects[v][bet_id]) * 100 for v in values]
        bars = ax.bar(values, heights, color=[GAIN if h >= 0 else LOSS for h in heights])
        for bar, h in zip(bars, heights, strict=True):
            bar.set_hatch("" if h >= 0 else "///")
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(values)
        ax.set_title(title)
        ax.set_xlabel("point value removed")
        ax.set_ylabel("change in EV (%)")
    return fig

