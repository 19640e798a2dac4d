"""A game looked up by name keeps its rules type, so mypy refuses the rules value of another game there."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]

CHECKED = """\
from casino_math import craps, roulette
from casino_math.games import game

game("craps").bet("pass", roulette.OXFORD)
game("craps").bet("pass", craps.OXFORD)
game("roulette").bet("red", roulette.OXFORD)
"""


def test_mypy_refuses_a_rules_value_of_another_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = tmp_path / "checked.py"
    checked.write_text(CHECKED)
    monkeypatch.chdir(ROOT)  # where mypy finds casino_math, and its settings (strict)
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                                      str(tmp_path / "cache"), str(checked)])
    assert status == 1, report + errors
    refused = (f'{checked}:4: error: Argument 2 to "bet" of "Game" has incompatible type "RouletteRules"; '
               'expected "CrapsRules"  [arg-type]')
    assert [line for line in report.splitlines() if ": error: " in line] == [refused], report
