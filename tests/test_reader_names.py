"""Readers see names, never library IDs: every bet and rules value has its reader's name, and tables use them.

A table's plain text (the command line's) keeps the IDs a user types; its HTML (the book's) shows the names.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import pytest

from casino_math import baccarat, craps, keno, roulette
from casino_math.baccarat import layout as baccarat_layout
from casino_math.baccarat import rules as baccarat_rules
from casino_math.craps import rules as craps_rules
from casino_math.craps.compare import edge_comparison
from casino_math.games import reader_names
from casino_math.keno import rules as keno_rules
from casino_math.roulette import rules as roulette_rules
from casino_math.tables import Column, Holds

BOOK = Path(__file__).resolve().parents[1] / "book"
GAMES = {
    "roulette": (roulette, roulette_rules.BET_NAMES, roulette_rules.RULES_NAMES),
    "craps": (craps, craps_rules.BET_NAMES, craps_rules.RULES_NAMES),
    "baccarat": (baccarat, baccarat_layout.BET_NAMES, baccarat_rules.RULES_NAMES),
    "keno": (keno, keno_rules.BET_NAMES, keno_rules.RULES_NAMES),
}
#: Every ID a reader must never see in a table: bet IDs and rules IDs of every game.
IDS = {bet_id for game, _, _ in GAMES.values() for bet_id in game.BET_IDS} | {
    rules_id for game, _, _ in GAMES.values() for rules_id in game.RULES
}
#: IDs that are also the plain English name (a table may say "field" or "tie" in words).
ALSO_WORDS = {"field", "come", "horn", "world", "tie", "banker", "player", "red", "black", "odd", "even", "low",
              "high", "dozen", "column", "split", "street", "corner", "straight", "oxford"}
TABLE_CELL = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.DOTALL)


@pytest.mark.parametrize("game", GAMES)
def test_every_bet_and_every_rules_value_has_a_name(game: str) -> None:
    module, bet_names, rules_names = GAMES[game]
    assert set(bet_names) == set(module.BET_IDS)
    assert set(rules_names) == set(module.RULES)
    assert all(name.strip() and name[0].isupper() for name in [*bet_names.values(), *rules_names.values()])


def test_no_id_names_two_things() -> None:
    seen: dict[str, str] = {}
    for _, bet_names, rules_names in GAMES.values():
        for bet_id, name in {**bet_names, **rules_names}.items():
            assert seen.setdefault(bet_id, name) == name, f"{bet_id} has two names"
    assert set(reader_names()) == set(seen)


def test_names_are_not_ids() -> None:
    assert not {name for name in reader_names().values()} & {i for i in IDS if "_" in i or "-" in i}


def test_a_table_on_a_page_shows_names_where_the_command_line_shows_ids() -> None:
    table = edge_comparison(["oxford", "quebec"])
    assert table.rows[1][0] == "dont_pass"  # the command line's text keeps the ID a user types
    html = table._repr_html_()
    assert "<td>Don&#x27;t pass</td>" in html and ">dont_pass<" not in html
    assert '<th scope="col">Québec</th>' in html


@pytest.mark.parametrize("text, shown", [
    ("9 to 5", "9\u00a0to\u00a05"),
    ("19 to 20", "19\u00a0to\u00a020"),
    ("2 or 12: 2 to 1; 3, 4, 9, 10 or 11: 1 to 1", "2 or 12: 2\u00a0to\u00a01; 3, 4, 9, 10 or 11: 1\u00a0to\u00a01"),
])
def test_a_payout_never_wraps(text: str, shown: str) -> None:
    assert Column("pays", Holds.PAYOUT).html(text) == f"<td>{shown}</td>"


def test_a_long_fraction_is_folded_behind_its_percent_and_sorts_by_its_value() -> None:
    cell = Column("house edge", Holds.SHARE, digits=3).html(Fraction(114753351728, 10847218479825))
    assert "<summary" in cell and ">1.058%</summary>" in cell
    assert '<span class="exact-fraction" style="overflow-wrap:normal">114753351728/<wbr>10847218479825</span>' in cell
    assert 'data-value="0.01057905' in cell


def _saved_table_cells(notebook: Path) -> list[str]:
    cells = []
    for cell in json.loads(notebook.read_text())["cells"]:
        for output in cell.get("outputs", []):
            html = "".join(output.get("data", {}).get("text/html", []))
            cells += [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in TABLE_CELL.findall(html)]
    return cells


@pytest.mark.parametrize("notebook", sorted(BOOK.glob("*.ipynb")), ids=lambda p: p.stem)
def test_no_table_the_book_shows_has_an_id(notebook: Path) -> None:
    shown = [c for c in _saved_table_cells(notebook) if c in IDS - ALSO_WORDS]
    assert shown == [], f"library IDs in the tables of {notebook.name} (re-execute it)"
