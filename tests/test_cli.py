"""The command line: its help, its errors, and what importing the package costs."""

import json
import subprocess
import sys

import pytest

from casino_math import cli


def run(*args):
    return subprocess.run([sys.executable, "-m", "casino_math", *args], capture_output=True, text=True)


def test_help_lists_the_subcommands():
    result = run("--help")
    assert result.returncode == 0
    assert "edges" in result.stdout


def test_importing_and_the_command_line_do_not_load_heavy_libraries():
    code = (
        "import sys, casino_math, casino_math.cli\n"
        "from casino_math import bets, distribution, display, session\n"
        "for g in casino_math.cli.available_games(): __import__('casino_math.' + g)\n"
        "casino_math.cli.build_parser()\n"
        "heavy = sorted(m for m in ('sympy', 'matplotlib', 'ipywidgets') if m in sys.modules)\n"
        "print(','.join(heavy))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_unknown_game_is_a_clear_error():
    result = run("edges", "--game", "blackjack")
    assert result.returncode == 2
    assert "unknown game 'blackjack'; the games are:" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("game", cli.available_games())
def test_edges_json_shape_for_every_game(game):
    result = run("edges", "--game", game, "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == game
    for row in report["bets"]:
        assert {"bet", "pays", "p_win", "p_lose", "p_push", "house_edge", "sd"} <= set(row)
        from fractions import Fraction

        assert Fraction(row["p_win"]) + Fraction(row["p_lose"]) + Fraction(row["p_push"]) == 1


@pytest.mark.parametrize("game", cli.available_games())
def test_unknown_rules_name_lists_the_rules(game):
    result = run("edges", "--game", game, "--rules", "atlantis")
    assert result.returncode == 2
    assert f"unknown rules 'atlantis' for {game}; the rules are:" in result.stderr
