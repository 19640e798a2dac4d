"""The session explorer: choose a game, a bet, a stake, a bankroll and a number of bets; see how sessions end.

It shows the exact distribution of the final bankroll (a session stops early if the bankroll can no longer
cover a bet) as a chart, with the chances that matter as exact fractions: ending ahead, even or behind, going
broke; and the figures in dollars, the expected loss first.  :func:`explorer_widget` is its definition, drawn
in Jupyter and on the site alike; :func:`explorer_table` is its static twin.
"""

from __future__ import annotations

import html
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import floor
from typing import Any

from .. import bets, display, ruin, rules
from ..bets import Bet
from ..games import game as load_game
from ..games import names as available_games
from ..tables import Cell, Column, Holds, Table
from .live import Control, Shown, Widget, chart_html, defines

#: The explorer's starting settings: $200 at a $10 table, betting red for 100 spins.
DEFAULT_GAME, DEFAULT_BET, DEFAULT_STAKE, DEFAULT_BANKROLL, DEFAULT_ROUNDS = "roulette", "red", 10, 200, 100
#: The choices the explorer offers.
STAKES = (5, 10, 25, 100)
BANKROLLS = tuple(range(50, 1001, 50))
ROUNDS = tuple(range(10, 301, 10))
#: How a session ends, in the chart's order, and its colour (Okabe and Ito's palette, safe for colour-blind readers).
ENDINGS = {"behind": "#D55E00", "even": "#999999", "ahead": "#0072B2"}
#: A fraction in a tooltip longer than this many characters is described by its length instead.
LONGEST_FRACTION = 24
#: The chart's axis leaves out at most this share of sessions at each end (a long tail too thin to see).
TAIL = Fraction(1, 2000)
#: The chart's width in pixels, axes and legend included.  A fixed width, because JupyterLab cannot draw Vega's
#: "container" width (the chart resizes itself without end until the tab runs out of memory); on the site the
#: widgets' runtime fits every chart to its frame instead.
CHART_WIDTH = 600


def game_bets(game: str) -> dict[str, Bet]:
    """The bets of a game under its default rules, by bet ID.

    >>> list(game_bets("roulette"))[:3]
    ['straight', 'split', 'street']
    """
    module = load_game(game)
    return dict(module.edge_bets(module.RULES[module.DEFAULT_RULES]))


def game_name(game: str) -> str:
    """A game's name as a reader sees it (see :func:`casino_math.rules.game_name`).

    >>> game_name("baccarat")
    'Mini-baccarat'
    """
    return rules.game_name(game, load_game(game))


def menu_name(game: str, bet_id: str) -> str:
    """A bet as the explorer's menu and titles name it: the game's name for it, with the numbers it covers where the
    bet is on numbers of the reader's choosing (the explorer's representative one).

    >>> menu_name("roulette", "straight"), menu_name("roulette", "split")
    ('Straight up on 1', 'Split 1-2')
    >>> menu_name("craps", "dont_pass"), menu_name("roulette", "dozen")
    ("Don't pass", 'Dozen')
    """
    bet = game_bets(game)[bet_id]
    numbered = bet.name.partition(" ")[2][:1].isdigit()
    return display.bet_name(bet.name) if numbered else display.bet_name(bet_id, load_game(game).BET_NAMES)


def bet_title(game: str, bet_id: str) -> str:
    """A bet as the explorer names it: the bet's name (never its ID), then the game.

    >>> bet_title("craps", "hard_4"), bet_title("baccarat", "banker")
    ('Hard 4 at craps', 'Banker at mini-baccarat')
    """
    return f"{menu_name(game, bet_id)} at {game_name(game).lower()}"


def most_bets(bet: Bet) -> int:
    """The most bets of ``bet`` whose session the explorer follows exactly (see :func:`ruin.walk_work`).

    >>> most_bets(game_bets("baccarat")["dragon_bonus_banker"]) < 200 <= most_bets(game_bets("roulette")["red"])
    True
    """
    def fits(rounds: int) -> bool:
        return ruin.walk_work(bet, rounds)[0] <= ruin.MAX_WALK_WORK

    low, high = 1, 2
    while fits(high):
        low, high = high, high * 2
    while high - low > 1:
        low, high = ((low + high) // 2, high) if fits((low + high) // 2) else (low, (low + high) // 2)
    return low


def too_many_bets(game: str, bet_id: str, rounds: int) -> str | None:
    """Why the explorer cannot follow ``rounds`` bets of this bet, and what it can do instead; None if it can.

    >>> print(too_many_bets("baccarat", "dragon_bonus_banker", 300))   # doctest: +ELLIPSIS
    300 bets of Dragon Bonus (banker) at mini-baccarat are more than this explorer follows exactly: ...; choose 1... bets or fewer.
    >>> too_many_bets("roulette", "red", 300) is None
    True
    """
    bet = game_bets(game)[bet_id]
    work, places, bits = ruin.walk_work(bet, rounds)
    if work <= ruin.MAX_WALK_WORK:
        return None
    most = most_bets(bet)
    offered = max(r for r in ROUNDS if r <= most)
    return (f"{rounds} bets of {bet_title(game, bet_id)} are more than this explorer follows exactly: the bankroll "
            f"could end in about {places} places, each with a chance about {round(bits * 0.30103)} digits long, "
            f"too much arithmetic to finish in seconds. It follows at most {most} bets of this bet; choose "
            f"{offered} bets or fewer.")


@lru_cache(maxsize=32)
def _walk(game: str, bet_id: str, bankroll: int, rounds: int) -> ruin.Walk:
    """The exact walk behind the explorer, remembered: the figure and the table both need it."""
    return ruin.walk(game_bets(game)[bet_id], bankroll, rounds)


def units(stake: int, bankroll: int) -> int:
    """The bankroll in stakes: whole bets it can cover (a remainder smaller than a stake is left aside).

    >>> units(10, 200), units(25, 210)
    (20, 8)
    >>> units(25, 20)
    Traceback (most recent call last):
    ...
    ValueError: a bankroll of $20 does not cover one bet of $25; choose a larger bankroll or a smaller stake
    """
    if bankroll < stake:
        raise ValueError(f"a bankroll of ${bankroll} does not cover one bet of ${stake}; "
                         "choose a larger bankroll or a smaller stake")
    return bankroll // stake


def explorer_figures(game: str, bet_id: str, stake: int, bankroll: int, rounds: int) -> list[tuple[str, str]]:
    """What the explorer reports, as (label, value) rows: exact figures, in dollars where they are money.

    >>> for label, value in explorer_figures("roulette", "red", 10, 30, 2):
    ...     print(f"{label}: {value}")
    bet: Red at roulette, pays 1 to 1, house edge 5.26%
    bankroll: $30 = 3 bets of $10
    expected bets made: 2 of 2
    expected loss: $1.05 = edge 1/19 x 2 bets x $10
    P(broke within 2 bets): 0.00%
    P(ahead at the end): 22.44%
    P(even at the end): 49.86%
    P(behind at the end): 27.70%
    """
    bet = game_bets(game)[bet_id]
    w = _walk(game, bet_id, units(stake, bankroll), rounds)
    made, loss = w.expected_bets(), ruin.expected_loss(bet, w)
    ahead, even, behind = w.ahead_even_behind()
    start = w.bankroll
    edge_made = bets.house_edge_per_bet_made(bet)
    edge = display.fraction_text(edge_made)
    edge = edge if len(edge) <= display.LONG_FRACTION else display.percent(edge_made, 4)
    bets_made = display.fraction_text(made) if made.denominator == 1 else display.decimal(made, 2)
    rows = [
        ("bet", f"{bet_title(game, bet_id)}, pays {bets.pays_text(bet)}, house edge {display.percent(bets.house_edge(bet))}"),
        ("bankroll", f"${bankroll} = {start} bets of ${stake}"),
        ("expected bets made", f"{bets_made} of {rounds}"),
        ("expected loss", f"${display.decimal(loss * stake, 2)} = edge {edge} x {bets_made} bets x ${stake}"),
        (f"P(broke within {rounds} bets)", display.percent(w.p_ruin())),
        ("P(ahead at the end)", display.percent(ahead)),
        ("P(even at the end)", display.percent(even)),
        ("P(behind at the end)", display.percent(behind)),
    ]
    return rows


#: The static twin's columns: a figure's label, and its value in words (the bet's payout on one line, "pays 1 to 1").
FIGURES_COLUMNS = (Column("what"), Column("value", Holds.NAME))


def explorer_table(game: str = DEFAULT_GAME, bet_id: str = DEFAULT_BET, stake: int = DEFAULT_STAKE,
                   bankroll: int = DEFAULT_BANKROLL, rounds: int = DEFAULT_ROUNDS) -> display.Table:
    """The static twin of :func:`session_explorer`: its figures at one setting, in dollars, as a table.

    >>> explorer_table(rounds=1)
    Red at roulette: $200 at $10 a bet, at most 1 bets
    what                    value
    ----------------------  ----------------------------------------------
    bet                     Red at roulette, pays 1 to 1, house edge 5.26%
    bankroll                $200 = 20 bets of $10
    expected bets made      1 of 1
    expected loss           $0.53 = edge 1/19 x 1 bets x $10
    P(broke within 1 bets)  0.00%
    P(ahead at the end)     47.37%
    P(even at the end)      0.00%
    P(behind at the end)    52.63%
    """
    rows = [[label, value] for label, value in explorer_figures(game, bet_id, stake, bankroll, rounds)]
    caption = f"{bet_title(game, bet_id)}: ${bankroll} at ${stake} a bet, at most {rounds} bets"
    return display.Table(FIGURES_COLUMNS, rows, caption)


def endings(w: ruin.Walk) -> list[tuple[str, Fraction]]:
    """How a session ends, exactly: (what, probability) for ahead, even, behind, and broke along the way.

    >>> from casino_math.dice import one_face_bet
    >>> for what, p in endings(ruin.walk(one_face_bet(1), 1, 2)):   # 1 unit on the 6 at even money, twice
    ...     print(what, p)
    ahead at the end 1/36
    even at the end 5/36
    behind at the end 5/6
    broke within 2 bets 5/6
    """
    ahead, even, behind = w.ahead_even_behind()
    return [("ahead at the end", ahead), ("even at the end", even), ("behind at the end", behind),
            (f"broke within {w.rounds} bets", w.p_ruin())]


def endings_html(w: ruin.Walk) -> str:
    """The exact chances of each ending as an HTML table: a short fraction with its percent, a long one's percent
    with the fraction one click away.

    >>> from casino_math.dice import one_face_bet
    >>> '<td>P(even at the end)</td><td data-value="0.1388888889">5/36 <span class="percent">(13.89%)</span></td>' in (
    ...     endings_html(ruin.walk(one_face_bet(1), 1, 2)))
    True
    """
    rows: list[list[Cell]] = [[f"P({what})", p] for what, p in endings(w)]
    columns = [Column("chance"), Column("exactly", Holds.SHARE, digits=2)]
    return Table(columns, rows, "How the sessions end, exactly")._repr_html_()


def final_bankrolls(w: ruin.Walk, stake: int, within: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    """The chart's data: each final bankroll in dollars (a fraction of a bet rounded down) by how the session ends,
    with its exact probability (a float beside it only to draw the bar); only those from ``within[0]`` to
    ``within[1]`` dollars, if given (the chart's axis: the thousands of bankrolls in the thin tails are not drawn,
    and each would cost a fraction of a thousand digits).

    >>> from casino_math.dice import one_face_bet
    >>> [(row["dollars"], row["ending"], row["exact"]) for row in final_bankrolls(ruin.walk(one_face_bet(1), 1, 2), 5)]
    [(0, 'behind', '5/6'), (5, 'even', '5/36'), (15, 'ahead', '1/36')]
    >>> [row["dollars"] for row in final_bankrolls(ruin.walk(one_face_bet(1), 1, 2), 5, within=(5, 20))]
    [5, 15]
    """
    lo, hi = within if within else (None, None)
    grouped: dict[tuple[int, str], int] = defaultdict(int)
    for final, count in w.counts.items():
        dollars = floor(final) * stake
        if lo is not None and hi is not None and not lo <= dollars <= hi:
            continue
        ending = "ahead" if final > w.bankroll else "even" if final == w.bankroll else "behind"
        grouped[dollars, ending] += count
    rows = []
    for (dollars, ending), count in sorted(grouped.items()):
        p = Fraction(count, w.denominator)
        text = display.fraction_text(p)
        rows.append({"dollars": dollars, "ending": ending, "probability": float(p),
                     "exact": text if len(text) <= LONGEST_FRACTION else f"a fraction of {len(str(p.denominator))} digits",
                     "percent": display.percent(p, 3)})
    return rows


def axis_range(w: ruin.Walk, stake: int) -> tuple[int, int]:
    """The final bankrolls in dollars the chart's axis spans: all but at most :data:`TAIL` of sessions at each end.

    >>> from casino_math.dice import one_face_bet
    >>> axis_range(ruin.walk(one_face_bet(1), 1, 2), 5)      # 1/36 of sessions end at $15: more than the tail
    (0, 15)
    """
    finals = sorted(w.counts)
    below = above = 0
    lo, hi = finals[0], finals[-1]
    tail = TAIL.numerator * w.denominator  # a count over w.denominator is above TAIL when count * TAIL.denominator > tail
    for final in finals:
        below += w.counts[final]
        if below * TAIL.denominator > tail:
            lo = final
            break
    for final in reversed(finals):
        above += w.counts[final]
        if above * TAIL.denominator > tail:
            hi = final
            break
    return floor(lo) * stake, floor(hi) * stake


def ending_chart(w: ruin.Walk, stake: int, title: list[str]) -> dict[str, Any]:
    """The Vega-Lite specification of the chart: the exact probability of each final bankroll, coloured by ending.

    The axis leaves out the thinnest tails (at most 0.05% of sessions at each end); the tables hold every figure.
    The probabilities are drawn on a square-root scale, so that a likely ending does not flatten the rest.
    """
    # One colour encoding for both layers: a legend set in one layer and hidden in the other is a conflict that
    # Vega-Lite warns of at every drawing.
    color = {"field": "ending", "type": "nominal", "title": "ends", "legend": {"orient": "top"},
             "scale": {"domain": list(ENDINGS), "range": list(ENDINGS.values())}}
    # On a square-root scale a likely ending (going broke, from a small bankroll) leaves the others visible.
    y = {"field": "probability", "type": "quantitative", "scale": {"type": "sqrt"},
         "title": "probability (√ scale)"}
    lo, hi = axis_range(w, stake)
    x = {"field": "dollars", "type": "quantitative", "title": "bankroll at the end ($)",
         "scale": {"domain": [lo, hi], "nice": False}, "axis": {"labelOverlap": "greedy", "tickCount": 6}}
    return {
        "description": ", ".join(title),
        "title": {"text": title, "fontSize": 12},
        "transform": [{"filter": {"field": "dollars", "range": [lo, hi]}}],
        "data": {"values": final_bankrolls(w, stake, within=(lo, hi))},
        "width": CHART_WIDTH, "height": 180,
        "autosize": {"type": "fit-x", "contains": "padding"},
        "layer": [
            {"mark": {"type": "rule", "strokeWidth": 2},
             "encoding": {
                 "x": x,
                 "y": y,
                 "y2": {"datum": 0},
                 "color": color,
                 "tooltip": [{"field": "dollars", "title": "bankroll ($)"}, {"field": "exact", "title": "P, exact"},
                             {"field": "percent", "title": "P"}],
             }},
            {"mark": {"type": "point", "filled": True, "size": 16},
             "encoding": {"x": x,
                          "y": y,
                          "color": color,
                          "shape": {"field": "ending", "type": "nominal", "legend": None}}},
        ],
        "config": {"axis": {"labelFontSize": 11, "titleFontSize": 11}, "legend": {"labelFontSize": 11}},
    }


def explorer_html(game: str, bet_id: str, stake: int, bankroll: int, rounds: int) -> str:
    """The explorer's view as HTML: the chart, the exact chances of each ending, the figures in dollars (or the error).

    >>> explorer_html("roulette", "red", 25, 20, 10)
    '<p class="widget-refusal">a bankroll of $20 does not cover one bet of $25; choose a larger bankroll or a smaller stake</p>'
    >>> page = explorer_html("roulette", "red", 10, 200, 10)
    >>> page.count("<table"), "<td>P(broke within 10 bets)</td><td>0 (0.00%)</td>" in page
    (2, True)
    """
    refused = too_many_bets(game, bet_id, rounds)
    if refused:
        return f'<p class="widget-refusal">{html.escape(refused)}</p>'
    try:
        figures = explorer_table(game, bet_id, stake, bankroll, rounds)
    except ValueError as error:
        return f'<p class="widget-refusal">{html.escape(str(error))}</p>'
    w = _walk(game, bet_id, units(stake, bankroll), rounds)
    title = [f"{bet_title(game, bet_id)}, from ${bankroll}", f"${stake} a bet, at most {rounds} bets"]
    alt = f"The exact probability of each bankroll at the end of a session: {', '.join(title)}"
    return chart_html(ending_chart(w, stake, title), alt) + endings_html(w) + figures._repr_html_()


@defines("session.explorer")
def explorer_widget() -> Widget:
    """The session explorer's definition: the game, its bet (the other games' bets are inactive), the stake, the
    bankroll and the most bets; showing :func:`explorer_html`.

    >>> explorer_widget().view({"game": 1})["inactive"]
    ['roulette_bet', 'baccarat_bet', 'keno_bet']
    """
    games = available_games()
    bet_controls = tuple(
        Control(f"{game}_bet", "dropdown", f"{game_name(game)} bet",
                options=tuple((menu_name(game, bet_id), bet_id) for bet_id in game_bets(game)),
                default=rules.first_bet(load_game(game)))
        for game in games)
    controls = (
        Control("game", "dropdown", "Game", options=tuple((game_name(g), g) for g in games), default=DEFAULT_GAME),
        *bet_controls,
        Control("stake", "dropdown", "Stake", options=tuple((f"${s}", s) for s in STAKES), default=DEFAULT_STAKE),
        Control("bankroll", "options", "Bankroll", options=tuple((f"${b}", b) for b in BANKROLLS),
                default=DEFAULT_BANKROLL),
        Control("rounds", "options", "Bets at most", options=tuple((str(r), r) for r in ROUNDS), default=DEFAULT_ROUNDS),
    )

    def show(game: str, stake: int, bankroll: int, rounds: int, **bet_ids: str) -> str:
        return explorer_html(game, bet_ids[f"{game}_bet"], stake, bankroll, rounds)

    def inactive(game: str, **_values: Any) -> list[str]:
        return [f"{other}_bet" for other in games if other != game]

    return Widget("session.explorer", controls, show, inactive)


def session_explorer(game: str = DEFAULT_GAME, bet_id: str | None = None, stake: int = DEFAULT_STAKE,
                     bankroll: int = DEFAULT_BANKROLL, rounds: int = DEFAULT_ROUNDS) -> Shown:
    """The session explorer widget: choose the settings; the chart and the tables follow.

    >>> game, roulette_bet, craps_bet, *other_bets, stake, bankroll, rounds, view, chart = flat(session_explorer(rounds=10))
    >>> game.value = 1                                          # craps: its bets come to life, roulette's rest
    >>> craps_bet.disabled, roulette_bet.disabled, "Pass line at craps" in view.value
    (False, True, True)
    """
    chosen = {"game": game, "stake": stake, "bankroll": bankroll, "rounds": rounds}
    if bet_id is not None:
        chosen[f"{game}_bet"] = bet_id
    return Shown(explorer_widget().starting_at(**chosen))


def flat(shown: Shown) -> list[Any]:
    """The ipywidgets of a shown widget that hold values or output, in order, whatever boxes they sit in."""
    def leaves(view: Any) -> list[Any]:
        return [leaf for child in view.children for leaf in (leaves(child) if hasattr(child, "children") else [child])]

    return leaves(shown.ipywidget)
