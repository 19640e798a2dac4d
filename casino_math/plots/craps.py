"""Figures for the craps chapters: edges bet by bet, the race to the point, the Markov chain, odds and rules.

Every figure is drawn from exact results of :mod:`casino_math.craps`; floats
appear only here, for drawing.
"""

from __future__ import annotations

from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch

from .. import bets
from ..craps import RULES, edge_bets
from ..craps.line import p_decided_on_roll
from ..craps.odds import ODDS_POLICIES, combined_house_edge
from ..craps.rolls import race, ways

WIN_COLOUR, LOSE_COLOUR, NEUTRAL = "#2e7d32", "#c62828", "#607d8b"
POINTS = (4, 5, 6, 8, 9, 10)


def edge_chart(rules="oxford", odds=None, bet_ids=None, title: str | None = None):
    """The house edge (per amount put down) of every bet under a rules value, as horizontal bars, best first.

    >>> fig = edge_chart(bet_ids=["pass", "field", "any_7"])
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ['any_7', 'field', 'pass']
    """
    rules_value = RULES[rules] if isinstance(rules, str) else rules
    rows = [(b, bets.house_edge(bet)) for b, bet in edge_bets(rules_value, odds) if bet_ids is None or b in bet_ids]
    rows.sort(key=lambda row: row[1], reverse=True)
    fig, ax = plt.subplots(figsize=(8, 0.26 * len(rows) + 1.2))
    ax.barh([b for b, _ in rows], [float(e) * 100 for _, e in rows], color=NEUTRAL)
    for i, (_, edge) in enumerate(rows):
        ax.text(float(edge) * 100, i, f" {float(edge) * 100:.2f}%", va="center", fontsize=8)
    ax.set_xlabel("house edge (% of the amount put down)")
    ax.set_title(title or f"Craps bets under the {rules_value.name} rules")
    ax.margins(x=0.12)
    ax.tick_params(axis="y", labelsize=8)
    fig.tight_layout()
    return fig


def race_chart():
    """P(point before 7) for each point, against the even chance a line bet pays as if it had.

    >>> fig = race_chart()
    >>> len(fig.axes[0].patches)
    6
    """
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    chances = [race(p, 7) for p in POINTS]
    ax.bar([str(p) for p in POINTS], [float(c) for c in chances], color=WIN_COLOUR)
    for i, (p, c) in enumerate(zip(POINTS, chances)):
        ax.text(i, float(c) + 0.01, f"{ways(p)} : 6\n{c}", ha="center", va="bottom", fontsize=9)
    ax.axhline(0.5, color=LOSE_COLOUR, ls="--", lw=1)
    ax.set_ylim(0, 0.7)
    ax.set_xlabel("point")
    ax.set_ylabel("P(point before 7)")
    ax.set_title("The race to the point: ways to make it against 6 ways to roll a 7")
    fig.tight_layout()
    return fig


def rolls_to_decision_chart(most: int = 20, rules="oxford"):
    """The exact probability that a line bet is decided on roll 1, 2, ..., ``most``.

    >>> fig = rolls_to_decision_chart(10)
    >>> len(fig.axes[0].patches)
    10
    """
    rules_value = RULES[rules] if isinstance(rules, str) else rules
    rolls = range(1, most + 1)
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.bar(list(rolls), [float(p_decided_on_roll(n, rules_value)) for n in rolls], color=NEUTRAL)
    ax.set_xlabel("roll on which the pass line is decided")
    ax.set_ylabel("probability")
    ax.set_xticks(list(rolls))
    ax.set_title("How long a line bet lasts")
    fig.tight_layout()
    return fig


def odds_chart(policies=ODDS_POLICIES):
    """The combined house edge of Pass and Don't Pass with full odds under each odds policy.

    >>> fig = odds_chart(["1x", "2x"])
    >>> len(fig.axes[0].patches)
    4
    """
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    x = range(len(policies))
    for shift, side, colour in [(-0.2, "pass", WIN_COLOUR), (0.2, "dont_pass", LOSE_COLOUR)]:
        edges = [float(combined_house_edge(side, p)) * 100 for p in policies]
        ax.bar([i + shift for i in x], edges, width=0.4, color=colour, label=side.replace("_", " "))
    ax.set_xticks(list(x), list(policies))
    ax.set_xlabel("odds policy")
    ax.set_ylabel("house edge (% of total bet)")
    ax.set_title("Line bets with full odds: more odds, smaller edge per dollar bet")
    ax.legend()
    fig.tight_layout()
    return fig


def compare_chart(rules_names=("oxford", "vegas"), odds="3-4-5x"):
    """Side by side edges for the bets whose edge differs between rules values.

    >>> fig = compare_chart()
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()][:2]
    ['buy_4', 'buy_5']
    """
    tables = {name: dict(edge_bets(RULES[name], odds if RULES[name].odds_offered else None)) for name in rules_names}
    common = [b for b in tables[rules_names[0]] if all(b in t for t in tables.values())]
    differ = [b for b in common if len({bets.house_edge(t[b]) for t in tables.values()}) > 1]
    fig, ax = plt.subplots(figsize=(9, 3.4))
    width = 0.8 / len(rules_names)
    for k, name in enumerate(rules_names):
        ax.bar([i + k * width for i in range(len(differ))],
               [float(bets.house_edge(tables[name][b])) * 100 for b in differ], width=width, label=RULES[name].name)
    ax.set_xticks([i + width * (len(rules_names) - 1) / 2 for i in range(len(differ))], differ, rotation=45,
                  ha="right")
    ax.set_ylabel("house edge (% of amount put down)")
    ax.set_title("Where the rules make a difference")
    ax.set_ylim(0, ax.get_ylim()[1] * 1.3)   # room for the legend above the bars
    ax.legend(fontsize=8, loc="upper center", ncols=len(rules_names))
    fig.tight_layout()
    return fig


def chain_diagram():
    """The pass line as a Markov chain: the come-out, the six points, and the two results, with each move's chance.

    >>> fig = chain_diagram()
    >>> sum(1 for t in fig.axes[0].texts if t.get_text().startswith("point"))
    6
    """
    fig, ax = plt.subplots(figsize=(9, 5.2))
    spots = {"come-out": (0, 0), "win": (6.3, 3.3), "lose": (6.3, -3.3)}
    spots.update({f"point {p}": (3.2, 2.5 - i) for i, p in enumerate(POINTS)})

    def arrow(a, b, bend=0.0, gap=0.75):
        (x0, y0), (x1, y1) = spots[a], spots[b]
        ax.add_patch(FancyArrowPatch((x0 + gap, y0), (x1 - 0.45, y1), arrowstyle="-|>", mutation_scale=12,
                                     connectionstyle=f"arc3,rad={bend}", color="#90a4ae", lw=1, zorder=1))

    arrow("come-out", "win", bend=-0.3, gap=0.6)
    arrow("come-out", "lose", bend=0.3, gap=0.6)
    ax.text(1.2, 2.6, "7 or 11: 2/9", fontsize=9, ha="center", color=WIN_COLOUR)
    ax.text(1.2, -2.75, "2, 3 or 12: 1/9", fontsize=9, ha="center", color=LOSE_COLOUR)
    for i, p in enumerate(POINTS):
        arrow("come-out", f"point {p}")
        arrow(f"point {p}", "win", gap=1.25)
        arrow(f"point {p}", "lose", gap=1.25)
        ax.text(1.55, spots[f"point {p}"][1] * 0.55 + 0.08, str(Fraction(ways(p), 36)), fontsize=8, ha="center")
    for name, (x, y) in spots.items():
        colour = WIN_COLOUR if name == "win" else LOSE_COLOUR if name == "lose" else NEUTRAL
        label = name
        if name.startswith("point"):
            p = int(name.split()[1])
            label = f"{name}\nwin {Fraction(ways(p), 36)}, lose 1/6, stay {1 - Fraction(ways(p) + 6, 36)}"
        ax.text(x, y, label, ha="center", va="center", color="white", fontsize=8.5, weight="bold", zorder=3,
                bbox={"boxstyle": "round,pad=0.35", "fc": colour, "ec": "none"})
    ax.set_xlim(-0.8, 7)
    ax.set_ylim(-3.9, 3.9)
    ax.axis("off")
    ax.set_title("The pass line as an absorbing Markov chain: the chances of one roll from each state")
    fig.tight_layout()
    return fig
