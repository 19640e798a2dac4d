"""The roulette bet chooser: pick pockets on the layout, see the bet, its odds and a session of spins."""

from __future__ import annotations

from itertools import pairwise

from .. import bets, display, roulette, session

#: The chooser's starting bet (a split) and number of spins.
DEFAULT_CHOICE = ("17", "20")
DEFAULT_SPINS = 100
#: Pocket colours on the chooser (white text on each has a contrast ratio of at least 4.5), and a chosen pocket's.
POCKET_COLOURS = {"red": "#b3202a", "black": "#1b1b1b", "green": "#17703d"}
CHOSEN = "#f5c518"
#: The session lengths the spins slider offers.
SPINS = (1, 2, 5, 10, 20, 36, 50, 100, 200, 500, 1000)


def bet_figures(chosen, rules="oxford", spins: int = DEFAULT_SPINS) -> list[tuple[str, str]]:
    """What the chooser shows for a choice of pockets, as (label, value) rows; the first row says if it is legal.

    >>> for label, value in bet_figures(["17", "20"], spins=10):
    ...     print(f"{label}: {value}")
    bet: split 17-20
    pays: 17 to 1
    P(win): 1/19 (5.26%)
    house edge: 1/19 (5.26%)
    sd per spin: 4.0193
    expected net after 10 spins: -10/19 (-0.5263 units)
    P(ahead after 10 spins): 2560599031177/6131066257801 (41.76%)
    P(even after 10 spins): 0 (0.00%)
    P(behind after 10 spins): 3570467226624/6131066257801 (58.24%)
    >>> bet_figures([1, 5])[0]
    ('not a bet', '1 and 5 are not adjacent on the layout; a split covers two numbers that share an edge, e.g. 0-1, 1-2 or 1-4')
    """
    try:
        bet = roulette.bet_on(chosen, roulette.rules_named(rules))
    except ValueError as error:
        return [("not a bet", str(error))]
    after = session.session(bet, spins)
    mean = session.expected_net(bet, spins)
    ahead, even, behind = after.ahead_even_behind()

    def exact_and_percent(q):
        return f"{display.fraction_text(q)} ({display.percent(q)})"

    return [
        ("bet", bet.name),
        ("pays", bets.pays_text(bet)),
        ("P(win)", exact_and_percent(bets.p_win(bet))),
        ("house edge", exact_and_percent(bets.house_edge(bet))),
        ("sd per spin", display.decimal(bets.standard_deviation(bet), 4)),
        (f"expected net after {spins} spins", f"{display.fraction_text(mean)} ({display.decimal(mean, 4)} units)"),
        (f"P(ahead after {spins} spins)", exact_and_percent(ahead)),
        (f"P(even after {spins} spins)", exact_and_percent(even)),
        (f"P(behind after {spins} spins)", exact_and_percent(behind)),
    ]


def _short(text: str, most: int = 60) -> str:
    """A long exact fraction cut down for the screen (the percent beside it carries the size)."""
    return text if len(text) <= most else text[: most // 2] + " ... " + text[-most // 2 :]


def bet_summary(chosen=DEFAULT_CHOICE, rules="oxford", spins: int = DEFAULT_SPINS) -> display.Table:
    """The static twin of :func:`bet_chooser`: its figures for one choice of pockets, as a table.

    >>> bet_summary(["0", "00", "1", "2", "3"], spins=1)
    A bet on 0, 00, 1, 2, 3 (Oxford Casino Hotel, Maine)
    what                        value
    --------------------------  ---------------------
    bet                         top line 0-00-1-2-3
    pays                        6 to 1
    P(win)                      5/38 (13.16%)
    house edge                  3/38 (7.89%)
    sd per spin                 2.3662
    expected net after 1 spins  -3/38 (-0.0789 units)
    P(ahead after 1 spins)      5/38 (13.16%)
    P(even after 1 spins)       0 (0.00%)
    P(behind after 1 spins)     33/38 (86.84%)
    """
    table = roulette.rules_named(rules)
    picked = ", ".join(roulette.in_layout_order({roulette.pocket(p, table) for p in chosen}, table))
    rows = [[label, _short(value)] for label, value in bet_figures(chosen, rules, spins)]
    return display.Table(["what", "value"], rows, f"A bet on {picked} ({table.name})")


def _grid(rules) -> tuple[dict[str, str], str, str]:
    """Each pocket's CSS grid area, and the grid's row and column sizes, read from the layout's boxes.

    The layout is turned to face the player: the zeros on the left, 1, 4, 7, ... along the bottom.

    >>> areas, rows, columns = _grid(roulette.OXFORD)
    >>> areas["0"], areas["00"], areas["1"], rows
    ('3 / 1 / 5 / 2', '1 / 1 / 3 / 2', '4 / 2 / 5 / 3', '24px 12px 12px 24px')
    """
    boxes = roulette.table_layout(rules).boxes.values()
    across = sorted({b.left for b in boxes} | {b.right for b in boxes}, reverse=True)
    down = sorted({b.top for b in boxes} | {b.bottom for b in boxes})
    areas = {
        b.pocket: f"{across.index(b.right) + 1} / {down.index(b.top) + 1} / "
        f"{across.index(b.left) + 1} / {down.index(b.bottom) + 1}"
        for b in boxes
    }
    rows = " ".join(f"{3 * (a - b)}px" for a, b in pairwise(across))
    columns = " ".join(f"{23 * (b - a)}px" for a, b in pairwise(down))
    return areas, rows, columns


#: The outside bets' buttons: label -> (kind, which).
OUTSIDE_BUTTONS = {
    "1st 12": ("dozen", 0), "2nd 12": ("dozen", 1), "3rd 12": ("dozen", 2),
    "1-18": ("low", 0), "even": ("even", 0), "red": ("red", 0),
    "black": ("black", 0), "odd": ("odd", 0), "19-36": ("high", 0),
    "col 1": ("column", 0), "col 2": ("column", 1), "col 3": ("column", 2),
}


def bet_chooser(chosen=DEFAULT_CHOICE, rules="oxford", spins: int = DEFAULT_SPINS):
    """A layout of pocket buttons: press pockets to make a bet and see whether it is legal, and what it does.

    >>> chooser = bet_chooser(spins=10)
    >>> pocket = {b.description: b for b in chooser.children[0].children}
    >>> pocket["17"].click()                     # only 20 is left: a straight-up bet
    >>> "straight 20" in chooser.children[-1].value, pocket["20"].style.button_color
    (True, '#f5c518')
    """
    import ipywidgets as w

    table = roulette.rules_named(rules)
    picked = {roulette.pocket(p, table) for p in chosen}
    areas, rows, columns = _grid(table)
    pockets = {
        name: w.Button(description=name, tooltip=f"pocket {name}",
                       layout=w.Layout(width="auto", height="auto", grid_area=area))
        for name, area in areas.items()
    }
    grid = w.GridBox(list(pockets.values()), layout=w.Layout(
        grid_template_rows=rows, grid_template_columns=columns, grid_gap="2px"))
    groups = roulette.outside_groups(table)
    outside = [w.Button(description=label, layout=w.Layout(width="64px")) for label in OUTSIDE_BUTTONS]
    clear = w.Button(description="clear", layout=w.Layout(width="64px"))
    slider = w.SelectionSlider(options=list(SPINS), value=spins, description="spins",
                               layout=w.Layout(width="460px"))
    out = w.HTML()

    def show(*_):
        rows_html = "".join(f"<tr><td>{label}</td><td><b>{_short(value, 80)}</b></td></tr>"
                            for label, value in bet_figures(sorted(picked), rules, slider.value))
        out.value = f"<table>{rows_html}</table>"
        for name, button in pockets.items():
            button.style.button_color = CHOSEN if name in picked else POCKET_COLOURS[roulette.colour(name)]
            button.style.text_color = "black" if name in picked else "white"

    def select(chosen_pockets):
        picked.clear()
        picked.update(chosen_pockets)
        show()

    def toggle(name):
        picked.symmetric_difference_update({name})
        show()

    for name, button in pockets.items():
        button.on_click(lambda _, name=name: toggle(name))
    for button in outside:
        kind, which = OUTSIDE_BUTTONS[button.description]
        button.on_click(lambda _, group=set(groups[kind][which]): select(group))
    clear.on_click(lambda _: select(set()))
    slider.observe(show, names="value")
    show()
    return w.VBox([grid, w.HBox(outside[:6]), w.HBox(outside[6:] + [clear]), slider, out])
