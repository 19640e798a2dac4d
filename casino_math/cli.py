"""The command line: ``python -m casino_math SUBCOMMAND ...``.

``edges`` prints every bet of a game with its exact probabilities and house
edge; ``eor`` baccarat's effects of removal; ``session`` and ``ruin`` what
happens over many bets; ``hand-length`` how long a craps shooter's hand lasts.  A game is a package of this library that provides:

- ``RULES``: a mapping from a rules name to a frozen rules value, and
  ``DEFAULT_RULES``, the name used when ``--rules`` is not given;
- ``bet(bet_id, rules)`` and ``edge_bets(rules, **options)``: one bet by its
  ID, and every bet as ``(bet_id, Bet)`` pairs;
- ``EDGE_OPTIONS``: the extra options of ``edges`` for the game.  An option
  that names a field of the rules value (baccarat's ``decks``) changes the
  rules; any other (craps' ``odds``) is passed to ``edge_bets``.

This is the edge of the library where rules *names* become rules values.
Only the game asked for is imported, and nothing here imports sympy,
matplotlib or ipywidgets.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Collection
from fractions import Fraction
from importlib import import_module
from types import ModuleType
from typing import Any, cast

from . import bets as b
from .bets import Bet
from .cli_args import Parser, positive_int
from .display import Table, decimal, fraction_text, percent
from .report import MOST_DIGITS, figure, figures_table
from .rules import GameRules

GAMES = ("roulette", "craps", "baccarat")

def available_games() -> list[str]:
    """The games this library knows, in the order the book takes them.

    >>> available_games()
    ['roulette', 'craps', 'baccarat']
    """
    return list(GAMES)


def load_game(name: str) -> ModuleType:
    """The package of game ``name``, or a clear error naming the games there are.

    >>> load_game("craps").DEFAULT_RULES
    'oxford'
    >>> load_game("poker")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'poker'; the games are: roulette, craps, baccarat
    """
    if name not in available_games():
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(available_games())}")
    return import_module(f"casino_math.{name}")


def rules_for(game: str, name: str | None = None) -> tuple[ModuleType, GameRules]:
    """The game's package and the rules value called ``name`` (the game's default if None).

    >>> module, rules = rules_for("craps", "quebec")
    >>> rules.name
    'Québec, By-law respecting casino games, s. 95.14'
    >>> rules_for("craps", "atlantis")
    Traceback (most recent call last):
    ...
    ValueError: unknown rules 'atlantis' for craps; the rules are: oxford, quebec, vegas
    """
    module = load_game(game)
    name = rules_name(module, name)
    if name not in module.RULES:
        raise ValueError(f"unknown rules {name!r} for {game}; the rules are: {', '.join(module.RULES)}")
    return module, cast(GameRules, module.RULES[name])


def rules_name(module: ModuleType, name: str | None) -> str:
    """The name of the rules value ``name`` of a game as the game lists it (its default if None).

    >>> rules_name(load_game("roulette"), "single-zero"), rules_name(load_game("craps"), None)
    ('single_zero', 'oxford')
    """
    return spelt_as_listed(name or module.DEFAULT_RULES, module.RULES)


def spelt_as_listed(name: str, names: Collection[str]) -> str:
    """``name`` as ``names`` spell it, where it differs only by - for _ or _ for - (else ``name`` as it was).

    >>> spelt_as_listed("single-zero", ["oxford", "single_zero"]), spelt_as_listed("tie_9_to_1", ["tie-9-to-1"])
    ('single_zero', 'tie-9-to-1')
    """
    return next((listed for listed in names if listed.replace("-", "_") == name.replace("-", "_")), name)


def edge_row(bet_id: str, bet: Bet) -> dict[str, str]:
    """One bet as the JSON row of ``edges``: exact fractions as "n/d" strings, sd as a decimal string.

    Extra keys appear only where they apply: ``house_edge_per_resolved`` when
    the bet can push, ``expected_rolls`` and ``house_edge_per_roll`` when it
    lasts more than one round, ``house_edge_per_wager`` when a commission is
    paid up front (``house_edge`` is then per total amount put down).

    >>> from casino_math.dice import one_face_bet
    >>> edge_row("six", one_face_bet(4))
    {'bet': 'six', 'pays': '4 to 1', 'p_win': '1/6', 'p_lose': '5/6', 'p_push': '0', 'house_edge': '1/6', 'sd': '1.863390'}
    """
    edges = b.house_edges(bet)
    row = {
        "bet": bet_id,
        "pays": b.pays_text(bet),
        "p_win": fraction_text(b.p_win(bet)),
        "p_lose": fraction_text(b.p_lose(bet)),
        "p_push": fraction_text(b.p_push(bet)),
        "house_edge": fraction_text(edges[b.PER_AMOUNT_PUT_DOWN]),
        "sd": decimal(b.standard_deviation(bet), 6),
    }
    if b.PER_BET_RESOLVED in edges:
        row["house_edge_per_resolved"] = fraction_text(edges[b.PER_BET_RESOLVED])
    if b.PER_ROUND in edges:
        row["expected_rolls"] = fraction_text(bet.rounds)
        row["house_edge_per_roll"] = fraction_text(edges[b.PER_ROUND])
    if b.PER_BET_MADE in edges:
        row["house_edge_per_wager"] = fraction_text(edges[b.PER_BET_MADE])
    return row


def with_options(game: str, module: ModuleType, rules: GameRules,
                 options: dict[str, Any]) -> tuple[GameRules, dict[str, Any]]:
    """The rules changed by the options that name a rules field, and the options left for ``edge_bets``.

    >>> module, rules = rules_for("baccarat")
    >>> changed, rest = with_options("baccarat", module, rules, {"decks": 6})
    >>> changed.decks, rest
    (6, {})
    >>> with_options("craps", *rules_for("craps"), {"decks": 6})
    Traceback (most recent call last):
    ...
    ValueError: --decks does not apply to craps
    """
    allowed = getattr(module, "EDGE_OPTIONS", ())
    given = {k: v for k, v in options.items() if v is not None}
    for option in given:
        if option not in allowed:
            raise ValueError(f"--{option} does not apply to {game}")
    changes = {k: v for k, v in given.items() if k in rules.field_names()}
    return (rules.changed(**changes) if changes else rules), {k: v for k, v in given.items() if k not in changes}


def edges_report(game: str, rules: str | None = None, **options: Any) -> dict[str, Any]:
    """The ``edges`` report of a game under a named rules value, as a JSON-ready dict.

    >>> report = edges_report("craps", "quebec")
    >>> report["rules"], report["bets"][0]["bet"], report["bets"][0]["house_edge"]
    ('quebec', 'pass', '7/495')
    """
    module, value = rules_for(game, rules)
    value, rest = with_options(game, module, value, options)
    rows = [edge_row(bet_id, bet) for bet_id, bet in module.edge_bets(value, **rest)]
    return {"game": game, "rules": rules_name(module, rules), **given(options), "bets": rows}


def given(options: dict[str, Any]) -> dict[str, Any]:
    """The options given (not None), as a report echoes them.

    >>> given({"odds": "2x", "decks": None})
    {'odds': '2x'}
    """
    return {k: v for k, v in options.items() if v is not None}


def described(report: dict[str, Any]) -> str:
    """What a report is of, for its caption: the game, the rules and the options given.

    >>> described({"game": "baccarat", "rules": "oxford", "decks": 6}), described({"game": "craps", "rules": "vegas", "odds": "2x"})
    ('baccarat (oxford rules, 6 decks)', 'craps (vegas rules, 2x odds)')
    """
    extras = [f"{report['decks']} deck{'s' * (report['decks'] != 1)}"] if "decks" in report else []
    extras += [f"{report['odds']} odds"] if "odds" in report else []
    return f"{report['game']} ({', '.join([report['rules'] + ' rules', *extras])})"


def eor_report(rules: str | None = None, decks: int | None = None) -> dict[str, Any]:
    """Baccarat's effect of removal: each bet's exact change in EV when one card of each point value is removed.

    >>> report = eor_report(decks=1)
    >>> report["rules"], report["decks"], report["eor"]["5"]["banker"]      # a 5 gone hurts the banker bet
    ('oxford', 1, '-138857/234122980')
    """
    from .baccarat import BaccaratRules
    from .baccarat.eor import effect_of_removal

    module, named_value = rules_for("baccarat", rules)
    value = cast(BaccaratRules, with_options("baccarat", module, named_value, {"decks": decks})[0])
    effects = effect_of_removal(value)
    eor = {str(v): {bet: fraction_text(e[bet]) for bet in value.bets} for v, e in effects.items()}
    return {"game": "baccarat", "rules": rules_name(module, rules), "decks": value.decks, "eor": eor}


def game_bet(game: str, bet_id: str, rules: str | None = None, **options: Any) -> Bet:
    """The bet ``bet_id`` of ``game`` under a named rules value (the game's default if none), changed by the
    ``edges`` options that apply to the game (``decks``, ``odds``), or a clear error.

    >>> from casino_math.bets import house_edge
    >>> house_edge(game_bet("craps", "pass"))
    Fraction(7, 495)
    >>> game_bet("craps", "plase_6")
    Traceback (most recent call last):
    ...
    ValueError: unknown craps bet 'plase_6'; did you mean place_6, place_9 or place_8? (python -m casino_math edges --game craps lists every bet)
    >>> house_edge(game_bet("craps", "pass_with_odds", odds="2x"))     # 7/495 lost on 1 + 2 x 2/3 units bet
    Fraction(1, 165)
    """
    module, value = rules_for(game, rules)
    value, rest = with_options(game, module, value, options)
    return cast(Bet, module.bet(bet_id, value, **rest))


def session_report(game: str, bet_id: str, rounds: int, rules: str | None = None,
                   exact: bool = False, **options: Any) -> dict[str, Any]:
    """The ``session`` report: the net result of ``rounds`` one-unit bets, exactly, as a JSON-ready dict.

    >>> session_report("craps", "field", 2)["p_ahead"]     # two wins, or a 2 or 12 and a loss: (4/9)^2 + 2 (2/36)(5/9)
    '7/27'
    """
    from . import session

    module, _ = rules_for(game, rules)
    bet = game_bet(game, bet_id, rules, **options)
    s = session.session(bet, rounds)
    report = {"game": game, "rules": rules_name(module, rules), **given(options), "bet": bet_id, "rounds": rounds}
    report |= figure("expected_net", s.expected_net(), exact)
    report |= figure("variance", session.session_variance(bet, rounds), exact)
    report["sd"] = decimal(session.session_sd(bet, rounds), 6)
    for name, q in (("p_ahead", s.p_ahead()), ("p_even", s.p_even()), ("p_behind", s.p_behind())):
        report |= figure(name, q, exact)
    return report


def ruin_report(game: str, bet_id: str, bankroll: int, goal: int, rules: str | None = None,
                exact: bool = False, **options: Any) -> dict[str, Any]:
    """The ``ruin`` report: reaching ``goal`` units before losing ``bankroll``, one-unit bets, exactly.

    >>> ruin_report("craps", "pass", 1, 2)["p_goal"]           # one bet decides it
    '244/495'
    """
    from . import ruin

    module, _ = rules_for(game, rules)
    r = ruin.ruin(game_bet(game, bet_id, rules, **options), bankroll, goal)
    report = {"game": game, "rules": rules_name(module, rules), **given(options), "bet": bet_id,
              "bankroll": bankroll, "goal": goal}
    for name, q in (("p_goal", r.p_goal), ("p_ruin", r.p_ruin), ("expected_bets", r.expected_bets)):
        report |= figure(name, q, exact)
    return report


def as_table(report: dict[str, Any]) -> str:
    """An ``edges`` report as a text table, each house edge with its percent."""
    rows = report["bets"]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    body = [[_cell(k, row.get(k, "")) for k in keys] for row in rows]
    return repr(Table(keys, body, described(report)))


def _cell(key: str, value: str) -> str:
    if key.startswith("house_edge") and value:
        return f"{value} ({percent(Fraction(value), 3)})"
    return value


def as_json(report: dict[str, Any]) -> str:
    """A report as indented JSON (``json`` is imported only when JSON is asked for)."""
    import json

    return json.dumps(report, indent=2)


def as_csv(report: dict[str, Any]) -> str:
    """An ``edges`` report as CSV, one row per bet."""
    import csv
    import io

    rows = report["bets"]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=keys, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def cmd_edges(args: argparse.Namespace) -> str:
    report = edges_report(args.game, args.rules, odds=args.odds, decks=args.decks)
    return {"json": as_json, "csv": as_csv, "table": as_table}[args.format](report)


def cmd_eor(args: argparse.Namespace) -> str:
    report = eor_report(args.rules, args.decks)
    if args.format == "json":
        return as_json(report)
    bet_ids = list(next(iter(report["eor"].values())))
    rows = [[v, *(percent(Fraction(e[bet]), 6) for bet in bet_ids)] for v, e in report["eor"].items()]
    decks = report["decks"]
    caption = (f"Effect of removing one card of each point value from {decks} deck{'s' * (decks != 1)} "
               f"({report['rules']} rules; change in EV per unit staked)")
    return repr(Table(["card", *bet_ids], rows, caption))


def cmd_session(args: argparse.Namespace) -> str:
    report = session_report(args.game, args.bet, args.rounds, args.rules, args.exact, odds=args.odds, decks=args.decks)
    if args.format == "json":
        return as_json(report)
    rows = [("expected net", "expected_net"), ("variance", "variance"), ("standard deviation", "sd"),
            ("P(ahead)", "p_ahead"), ("P(even)", "p_even"), ("P(behind)", "p_behind")]
    report = {**report, "sd": "(the square root of the variance)", "sd_decimal": report["sd"]}
    caption = f"{args.rounds} one-unit bets on {args.bet}, {described(report)}: the net result, in units"
    return figures_table(report, rows, caption)


def cmd_ruin(args: argparse.Namespace) -> str:
    report = ruin_report(args.game, args.bet, args.bankroll, args.goal, args.rules, args.exact, odds=args.odds,
                         decks=args.decks)
    if args.format == "json":
        return as_json(report)
    rows = [("P(goal)", "p_goal"), ("P(ruin)", "p_ruin"), ("expected bets", "expected_bets")]
    caption = (f"{args.bet}, {described(report)}, one unit a bet: from {args.bankroll} units to {args.goal} "
               "or ruin")
    return figures_table(report, rows, caption)


def cmd_hand_length(args: argparse.Namespace) -> str:
    from .craps import CrapsRules
    from .craps.hand import hand_length_report, hand_length_table

    module, rules = rules_for("craps", args.rules)
    report = {"game": "craps", "rules": rules_name(module, args.rules)}
    report |= hand_length_report(args.at_least, cast(CrapsRules, rules), args.exact)
    return as_json(report) if args.format == "json" else hand_length_table(report)


def rules_help(games: tuple[str, ...] = GAMES) -> str:
    """The rules values of the games, for the help of the subcommands."""
    lines = []
    for game in games:
        module = load_game(game)
        names = ", ".join(f"{n} (default)" if n == module.DEFAULT_RULES else n for n in module.RULES)
        lines.append(f"  {game}: {names}")
    return "rules values by game:\n" + "\n".join(lines)


def shared_options(parser: argparse.ArgumentParser, formats: tuple[str, ...], game: bool = True) -> None:
    """The options every subcommand shares: --game, --rules and --format."""
    if game:
        parser.add_argument("--game", required=True, help="one of: " + ", ".join(GAMES))
    parser.add_argument("--rules", help="a rules value of the game (listed below); default: the Oxford Casino's")
    parser.add_argument("--format", choices=formats, default="table", help="how to print the result (default: table)")


def game_options(parser: argparse.ArgumentParser) -> None:
    """The options of one game: craps' odds policy and baccarat's decks."""
    parser.add_argument("--odds", help="craps: an odds policy for the line bets, e.g. 1x, 2x, 3-4-5x, 100x")
    parser.add_argument("--decks", type=positive_int("--decks"), help="baccarat: the decks in the shoe (default 8)")


def exact_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exact", action="store_true",
                        help=f"print every exact fraction whole, even past {MOST_DIGITS} digits")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m casino_math", description="Exact probabilities and house edges of casino bets.")
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)
    common: dict[str, Any] = {"epilog_from": rules_help}

    edges = sub.add_parser("edges", **common,
                           help="every bet of a game with its exact probabilities and house edge",
                           description="Every bet of a game with its exact probabilities and house edge.")
    shared_options(edges, ("table", "json", "csv"))
    game_options(edges)
    edges.set_defaults(run=cmd_edges)

    eor = sub.add_parser("eor", epilog_from=lambda: rules_help(("baccarat",)),
                         help="baccarat: the effect of removing one card of each point value on every bet",
                         description="Baccarat: each bet's exact change in expected value per unit staked "
                         "when one card of each point value is removed from a full shoe.")
    shared_options(eor, ("table", "json"), game=False)
    eor.add_argument("--decks", type=positive_int("--decks"), help="the decks in the shoe (default: the rules')")
    eor.set_defaults(run=cmd_eor)

    session = sub.add_parser("session", **common,
                             help="the exact net result of N one-unit bets: expected, variance, P(ahead/even/behind)",
                             description="The exact distribution of the net result, in units of the stake, "
                             "after N one-unit bets.")
    shared_options(session, ("table", "json"))
    session.add_argument("--bet", required=True, help="a bet ID, as python -m casino_math edges lists them")
    session.add_argument("--rounds", required=True, type=positive_int("--rounds"), help="the number of bets N")
    game_options(session)
    exact_option(session)
    session.set_defaults(run=cmd_session)

    ruin = sub.add_parser("ruin", **common,
                          help="the chance of reaching a goal before losing a bankroll, and the expected bets",
                          description="Betting one unit at a time from BANKROLL units: the exact chance of "
                          "reaching GOAL units before the bankroll can no longer cover a bet, and the expected "
                          "number of bets until one or the other happens.")
    shared_options(ruin, ("table", "json"))
    ruin.add_argument("--bet", required=True, help="a bet ID, as python -m casino_math edges lists them")
    ruin.add_argument("--bankroll", required=True, type=positive_int("--bankroll"),
                      help="the starting bankroll, in units (stakes)")
    ruin.add_argument("--goal", required=True, type=positive_int("--goal"),
                      help="the bankroll to reach, in units: the whole amount, not the gain (more than --bankroll)")
    game_options(ruin)
    exact_option(ruin)
    ruin.set_defaults(run=cmd_ruin)

    hand = sub.add_parser("hand-length", epilog_from=lambda: rules_help(("craps",)),
                          help="craps: the chance that a shooter's hand lasts at least N rolls, and its mean",
                          description="Craps: the exact chance that a shooter's hand lasts at least N rolls, the "
                          "seven-out included, and the expected number of rolls in a hand.")
    shared_options(hand, ("table", "json"), game=False)
    hand.add_argument("--at-least", required=True, type=positive_int("--at-least"), metavar="N",
                      help="the number of rolls N (a whole number from 1 up)")
    exact_option(hand)
    hand.set_defaults(run=cmd_hand_length)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "exact", False):
        sys.set_int_max_str_digits(0)  # --exact asks for fractions of any length, written out whole
    try:
        print(cast(Callable[[argparse.Namespace], str], args.run)(args), flush=True)
    except (ValueError, TypeError) as error:
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left (| head): stop quietly, as other command-line tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
