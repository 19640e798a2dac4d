"""Tables know no game: a column says what it holds, a cell keeps its exact value, and names come from the game.

A widget runs in the reader's browser, where every module imported is a download: a widget of one game must load
that game alone.  And a table must show what it was given, not what a reading of its text guesses.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from casino_math import baccarat, craps
from casino_math.bets import winning_pays
from casino_math.tables import Column, Figure, Holds, Table

GAMES = ("roulette", "craps", "baccarat")

#: Each site widget module -> the games its views may load (the session and Kelly explorers offer bets of all three).
WIDGET_GAMES = {"chance": set(), "baccarat": {"baccarat"}, "craps": {"craps"}, "roulette": {"roulette"},
                "chemin": {"baccarat"}, "variants": {"baccarat"}, "fairness": {"roulette"}}
# The rare-events chapter's widget counts the wins of roulette bets by their chances alone.
WIDGET_GAMES["rare"] = set()
# The continuous-chance chapter's tilted wheel needs no game, only its 38 arcs.
WIDGET_GAMES["continuous"] = set()

LOADED = """
import importlib, sys
from casino_math.widgets import live
module = sys.argv[1]
importlib.import_module("casino_math.widgets." + module)
for name in sorted(n for n in live.DEFINITIONS if n.startswith(module + ".")):
    live.view_json(name, "{}", "{}")
print(" ".join(sorted({m.split(".")[1] for m in sys.modules if m.count(".") >= 1 and m.startswith("casino_math.")})))
"""


@pytest.mark.parametrize("module", WIDGET_GAMES)
def test_a_widget_loads_only_its_own_game(module: str) -> None:
    loaded = subprocess.run([sys.executable, "-c", LOADED, module], capture_output=True, text=True, check=True)
    games = set(loaded.stdout.split()) & set(GAMES)
    assert games == WIDGET_GAMES[module]


@pytest.mark.parametrize("module", ["display", "formats", "tables"])
def test_the_display_modules_import_no_game(module: str) -> None:
    code = f"import sys, casino_math.{module}; print(' '.join(m for m in sys.modules if m.startswith('casino_math.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert not {m.split(".")[1] for m in loaded} & set(GAMES)


def test_a_bet_column_names_its_bets_by_the_names_it_was_given() -> None:
    table = Table([Column("bet", Holds.BET, names=craps.BET_NAMES)], [["dont_pass"], ["straight 17"]])
    assert table.rows == [["dont_pass"], ["straight 17"]]  # the command line's text keeps the ID a user types
    html = table._repr_html_()
    assert "<td>Don&#x27;t pass</td>" in html and "<td>Straight up on 17</td>" in html


def test_a_column_of_chances_is_known_by_what_it_holds_not_by_its_heading() -> None:
    # 244/495 is the pass line's chance of winning (244 ways in 495); the heading says nothing of chances.
    chance = Table([Column("pass line", Holds.SHARE)], [[Fraction(244, 495)]])._repr_html_()
    assert '244/495 <span class="percent">(49.293%)</span>' in chance
    # "P(win)" reads like a chance, but the column says it holds an amount: no percent.
    amount = Table([Column("P(win)", Holds.AMOUNT)], [[Fraction(557, 165)]])._repr_html_()
    assert ">557/165</td>" in amount and "percent" not in amount


def test_a_long_fraction_keeps_its_value_and_is_folded_behind_its_percent() -> None:
    q = Fraction(114753351728, 10847218479825)
    column = Column("edge", Holds.SHARE, digits=3)
    assert column.text(q) == "114753351728/10847218479825 (1.058%)"
    cell = column.html(q)
    assert ">1.058%</summary>" in cell and 'data-value="0.01057905' in cell
    assert column.printed(q) == "1.058% (exactly 114753351728/10847218479825)"


def test_a_payout_is_kept_as_its_value_and_never_wraps() -> None:
    banker = baccarat.bet("banker", baccarat.OXFORD)
    pays = Column("pays", Holds.PAYOUT)
    assert pays.text(winning_pays(banker)) == "19 to 20"
    assert pays.html(winning_pays(banker)) == "<td>19\u00a0to\u00a020</td>"
    assert pays.html(Fraction(9, 5)) == "<td>9\u00a0to\u00a05</td>"


def test_a_figure_says_what_it_holds_in_a_column_of_mixed_figures() -> None:
    table = Table([Column("what"), Column("value")],
                  [["P(win)", Figure(Fraction(1, 19), Column("", Holds.SHARE, digits=2))], ["bet", "Split 17-20"]])
    assert table.rows == [["P(win)", "1/19 (5.26%)"], ["bet", "Split 17-20"]]
    assert '<td data-value="0.05263157895">1/19 <span class="percent">(5.26%)</span></td>' in table._repr_html_()


def test_a_percent_column_holds_the_exact_value_and_shows_its_digits() -> None:
    column = Column("change", Holds.PERCENT, digits=4, signed=True)
    assert column.text(Fraction(1, 400)) == "+0.2500%"
    assert column.html(Fraction(-1, 10**9)) == "<td>&gt; -0.0001%</td>"


def test_a_column_given_by_its_heading_alone_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^a table's column must say what it holds, e.g. Column\('P\(win\)', "
                                        r"Holds.BET\), not the heading 'P\(win\)' alone$"):
        Table([Column("bet", Holds.BET), "P(win)"], [["pass", "244/495"]])  # type: ignore[list-item]


def test_a_table_shows_its_caption_and_cells_as_given() -> None:
    table = Table([Column("rules", Holds.NAME, names=baccarat.RULES_NAMES), Column("ways", Holds.COUNT)],
                  [["tie_9_to_1", 1895441]], caption="Mini-baccarat (oxford rules)")
    html = table._repr_html_()
    assert "<caption>Mini-baccarat (oxford rules)</caption>" in html  # a typed table's caption is shown as given
    assert table.rows == [["tie_9_to_1", "1,895,441"]] and "| tie_9_to_1 | 1,895,441 |" in table._repr_markdown_()


def test_a_name_that_holds_a_payout_stays_on_one_line() -> None:
    assert Column("rules", Holds.NAME, names=baccarat.RULES_NAMES).html("tie_9_to_1") == "<td>Tie 9\u00a0to\u00a01</td>"


def test_a_count_is_a_whole_number_grouped_by_thousands() -> None:
    ways = Column("ways", Holds.COUNT)
    assert ways.text(Fraction(36)) == "36" and ways.html(1895441) == "<td>1,895,441</td>"
    with pytest.raises(TypeError, match="count column must be a whole number, not Fraction"):
        ways.text(Fraction(1, 2))


def test_a_column_that_holds_a_long_fraction_shows_every_fraction_in_it_folded_alike() -> None:
    # The long-run chapter's bets: "1/19" beside "0.010579" in one column of house edges, before.
    from casino_math import bets, roulette
    from casino_math.tables import bet_table

    red = roulette.bet_on(roulette.outside_groups(roulette.OXFORD)["red"][0], roulette.OXFORD)
    banker = dict(baccarat.edge_bets(baccarat.rules_named("oxford")))["banker"]
    cells = {}
    for row in bet_table([red, banker])._repr_html_().split("<tbody>")[1].split("<tr>")[1:]:
        tds = row.split("<td")[1:]
        cells[tds[0].split(">")[1].split("<")[0]] = tds
    edge, win = 3, 2  # columns: bet, pays, P(win), house edge, house edge %, sd
    assert '<summary title="1/19">0.052632</summary>' in cells["Red"][edge]
    assert f'<summary title="{bets.house_edge(banker)}">0.010579</summary>' in cells["Banker"][edge]
    assert '<summary title="9/19">47.368%</summary>' in cells["Red"][win]
    # A column of short fractions keeps them in view, each with its percent.
    assert "9/19 <span" in Table([Column("P(win)", Holds.SHARE)], [[Fraction(9, 19)]])._repr_html_()


@pytest.mark.parametrize("fraction, breaks", [
    ("114753351728/10847218479825", ["114753351728/", "10847218479825"]),
    # a number too long for a phone's line breaks between groups of three digits, counted from its end
    ("1234567890123456789/7", ["1", "234", "567", "890", "123", "456", "789/", "7"]),
])
def test_an_opened_fraction_breaks_after_its_slash_and_never_inside_a_number_that_fits_a_line(
        fraction: str, breaks: list[str]) -> None:
    from casino_math.tables import folded

    opened = folded(fraction, "x").split('<span class="exact-fraction" style="overflow-wrap:normal">')[1]
    assert opened.split("</span>")[0].split("<wbr>") == breaks
