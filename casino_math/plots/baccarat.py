"""Figures for the mini-baccarat chapters: the drawing chart, edges by number of decks, effects of removal."""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.colors import ListedColormap

from .. import bets
from ..baccarat import OXFORD, BaccaratRules, posted_bets
from ..baccarat.cards import POINT_VALUES
from ..baccarat.rules import NATURALS, STANDARD_DRAWING, STOOD, DrawingRules

#: Colours of the chart's cells: stand, draw, natural.
CHART_COLOURS = {"S": "#d9d9d9", "D": "#7fbf7f", "N": "#f2c14e"}
_CODES = {"S": 0, "D": 1, "N": 2}


def _cells(ax, marks, row_labels, column_labels, title):
    cmap = ListedColormap([CHART_COLOURS[m] for m in ("S", "D", "N")])
    ax.imshow([[_CODES[m] for m in row] for row in marks], cmap=cmap, vmin=0, vmax=2, aspect="auto")
    for i, row in enumerate(marks):
        for j, mark in enumerate(row):
            ax.text(j, i, {"D": "draw", "S": "stand", "N": "natural"}[mark], ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(column_labels)), column_labels)
    ax.set_yticks(range(len(row_labels)), row_labels)
    ax.set_xticks([x - 0.5 for x in range(1, len(column_labels))], minor=True)
    ax.set_yticks([y - 0.5 for y in range(1, len(row_labels))], minor=True)
    ax.grid(which="minor", color="white", linewidth=2)
    ax.tick_params(which="minor", length=0)
    ax.xaxis.set_ticks_position("top")
    ax.set_title(title, fontsize=11)


def drawing_chart(drawing: DrawingRules = STANDARD_DRAWING):
    """The player's rule and the banker's chart as coloured tables, drawn from the rules data.

    >>> [ax.get_title() for ax in drawing_chart().axes][0]
    "The player's two-card total"
    """
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 5.6), height_ratios=[1, 6.5], layout="constrained")
    player = [["N" if t in NATURALS else "D" if drawing.player_draws_on(t) else "S" for t in POINT_VALUES]]
    _cells(top, player, ["player"], [str(t) for t in POINT_VALUES], "The player's two-card total")
    columns = [*POINT_VALUES, STOOD]
    banker = [["D" if drawing.banker_draws_on(t, x) else "S" for x in columns] for t in range(8)]
    banker += [["N"] * len(columns) for _ in NATURALS]
    _cells(bottom, banker, [str(t) for t in range(10)], [*map(str, POINT_VALUES), "stood"],
           "The banker's two-card total (rows) by the player's third card (columns)")
    bottom.set_ylabel("banker's two-card total")
    return fig


def edges_by_decks(rules: BaccaratRules = OXFORD, decks=range(1, 9)):
    """Each bet's house edge against the number of decks: the main bets left, the tie and Dragon Bonus right.

    >>> [len(ax.get_lines()) for ax in edges_by_decks(decks=[1, 8]).axes]
    [2, 3]
    """
    decks = list(decks)
    edges: dict[str, list[float]] = {bet_id: [] for bet_id in rules.bets}
    for d in decks:
        for bet_id, bet in posted_bets(rules.changed(decks=d)):
            edges[bet_id].append(float(bets.house_edge(bet)) * 100)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), layout="constrained")
    for bet_id in ("banker", "player"):
        left.plot(decks, edges[bet_id], marker="o", label=bet_id)
    for bet_id in ("tie", "dragon_bonus_player", "dragon_bonus_banker"):
        right.plot(decks, edges[bet_id], marker="o", label=bet_id.replace("_", " "))
    for ax, title in ((left, "Banker and player"), (right, "Tie and Dragon Bonus")):
        ax.set_xlabel("number of decks")
        ax.set_ylabel("house edge (%)")
        ax.set_xticks(decks)
        ax.set_title(title)
        ax.legend(loc="center right")
        ax.grid(alpha=0.3)
    return fig


def effects_of_removal(effects: dict, bet_ids=("banker", "player", "tie")):
    """Bars of each bet's effect of removal (change in EV, in % of the stake) for each point value removed.

    >>> from casino_math.baccarat.eor import effect_of_removal
    >>> len(effects_of_removal(effect_of_removal(OXFORD.changed(decks=1))).axes)
    3
    """
    bet_ids = list(bet_ids)
    fig, axes = plt.subplots(1, len(bet_ids), figsize=(3.6 * len(bet_ids), 3.4), layout="constrained", sharex=True)
    for ax, bet_id in zip(axes, bet_ids):
        values = sorted(effects)
        heights = [float(effects[v][bet_id]) * 100 for v in values]
        ax.bar(values, heights, color=["#4c72b0" if h >= 0 else "#c44e52" for h in heights])
        ax.axhline(0, color="black", linewidth=0.8)
        ax.set_xticks(values)
        ax.set_title(bet_id.replace("_", " "))
        ax.set_xlabel("point value removed")
    axes[0].set_ylabel("change in EV (% of the stake)")
    return fig

