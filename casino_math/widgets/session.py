"""The session explorer: choose a game, a bet, a stake, a bankroll and a number of bets; see how sessions end.

It shows the exact distribution of the final bankroll (a session stops early if the bankroll can no longer
cover a bet) with a few simulated sessions drawn over it, and the figures that matter: the expected loss,
the chance of going broke, of ending ahead.  The static twin, :func:`explorer_table` with
:func:`explorer_view`, shows the same at the explorer's starting settings.
"""

from __future__ import annotations

from functools import lru_cache

from .. import bets, display, ruin, simulate
from ..cli import available_games, load_game

#: The explorer's starting settings: $200 at a $10 table, betting red for 100 spins.
DEFAULTS = {"game": "roulette", "bet_id": "red", "stake": 10, "bankroll": 200, "rounds": 100}
#: The choices the explorer offers.
STAKES = (5, 10, 25, 100)
BANKROLLS = tuple(range(50, 1001, 50))
ROUNDS = (10, 25, 50, 100, 200, 300)
#: How many simulated sessions are drawn, and the seed they come from.
PATHS, SEED = 5, 2024


def game_bets(game: str) -> dict:
    """The bets of a game under its default rules, by bet ID.

    >>> list(game_bets("roulette"))[:3]
    ['straight', 'split', 'street']
    """
    module = load_game(game)
    return dict(module.edge_bets(module.RULES[module.DEFAULT_RULES]))


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
    bet: roulette red, pays 1 to 1, house edge 5.26%
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
    edge = display.fraction_text(bets.house_edge_per_bet_made(bet))
    bets_made = display.fraction_text(made) if made.denominator == 1 else display.decimal(made, 2)
    rows = [
        ("bet", f"{game} {bet_id}, pays {bets.pays_text(bet)}, house edge {display.percent(bets.house_edge(bet))}"),
        ("bankroll", f"${bankroll} = {start} bets of ${stake}"),
        ("expected bets made", f"{bets_made} of {rounds}"),
        ("expected loss", f"${display.decimal(loss * stake, 2)} = edge {edge} x {bets_made} bets x ${stake}"),
        (f"P(broke within {rounds} bets)", display.percent(w.p_ruin())),
        ("P(ahead at the end)", display.percent(ahead)),
        ("P(even at the end)", display.percent(even)),
        ("P(behind at the end)", display.percent(behind)),
    ]
    return rows



def explorer_table(game: str = DEFAULTS["game"], bet_id: str = DEFAULTS["bet_id"], stake: int = DEFAULTS["stake"],
                   bankroll: int = DEFAULTS["bankroll"], rounds: int = DEFAULTS["rounds"]) -> display.Table:
    """The static twin of :func:`session_explorer`: its figures at one setting, as a table.

    >>> explorer_table(rounds=1)
    $200 on roulette red at $10 a bet, at most 1 bets
    what                    value
    ----------------------  -------------------------------------------
    bet                     roulette red, pays 1 to 1, house edge 5.26%
    bankroll                $200 = 20 bets of $10
    expected bets made      1 of 1
    expected loss           $0.53 = edge 1/19 x 1 bets x $10
    P(broke within 1 bets)  0.00%
    P(ahead at the end)     47.37%
    P(even at the end)      0.00%
    P(behind at the end)    52.63%
    """
    rows = [[label, value] for label, value in explorer_figures(game, bet_id, stake, bankroll, rounds)]
    return display.Table(["what", "value"], rows, f"${bankroll} on {game} {bet_id} at ${stake} a bet, at most {rounds} bets")


def explorer_view(game: str = DEFAULTS["game"], bet_id: str = DEFAULTS["bet_id"], stake: int = DEFAULTS["stake"],
                  bankroll: int = DEFAULTS["bankroll"], rounds: int = DEFAULTS["rounds"], seed: int = SEED):
    """The explorer's figure at one setting: simulated sessions over the exact distribution of how they end."""
    from ..plots.session import explorer_figure

    bet = game_bets(game)[bet_id]
    start = units(stake, bankroll)
    w = _walk(game, bet_id, start, rounds)
    drawn = simulate.paths(bet, rounds, PATHS, simulate.generator(seed), bankroll=start)
    return explorer_figure(w, drawn, stake, f"{PATHS} simulated sessions: ${bankroll} on {game} {bet_id}, ${stake} a bet")


def explorer_html(game: str, bet_id: str, stake: int, bankroll: int, rounds: int) -> str:
    """The explorer's view as HTML: the figure as an image with its alt text, then the table (or the error).

    >>> explorer_html("roulette", "red", 25, 20, 10)
    '<p>a bankroll of $20 does not cover one bet of $25; choose a larger bankroll or a smaller stake</p>'
    """
    import base64
    import html
    import io

    try:
        figure = explorer_view(game, bet_id, stake, bankroll, rounds)
        figures = explorer_table(game, bet_id, stake, bankroll, rounds)
    except ValueError as error:
        return f"<p>{html.escape(str(error))}</p>"
    png = io.BytesIO()
    figure.savefig(png, format="png", dpi=80)
    alt = (f"{PATHS} simulated sessions of ${bankroll} on {game} {bet_id} at ${stake} a bet over at most {rounds} "
           "bets, beside the exact distribution of the final bankroll")
    image = base64.b64encode(png.getvalue()).decode()
    return f'<img src="data:image/png;base64,{image}" alt="{html.escape(alt)}" style="max-width:100%">' + \
        figures._repr_html_()


def session_explorer(**settings):
    """The session explorer widget: dropdowns and sliders for the settings; the figure and the table follow."""
    import ipywidgets as w

    chosen = {**DEFAULTS, **settings}
    game = w.Dropdown(options=available_games(), value=chosen["game"], description="game")
    bet = w.Dropdown(options=list(game_bets(chosen["game"])), value=chosen["bet_id"], description="bet")
    stake = w.Dropdown(options=[(f"${s}", s) for s in STAKES], value=chosen["stake"], description="stake")
    bankroll = w.SelectionSlider(options=[(f"${b}", b) for b in BANKROLLS], value=chosen["bankroll"],
                                 description="bankroll")
    rounds = w.SelectionSlider(options=ROUNDS, value=chosen["rounds"], description="bets")
    view = w.HTML()

    def redraw(*_):
        view.value = explorer_html(game.value, bet.value, stake.value, bankroll.value, rounds.value)

    def new_game(change):
        options = list(game_bets(change.new))
        bet.unobserve(redraw, names="value")
        bet.options, bet.value = options, options[0]
        bet.observe(redraw, names="value")
        redraw()

    game.observe(new_game, names="value")
    for control in (bet, stake, bankroll, rounds):
        control.observe(redraw, names="value")
    redraw()
    return w.VBox([w.HBox([game, bet, stake]), w.HBox([bankroll, rounds]), view])
