"""A game from outside: a package casino_math has never heard of, installed beside it, works everywhere a game does.

The Big Six wheel of ``tests/outside_game/bigsix`` (a faithful, small money wheel of 54 segments, its pay table
published as its docstring says) is copied into a temporary folder with a ``*.dist-info`` naming it in the
``casino_math.games`` entry-point group, the way pip installs a package; nothing in casino_math names it.  The
command line, the session, ruin and Kelly machinery, the tables, the session explorer, the simulation and the
contract tests then reach it through the contract alone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from casino_math import bets, games, kelly, ruin, session, simulate
from casino_math.rules import Game, PayTable
from casino_math.tables import Column, Holds, Table
from casino_math.widgets import session as explorer

if TYPE_CHECKING:  # mypy holds the package to the contract, as its author would (the test imports it at run time)
    import bigsix as package
    from bigsix.rules import BigSixRules

    KEPT: Game[BigSixRules] = package

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(__file__).resolve().parent / "outside_game" / "bigsix"
ENTRY_POINTS = '[casino_math.games]\nbigsix = bigsix\n'


def install(folder: Path) -> Path:
    """The Big Six package and its dist-info, as pip would leave them, in ``folder``."""
    shutil.copytree(PACKAGE, folder / "bigsix", ignore=shutil.ignore_patterns("__pycache__"))
    info = folder / "bigsix_wheel-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bigsix-wheel\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return folder


def forget_games() -> None:
    """casino_math reads the installed games once: forget what it read, and the Big Six package itself."""
    games.outside_games.cache_clear()
    games.reader_names.cache_clear()
    for name in [m for m in sys.modules if m == "bigsix" or m.startswith("bigsix.")]:
        del sys.modules[name]


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` with the Big Six installed in it; casino_math finds it there, and forgets it after."""
    folder = install(tmp_path)
    monkeypatch.syspath_prepend(str(folder))
    forget_games()
    yield folder
    forget_games()


@pytest.fixture
def bigsix(site: Path) -> Game[Any]:
    return games.game("bigsix")


def run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with the Big Six's folder and this checkout on PYTHONPATH, as a user with it installed runs."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=site,
                          timeout=600, check=False)


def cli(site: Path, *args: str) -> dict[str, Any]:
    done = run(site, "-m", "casino_math", *args, "--format", "json")
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_the_game_is_found_through_its_entry_point(bigsix: Game[Any], site: Path) -> None:
    assert games.names() == [*games.BUILT_IN, "bigsix"]
    assert Path(str(getattr(bigsix, "__file__", ""))).is_relative_to(site)
    assert isinstance(bigsix, Game)


def test_without_its_entry_point_the_game_is_unknown(site: Path) -> None:
    (site / "bigsix_wheel-1.0.dist-info" / "entry_points.txt").unlink()
    forget_games()
    with pytest.raises(ValueError, match=rf"^unknown game 'bigsix'; the games are: {', '.join(games.BUILT_IN)}$"):
        games.game("bigsix")


def test_the_command_line_prints_its_edges_with_its_own_option(site: Path) -> None:
    # The published house edges: $1 11.11% (6/54), the joker 24.07% (13/54) at 40 to 1, 14.81% (8/54) at 45 to 1.
    standard = {row["bet"]: row["house_edge"] for row in cli(site, "edges", "--game", "bigsix")["bets"]}
    assert standard == {"dollar_1": "1/9", "dollar_2": "1/6", "dollar_5": "2/9", "dollar_10": "5/27",
                        "dollar_20": "2/9", "joker": "13/54", "logo": "13/54"}
    report = cli(site, "edges", "--game", "bigsix", "--joker-pays", "45")
    edges = {row["bet"]: row["house_edge"] for row in report["bets"]}
    assert report["rules"] == "standard" and report["joker-pays"] == 45
    assert edges["joker"] == "4/27" and edges["logo"] == "13/54"      # the option moves the joker alone


def test_the_command_line_runs_its_sessions_and_ruin(site: Path) -> None:
    # Two bets on the $1 bill (24 segments of 54, even money): the expected net is 2 x (24 - 30)/54.
    assert cli(site, "session", "--game", "bigsix", "--bet", "dollar_1", "--rounds", "2")["expected_net"] == "-2/9"
    # Gambler's ruin from 2 to 4 units at p = 4/9: 1 / (1 + (q/p)^2) = 1 / (1 + 25/16) = 16/41.
    ruined = cli(site, "ruin", "--game", "bigsix", "--bet", "dollar_1", "--bankroll", "2", "--goal", "4")
    assert ruined["p_goal"] == "16/41"


def test_the_command_line_names_the_game_its_rules_and_its_option_in_help_and_errors(site: Path) -> None:
    shown = run(site, "-m", "casino_math", "edges", "--help").stdout
    assert "bigsix: standard (default), generous" in shown
    assert "bigsix: --joker-pays JOKER-PAYS: what the joker pays, to 1" in shown
    wrong = run(site, "-m", "casino_math", "edges", "--game", "bigsix", "--joker-pays", "lots")
    assert wrong.returncode == 2 and "--joker-pays must be a whole number, not 'lots'" in wrong.stderr
    elsewhere = run(site, "-m", "casino_math", "edges", "--game", "craps", "--joker-pays", "45")
    assert elsewhere.returncode == 2 and "--joker-pays does not apply to craps" in elsewhere.stderr


def test_the_session_ruin_and_kelly_machinery_take_its_bets(bigsix: Game[Any]) -> None:
    dollar = bigsix.bet("dollar_1", bigsix.RULES["standard"])
    assert session.expected_net(dollar, 3) == Fraction(-1, 3)
    assert session.p_ahead(dollar, 1) == Fraction(4, 9)
    assert ruin.ruin(dollar, 2, 4).p_goal == Fraction(16, 41)
    assert kelly.kelly_fraction(dollar) == 0       # a bet the house has the edge on: bet nothing


def test_its_twin_plays_its_bets(bigsix: Game[Any]) -> None:
    rules = bigsix.RULES["standard"]
    joker = bigsix.bet("joker", rules)
    sample = simulate.game_sample(games.game("bigsix"), "joker", joker, rules, 50_000, simulate.generator(8))
    assert sample.size == 50_000 and abs(sample.z_score(joker)) < simulate.TOLERANCE


def test_a_table_names_its_bets_by_its_names(bigsix: Game[Any]) -> None:
    table = Table([Column("bet", Holds.BET, names=bigsix.BET_NAMES), Column("house edge", Holds.SHARE)],
                  [[bet_id, bets.house_edge(bet)] for bet_id, bet in bigsix.edge_bets(bigsix.RULES["standard"])])
    html = table._repr_html_()
    assert "<td>Joker</td>" in html and "<td>$1</td>" in html and "13/54" in html


def test_the_session_explorer_offers_it(bigsix: Game[Any]) -> None:
    figures = dict(explorer.explorer_figures("bigsix", "joker", 10, 200, 10))
    assert figures["bet"] == "Joker at big six wheel, pays 40 to 1, house edge 24.07%"
    widget = explorer.explorer_widget()
    controls = {control.name: control for control in widget.controls}
    assert ("Big Six wheel", "bigsix") in controls["game"].options
    assert controls["bigsix_bet"].default == "dollar_1"        # it names no FIRST_BET: its first bet is taken
    assert "<table" in explorer.explorer_html("bigsix", "dollar_5", 10, 200, 10)


def test_its_segment_counts_stay_counts_when_its_rules_change(bigsix: Game[Any]) -> None:
    # The segments are a dict of whole numbers, not a pay table: changing them keeps them counts.
    standard = bigsix.RULES["standard"]
    wheel = standard.changed(segments={**standard.segments, "dollar_1": 23, "dollar_5": 8})
    assert not isinstance(wheel.segments, PayTable) and wheel.segments["dollar_5"] == 8
    assert type(wheel.segments["dollar_5"]) is int
    assert bets.house_edge(bigsix.bet("dollar_5", wheel)) == Fraction(6, 54)   # 8 x 5 - 46, of 54


def test_a_game_that_cannot_be_loaded_is_a_one_line_error(site: Path) -> None:
    points = site / "bigsix_wheel-1.0.dist-info" / "entry_points.txt"
    points.write_text(ENTRY_POINTS + "missing = no_such_package\nhalf = bigsix.rules\n")
    assert cli(site, "edges", "--game", "bigsix")["rules"] == "standard"   # the others are not loaded
    missing = run(site, "-m", "casino_math", "edges", "--game", "missing")
    assert missing.returncode == 2 and missing.stderr == (
        "python -m casino_math edges: error: the game 'missing' (entry point of group casino_math.games) cannot be "
        "imported: No module named 'no_such_package'\n")
    half = run(site, "-m", "casino_math", "edges", "--game", "half")
    assert half.returncode == 2 and half.stderr == (
        "python -m casino_math edges: error: the game 'half' (entry point of group casino_math.games) lacks "
        "bet, edge_bets, twin: see casino_math/README.md\n")


def test_the_book_s_games_start_without_reading_the_installed_packages(site: Path) -> None:
    # Reading the entry points costs importlib.metadata; the command line pays it only for a game from outside.
    code = "import sys; from casino_math import cli; cli.main(sys.argv[1:]); print('importlib.metadata' in sys.modules)"
    assert run(site, "-c", code, "edges", "--game", "roulette").stdout.split()[-1] == "False"
    assert run(site, "-c", code, "edges", "--game", "bigsix").stdout.split()[-1] == "True"


def test_the_contract_tests_hold_it_to_the_same_facts(site: Path) -> None:
    done = run(site, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q", "-rA", "--rootdir", str(ROOT),
               "-c", str(ROOT / "pyproject.toml"), str(ROOT / "tests" / "test_contract.py"))
    assert done.returncode == 0, done.stdout[-3000:]
    passed = [line for line in done.stdout.splitlines() if line.startswith("PASSED") and "bigsix" in line]
    assert len(passed) >= 10, done.stdout[-3000:]
