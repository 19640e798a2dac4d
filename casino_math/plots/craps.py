"""Figures for the craps chapters: edges bet by bet, the race to the point, the Markov chain, odds, rules, a hand.

Every figure is drawn from exact results of :mod:`casino_math.craps`; floats
appear only here, for drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from .. import bets
from ..craps import BET_NAMES, RULES, CrapsRules, edge_bets
from ..craps.hand import hand_length_probabilities, mean_hand_length, p_hand_at_least
from ..craps.line import p_decided_on_roll
from ..craps.odds import ODDS_POLICIES, combined_house_edge
from ..craps.rolls import race, ways
from .style import GAIN, LOSS, NEUTRAL, figure_width, labels, legend_below, panels, phone, styled

#: A win and a loss: blue and vermillion (colour-blind safe), never green against red.
WIN_COLOUR, LOSE_COLOUR = GAIN, LOSS
POINTS = (4, 5, 6, 8, 9, 10)


def _rules(rules: str | CrapsRules) -> CrapsRules:
    return RULES[rules] if isinstance(rules, str) else rules


@styled
def edge_chart(rules: str | CrapsRules = "oxford", odds: str | None = None, bet_ids: Sequence[str] | None = None,
               title: str | None = None) -> Figure:
    """The house edge (per amount put down) of every bet under a rules value, as horizontal bars, best first.

    >>> fig = edge_chart(bet_ids=["pass", "field", "any_7"])
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ['Any seven', 'Field', 'Pass line']
    """
    rules_value = _rules(rules)
    rows = [(b, bets.house_edge(bet)) for b, bet in edge_bets(rules_value, odds) if bet_ids is None or b in bet_ids]
    rows.sort(key=lambda row: row[1], reverse=True)
    fig, ax = plt.subplots(figsize=(figure_width(), 0.24 * len(rows) + 1.2), layout="constrained")
    ax.barh(labels([b for b, _ in rows], BET_NAMES), [float(e) * 100 for _, e in rows], color=NEUTRAL)
    for i, (_, edge) in enumerate(rows):
        ax.text(float(edge) * 100, i, f" {float(edge) * 100:.2f}%", va="center", fontsize=9)
    ax.set_xlabel("house edge (% of the amount put down)")
    ax.set_title(title or f"Craps bets under the {rules_value.name} rules", wrap=True)
    ax.margins(x=0.14)
    ax.tick_params(axis="y", labelsize=9)
    return fig


@styled
def race_chart() -> Figure:
    """P(point before 7) for each point, against the even chance a line bet pays as if it had.

    >>> fig = race_chart()
    >>> len(fig.axes[0].patches)
    6
    """
    fig, ax = plt.subplots(figsize=(min(figure_width(), 6.5), 3.4), layout="constrained")
    chances = [race(p, 7) for p in POINTS]
    ax.bar([str(p) for p in POINTS], [float(c) for c in chances], color=WIN_COLOUR)
    for i, (p, c) in enumerate(zip(POINTS, chances, strict=True)):
        ax.text(i, float(c) + 0.01, f"{ways(p)} : 6\n{c}", ha="center", va="bottom", fontsize=9)
    ax.axhline(0.5, color=LOSE_COLOUR, ls="--", lw=1.2)
    ax.set_ylim(0, 0.7)
    ax.set_xlabel("point")
    ax.set_ylabel("P(point before 7)")
    ax.set_title("The race to the point: ways to make it against 6 ways to roll a 7")
    return fig


@styled
def rolls_to_decision_chart(most: int = 20, rules: str | CrapsRules = "oxford") -> Figure:
    """The exact probability that a line bet is decided on roll 1, 2, ..., ``most``.

    >>> fig = rolls_to_decision_chart(10)
    >>> len(fig.axes[0].patches)
    10
    """
    rules_value = _rules(rules)
    rolls = range(1, most + 1)
    fig, ax = plt.subplots(figsize=(figure_width(), 3), layout="constrained")
    ax.bar(list(rolls), [float(p_decided_on_roll(n, rules_value)) for n in rolls], color=NEUTRAL)
    ax.set_xlabel("roll on which the pass line is decided")
    ax.set_ylabel("probability")
    ax.set_xticks(list(rolls))
    ax.set_title("How long a line bet lasts")
    return fig


@styled
def odds_chart(policies: Sequence[str] = ODDS_POLICIES) -> Figure:
    """The combined house edge of Pass and Don't Pass with full odds under each odds policy.

    >>> fig = odds_chart(["1x", "2x"])
    >>> len(fig.axes[0].patches)
    4
    """
    fig, ax = plt.subplots(figsize=(figure_width(), 3.4), layout="constrained")
    x = range(len(policies))
    for shift, side, colour, hatch in [(-0.2, "pass", WIN_COLOUR, ""), (0.2, "dont_pass", LOSE_COLOUR, "///")]:
        edges = [float(combined_house_edge(side, p)) * 100 for p in policies]
        ax.bar([i + shift for i in x], edges, width=0.4, color=colour, hatch=hatch, label=labels([side], BET_NAMES)[0])
    ax.set_xticks(list(x), list(policies))
    ax.set_xlabel("odds policy")
    ax.set_ylabel("house edge (% of total bet)")
    ax.set_title("Line bets with full odds: more odds, smaller edge per dollar bet")
    legend_below(fig)
    return fig


@styled
def compare_chart(rules_names: Sequence[str] = ("oxford", "vegas"), odds: str = "3-4-5x") -> Figure:
    """Side by side edges for the bets whose edge differs between rules values.

    >>> fig = compare_chart()
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()][:2]
    ['Buy 4', 'Buy 5']
    """
    tables = {name: dict(edge_bets(RULES[name], odds if RULES[name].odds_offered else None)) for name in rules_names}
    common = [b for b in tables[rules_names[0]] if all(b in t for t in tables.values())]
    differ = [b for b in common if len({bets.house_edge(t[b]) for t in tables.values()}) > 1]
    fig, ax = plt.subplots(figsize=(figure_width(), 3.8), layout="constrained")
    width = 0.8 / len(rules_names)
    for k, name in enumerate(rules_names):
        ax.bar([i + k * width for i in range(len(differ))],
               [float(bets.house_edge(tables[name][b])) * 100 for b in differ], width=width, label=RULES[name].name,
               color=(GAIN, LOSS, NEUTRAL)[k % 3], hatch=("", "///", "..")[k % 3])
    ax.set_xticks([i + width * (len(rules_names) - 1) / 2 for i in range(len(differ))], labels(differ, BET_NAMES), rotation=45,
                  ha="right")
    ax.set_ylabel("house edge (% of amount put down)")
    ax.set_title("Where the rules make a difference")
    legend_below(fig, columns=1)
    return fig


@styled
def chain_diagram() -> Figure:
    """The pass line as a Markov chain: the come-out, the six points, and the two results, with each move's chance.

    >>> fig = chain_diagram()
    >>> sum(1 for t in fig.axes[0].texts if t.get_text().startswith("point"))
    6
    """
    # On a phone each point's chances go one to a line, so that its box is narrow enough to leave its arrows seen.
    fig, ax = plt.subplots(figsize=(figure_width(), 7.0 if phone() else 5.2), layout="constrained")
    between = "\n" if phone() else ", "
    spots = {"come-out": (0.0, 0.0), "win": (6.3, 3.3), "lose": (6.3, -3.3)}
    spots.update({f"point {p}": (3.2, 2.5 - i) for i, p in enumerate(POINTS)})
    boxes = {}
    for name, (x, y) in spots.items():
        colour = WIN_COLOUR if name == "win" else LOSE_COLOUR if name == "lose" else NEUTRAL
        label = name
        if name.startswith("point"):
            p = int(name.split()[1])
            label = between.join([f"{name}\nwin {Fraction(ways(p), 36)}", "lose 1/6", f"stay {1 - Fraction(ways(p) + 6, 36)}"])
        boxes[name] = ax.text(x, y, label, ha="center", va="center", color="white", fontsize=9, weight="bold",
                              zorder=3, bbox={"boxstyle": "round,pad=0.35", "fc": colour, "ec": "none"})

    ax.set_xlim(-0.8, 7)
    ax.set_ylim(-3.9, 3.9)
    ax.axis("off")
    ax.set_title("The pass line as an absorbing Markov chain:\nthe chances of one roll from each state")
    fig.canvas.draw()  # lay the boxes out, so each arrow can start and end at a box's edge
    to_data = ax.transData.inverted()
    edges = {}
    for name, box in boxes.items():
        patch = box.get_bbox_patch()
        assert patch is not None  # every state's label is drawn in a box
        (left, _), (right, _) = to_data.transform(patch.get_window_extent())
        edges[name] = (left, right)

    def arrow(a: str, b: str, bend: float = 0.0) -> None:
        start, end = (edges[a][1], spots[a][1]), (edges[b][0], spots[b][1])
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=12, shrinkA=1, shrinkB=1,
                                     connectionstyle=f"arc3,rad={bend}", color="#6b7b85", lw=1, zorder=1))

    arrow("come-out", "win", bend=-0.3)
    arrow("come-out", "lose", bend=0.3)
    ax.text(1.2, 2.6, "7 or 11: 2/9", fontsize=9.5, ha="center", color=WIN_COLOUR)
    ax.text(1.2, -2.75, "2, 3 or 12: 1/9", fontsize=9.5, ha="center", color=LOSE_COLOUR)
    for p in POINTS:
        arrow("come-out", f"point {p}")
        arrow(f"point {p}", "win")
        arrow(f"point {p}", "lose")
        ax.text(1.55, spots[f"point {p}"][1] * 0.55 + 0.08, str(Fraction(ways(p), 36)), fontsize=9, ha="center")
    return fig


@styled
def hand_length_chart(most: int = 40, tail: int = 160, marks: Sequence[int] = (118, 154)) -> Figure:
    """The shooter's hand: P(L = n) for n up to ``most``, and P(L >= n) up to ``tail`` on a log scale, records marked.

    >>> fig = hand_length_chart(10, 20, marks=(15,))
    >>> len(fig.axes), len(fig.axes[0].patches)
    (2, 10)
    """
    fig, (bars, tails) = panels(2, 3.3)
    rolls = range(1, most + 1)
    bars.bar(list(rolls), [float(p) for p in hand_length_probabilities(most)], color=NEUTRAL)
    mean = float(mean_hand_length())
    bars.axvline(mean, color=LOSE_COLOUR, ls="--", lw=1.2, label=f"mean, {mean:.2f} rolls")
    bars.set_xlabel("rolls in the hand, n")
    bars.set_ylabel("P(L = n)")
    bars.set_title("How many rolls a hand lasts")
    reach = range(1, tail + 1)
    tails.semilogy(list(reach), [float(p_hand_at_least(n)) for n in reach], color=WIN_COLOUR,
                   label="P(L ≥ n)")
    for n in marks:
        p = float(p_hand_at_least(n))
        tails.plot([n], [p], "o", color=LOSE_COLOUR)
        tails.annotate(f"{n} rolls or more:\n1 in {in_words(1 / p)}", (n, p), textcoords="offset points",
                       xytext=(-10, -30), ha="right", fontsize=9)
    tails.set_ylim(bottom=float(p_hand_at_least(max(marks, default=tail))) / 1000)   # room under the last mark
    tails.set_xlabel("rolls, n")
    tails.set_ylabel("P(L ≥ n), log scale")
    tails.set_title("A hand of n rolls or more")
    legend_below(fig, columns=2)
    return fig


def in_words(x: float) -> str:
    """A large number as a reader says it, to three figures: 27,160,000 -> '27.2 million'.

    >>> in_words(27_160_000), in_words(5_590_264_072), in_words(950)
    ('27.2 million', '5.59 billion', '950')
    """
    for size, name in ((1e12, "trillion"), (1e9, "billion"), (1e6, "million")):
        if x >= size:
            return f"{x / size:.3g} {name}"
    return f"{x:.3g}"
