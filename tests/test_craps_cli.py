"""Craps on the command line: the bet IDs, the JSON keys, the rules and the odds option."""

import json
import subprocess
import sys
from fractions import Fraction as F
from typing import Any

import pytest

from casino_math.craps import BET_IDS

LAYOUT = [b for b in BET_IDS if not b.endswith("_with_odds")]


def edges(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", "edges", "--game", "craps", *args],
                          capture_output=True, text=True, check=False)


def report(*args: str) -> dict[str, Any]:
    result = edges("--format", "json", *args)
    assert result.returncode == 0, result.stderr
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


def test_oxford_lists_every_bet_on_the_layout_in_order() -> None:
    rows = report()["bets"]
    assert [row["bet"] for row in rows] == LAYOUT
    assert len(LAYOUT) == 42


def test_quebec_lists_only_the_single_chances() -> None:
    assert [row["bet"] for row in report("--rules", "quebec")["bets"]] == [
        "pass", "dont_pass", "come", "dont_come", "field"]


def test_odds_adds_the_line_bets_with_full_odds() -> None:
    out = report("--odds", "3-4-5x")
    assert out["odds"] == "3-4-5x"
    rows = {row["bet"]: row for row in out["bets"]}
    assert list(rows)[-2:] == ["pass_with_odds", "dont_pass_with_odds"]
    assert rows["pass_with_odds"]["house_edge"] == "7/1870"
    assert rows["dont_pass_with_odds"]["house_edge"] == "3/1100"


def test_the_extra_keys_appear_where_they_apply() -> None:
    rows = {row["bet"]: row for row in report()["bets"]}
    assert rows["pass"]["expected_rolls"] == "557/165" and rows["pass"]["house_edge_per_roll"] == "7/1671"
    assert rows["dont_pass"]["house_edge_per_resolved"] == "27/1925"
    assert rows["buy_4"]["house_edge"] == "1/21" and rows["buy_4"]["house_edge_per_wager"] == "1/20"
    assert rows["lay_4"]["house_edge"] == "1/41" and rows["lay_4"]["house_edge_per_wager"] == "1/40"
    assert "expected_rolls" not in rows["field"] and "house_edge_per_wager" not in rows["place_6"]
    assert rows["horn"]["pays"] == "2 or 12: 27 to 4; 3 or 11: 3 to 1"
    assert all(F(r["p_win"]) + F(r["p_lose"]) + F(r["p_push"]) == 1 for r in rows.values())


def test_the_variant_takes_the_commission_from_the_win() -> None:
    rows = {row["bet"]: row for row in report("--rules", "vegas")["bets"]}
    assert rows["buy_4"]["house_edge"] == "1/60" and "house_edge_per_wager" not in rows["buy_4"]
    assert rows["field"]["house_edge"] == "1/36"


@pytest.mark.parametrize("fmt", ["table", "csv"])
def test_other_formats(fmt: str) -> None:
    result = edges("--format", fmt)
    assert result.returncode == 0 and "horn_high_12" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--rules", "quebec", "--odds", "2x"], "rules define no odds bets; they define only: pass"),
    (["--odds", "lots"], "unknown odds policy 'lots'"),
    (["--decks", "8"], "--decks does not apply to craps"),
])  # fmt: skip
def test_bad_options_are_clear_errors(args: list[str], message: str) -> None:
    result = edges(*args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_craps_and_its_command_do_not_import_heavy_libraries() -> None:
    code = (
        "import sys\n"
        "from casino_math import cli\n"
        "cli.edges_report('craps', 'oxford', odds='3-4-5x')\n"
        "print(','.join(m for m in ('sympy', 'matplotlib', 'ipywidgets') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
