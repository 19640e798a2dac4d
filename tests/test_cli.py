"""The command line: its help, its errors, and what importing the package costs."""

import argparse
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from casino_math import cli, cli_args

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True, check=False)


def test_help_lists_the_subcommands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "edges" in result.stdout


def test_importing_and_the_command_line_do_not_load_heavy_libraries() -> None:
    code = (
        "import sys, casino_math, casino_math.cli\n"
        "from casino_math import bets, distribution, display, session\n"
        "for g in casino_math.cli.available_games(): casino_math.cli.load_game(g)\n"
        "casino_math.cli.build_parser()\n"
        "heavy = sorted(m for m in ('sympy', 'matplotlib', 'ipywidgets') if m in sys.modules)\n"
        "print(','.join(heavy))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_unknown_game_is_a_clear_error() -> None:
    result = run("edges", "--game", "blackjack")
    assert result.returncode == 2
    assert "unknown game 'blackjack'; the games are:" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("game", cli.available_games())
def test_edges_json_shape_for_every_game(game: str) -> None:
    result = run("edges", "--game", game, "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == game
    for row in report["bets"]:
        assert {"bet", "pays", "p_win", "p_lose", "p_push", "house_edge", "sd"} <= set(row)
        from fractions import Fraction

        assert Fraction(row["p_win"]) + Fraction(row["p_lose"]) + Fraction(row["p_push"]) == 1


@pytest.mark.parametrize("game", cli.available_games())
def test_unknown_rules_name_lists_the_rules(game: str) -> None:
    result = run("edges", "--game", game, "--rules", "atlantis")
    assert result.returncode == 2
    assert f"unknown rules 'atlantis' for {game}; the rules are:" in result.stderr


def test_edges_for_one_game_imports_no_other_game() -> None:
    code = (
        "import io, sys, contextlib\n"
        "from casino_math import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()): cli.main(['edges', '--game', 'baccarat'])\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[:2] in (['casino_math', 'craps'],"
        " ['casino_math', 'roulette']))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_a_pay_table_in_the_text_table_is_printed_one_payout_a_line() -> None:
    lines = run("edges", "--game", "baccarat").stdout.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("dragon_bonus_player "))
    assert lines[row].split()[1:7] == ["win", "by", "9:", "30", "to", "1;"] and "8:" not in lines[row]
    assert lines[row + 1].split() == ["win", "by", "8:", "10", "to", "1;"]         # the next payout, below the first
    assert lines[row + 6].split() == ["natural", "win:", "1", "to", "1"]
    assert lines[row + 7].startswith("dragon_bonus_banker ")


def test_edges_as_a_table_loads_neither_json_nor_shutil() -> None:
    # Start-up is most of the command's time: json is loaded only for --format json, the help formatter finds
    # the terminal's width without shutil (which would load the compression modules), html only when a table is shown
    # as HTML, and the book's display module (every format and table in one import) not at all.
    code = (
        "import io, sys, contextlib\n"
        "from casino_math import cli\n"
        "with contextlib.redirect_stdout(io.StringIO()): cli.main(['edges', '--game', 'baccarat'])\n"
        "print(','.join(m for m in ('json', 'shutil', 'bz2', 'lzma', 'html', 'casino_math.display') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.stdout.strip() == ""


def test_help_is_as_wide_as_argparse_would_make_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # The help is as wide as argparse's own formatter (which asks shutil) would make it.
    for columns in ("60", "100", "wide", "0", "-5"):
        monkeypatch.setenv("COLUMNS", columns)
        assert cli_args.Formatter("prog")._width == argparse.RawDescriptionHelpFormatter("prog")._width
    monkeypatch.setenv("COLUMNS", "60")
    assert cli_args.terminal_columns() == 60


@pytest.mark.parametrize("args, echoed", [
    (("session", "--game", "craps", "--bet", "field", "--rounds", "2"),
     {"game": "craps", "rules": "oxford", "bet": "field", "rounds": 2}),
    (("ruin", "--game", "craps", "--bet", "pass", "--bankroll", "1", "--goal", "2", "--rules", "quebec"),
     {"game": "craps", "rules": "quebec", "bet": "pass", "bankroll": 1, "goal": 2}),
    (("eor", "--decks", "1", "--rules", "tie-9-to-1"), {"game": "baccarat", "rules": "tie_9_to_1", "decks": 1}),
])
def test_every_json_report_echoes_its_inputs(
        args: tuple[str, ...] | tuple[str, str, str, str, str], echoed: dict[str, int | str]) -> None:
    result = run(*args, "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {k: report[k] for k in echoed} == echoed


def test_session_and_ruin_take_the_options_edges_takes() -> None:
    # A craps bet with odds needs an odds policy; the echo and the caption say which, and the decks likewise.
    report = json.loads(run("session", "--game", "craps", "--bet", "pass_with_odds", "--odds", "2x", "--rounds", "1",
                            "--format", "json").stdout)
    # one unit spread over the line bet and its 2x odds loses the combined edge, 7/495 over 1 + 2 x 2/3
    assert report["odds"] == "2x" and Fraction(report["expected_net"]) == Fraction(-1, 165)
    table = run("ruin", "--game", "baccarat", "--bet", "banker", "--decks", "1", "--bankroll", "1", "--goal", "2").stdout
    assert "baccarat (oxford rules, 1 deck)" in table


def test_a_rules_name_may_use_hyphens_or_underscores() -> None:
    assert json.loads(run("edges", "--game", "roulette", "--rules", "single-zero", "--format", "json").stdout)["rules"] \
        == "single_zero"
    assert run("eor", "--rules", "tie_9_to_1", "--decks", "1").returncode == 0


def test_a_reader_that_leaves_early_gets_no_traceback() -> None:
    # `... | head -1`: the reader closes the pipe after one line, of an output longer than a pipe holds (64 KiB).
    command = [sys.executable, "-m", "casino_math", "ruin", "--game", "roulette", "--bet", "red", "--bankroll", "10000",
               "--goal", "20000", "--exact"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()
        error = process.stderr.read().decode()
    assert "Traceback" not in error and "BrokenPipeError" not in error


def test_a_short_exact_figure_comes_whole_with_its_decimal() -> None:
    report = json.loads(run("ruin", "--game", "craps", "--bet", "pass", "--bankroll", "1", "--goal", "2",
                            "--format", "json").stdout)
    assert report["p_goal"] == "244/495" and report["p_goal_decimal"] == "0.4929292929"   # one pass bet decides


def test_a_fraction_of_thousands_of_digits_is_summarised_and_given_whole_on_request() -> None:
    # The long-run chapter's question: from 20 units to 40 on the banker bet (Python refuses str() past 4300 digits).
    args = ("ruin", "--game", "baccarat", "--bet", "banker", "--bankroll", "20", "--goal", "40", "--format", "json")
    report = json.loads(run(*args).stdout)
    assert report["p_goal"] is None and min(report["p_goal_digits"]) > 4300
    assert Fraction(report["p_goal_decimal"]) + Fraction(report["p_ruin_decimal"]) == 1
    whole = json.loads(run(*args, "--exact").stdout)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # reading the fraction back needs the same permission as writing it
    try:
        assert Fraction(whole["p_goal"]) + Fraction(whole["p_ruin"]) == 1
        assert Fraction(whole["p_goal"]).numerator.bit_length() > 4300 * 3
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.mark.parametrize("args, message", [
    (("session", "--game", "craps", "--bet", "field", "--rounds", "0"), "--rounds must be a whole number from 1 up, not 0"),
    (("ruin", "--game", "craps", "--bet", "pass", "--bankroll", "ten", "--goal", "20"),
     "--bankroll must be a whole number, not 'ten'"),
    (("eor", "--rules", "atlantis"), "unknown rules 'atlantis' for baccarat; the rules are: oxford"),
    (("edges", "--game", "craps", "--decks", "6"), "--decks does not apply to craps"),
    (("edges", "--game", "baccarat", "--odds", "2x"), "--odds does not apply to baccarat"),
    (("session", "--game", "baccarat", "--bet", "bankr", "--rounds", "5"), "unknown baccarat bet 'bankr'; did you mean banker"),
    (("session", "--game", "roulette", "--bet", "red", "--rounds", "5", "--odds", "2x"), "--odds does not apply to roulette"),
    (("ruin", "--game", "roulette", "--bet", "red", "--bankroll", "10", "--goal", "10000000"),
     "too big to work out exactly here"),
])
def test_bad_options_are_one_line_errors(
        args: tuple[str, ...] | tuple[str, str, str, str, str] | tuple[str, str, str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
