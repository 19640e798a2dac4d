"""The command line: ``python -m casino_math SUBCOMMAND ...``.

``edges`` prints every bet of a game with its exact probabilities and house
edge; ``session`` and ``ruin`` what happens over many bets; ``eor`` baccarat's
effects of removal; ``hand-length`` how long a craps shooter's hand lasts; ``fairness`` whether a log of
roulette spins looks fair.

The command line knows no game: it reaches each one through the contract of
:class:`~casino_math.rules.Game` (:mod:`casino_math.games`), which gives the
game's named rules values, its bets, and its options (craps' ``--odds``,
baccarat's ``--decks``), each a change to the rules value.  This is the edge
of the library where rules *names* become rules values (typed with ``-`` or
``_`` alike).  Only the game asked for is imported, and nothing here imports
sympy, matplotlib or ipywidgets.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from . import bets as b
from . import games
from .bets import Bet
from .cli_args import FAIRNESS_HELP, Parser, glued, positive_int
from .formats import decimal, percent
from .report import MOST_DIGITS, Form, figure, figures_table, fraction_text
from .rules import Game, Rules
from .tables import Column, Table

#: The subcommands whose reports are of one game's bets, and so take --game and the game's options.
GAME_COMMANDS = ("edges", "session", "ruin")


def available_games() -> list[str]:
    """The games this library knows: the book's, in the order the book takes them, then any installed from outside.

    >>> available_games()[:3]
    ['roulette', 'craps', 'baccarat']
    """
    return games.names()


def load_game(name: str) -> Game[Any]:
    """The package of game ``name``, through the contract, or a clear error naming the games there are.

    >>> load_game("craps").DEFAULT_RULES
    'oxford'
    """
    return games.game(name)


def rules_for(game: str, name: str | None = None) -> tuple[Game[Any], Rules]:
    """The game's package and the rules value called ``name`` (the game's default if None).

    >>> package, rules = rules_for("craps", "quebec")
    >>> rules.name
    'Québec, By-law respecting casino games, s. 95.14'
    >>> rules_for("craps", "atlantis")
    Traceback (most recent call last):
    ...
    ValueError: unknown rules 'atlantis' for craps; the rules are: oxford, quebec, vegas
    """
    package = games.game(game)
    rules: Rules = package.RULES[listed_name(game, package, name)]
    return package, rules


def listed_name(game: str, package: Game[Any], name: str | None) -> str:
    """The name of a rules value as the game lists it (typed with - or _ alike; the default if None), or a one-line
    error listing the names there are.

    >>> listed_name("roulette", load_game("roulette"), "la-partage")
    'la_partage'
    """
    listed = games.rules_name(package, name)
    if listed not in package.RULES:
        raise ValueError(f"unknown rules {listed!r} for {game}; the rules are: {', '.join(package.RULES)}")
    return listed


def with_options(game: str, package: Game[Any], rules: Rules, options: Mapping[str, Any]) -> Rules:
    """The rules value changed by each option given (not None), as the game's ``EDGE_OPTIONS`` say.

    >>> package, rules = rules_for("baccarat")
    >>> with_options("baccarat", package, rules, {"decks": 6, "odds": None}).decks
    6
    >>> with_options("craps", *rules_for("craps"), {"decks": 6})
    Traceback (most recent call last):
    ...
    ValueError: --decks does not apply to craps
    """
    for option, value in given(options).items():
        if option not in package.EDGE_OPTIONS:
            raise ValueError(f"--{option} does not apply to {game}")
        rules = package.EDGE_OPTIONS[option].applied(rules, value)
    return rules


def given(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options given (not None), as a report echoes them.

    >>> given({"odds": "2x", "decks": None})
    {'odds': '2x'}
    """
    return {k: v for k, v in options.items() if v is not None}


def edge_row(bet_id: str, bet: Bet) -> dict[str, Any]:
    """One bet as a row of ``edges``: its payout in the casino's words, its exact figures as Fractions, its sd.

    Extra keys appear only where they apply: ``house_edge_per_resolved`` when
    the bet can push, ``expected_rolls`` and ``house_edge_per_roll`` when it
    lasts more than one round, ``house_edge_per_wager`` when a commission is
    paid up front (``house_edge`` is then per total amount put down).

    >>> from casino_math.dice import one_face_bet
    >>> row = edge_row("six", one_face_bet(4))
    >>> row["pays"], row["p_win"], row["house_edge"], as_text(row["sd"])
    ('4 to 1', Fraction(1, 6), Fraction(1, 6), '1.863390')
    """
    edges = b.house_edges(bet)
    row: dict[str, Any] = {
        "bet": bet_id, "pays": b.pays_text(bet), "p_win": b.p_win(bet), "p_lose": b.p_lose(bet),
        "p_push": b.p_push(bet), "house_edge": edges[b.PER_AMOUNT_PUT_DOWN], "sd": b.standard_deviation(bet),
    }
    if b.PER_BET_RESOLVED in edges:
        row["house_edge_per_resolved"] = edges[b.PER_BET_RESOLVED]
    if b.PER_ROUND in edges:
        row["expected_rolls"] = bet.rounds
        row["house_edge_per_roll"] = edges[b.PER_ROUND]
    if b.PER_BET_MADE in edges:
        row["house_edge_per_wager"] = edges[b.PER_BET_MADE]
    return row


def edges_report(game: str, rules: str | None = None, **options: Any) -> dict[str, Any]:
    """The ``edges`` report of a game under a named rules value: each bet's row, its figures exact.

    >>> report = edges_report("craps", "quebec")
    >>> report["rules"], report["bets"][0]["bet"], report["bets"][0]["house_edge"]
    ('quebec', 'pass', Fraction(7, 495))
    """
    package, value = rules_for(game, rules)
    value = with_options(game, package, value, options)
    rows = [edge_row(bet_id, bet) for bet_id, bet in package.edge_bets(value)]
    return {"game": game, "rules": games.rules_name(package, rules), **given(options), "bets": rows}


def described(report: Mapping[str, Any]) -> str:
    """What a report is of, for its caption: the game, the rules and the options given.

    >>> described({"game": "baccarat", "rules": "oxford", "decks": 6}), described({"game": "craps", "rules": "vegas", "odds": "2x"})
    ('baccarat (oxford rules, 6 decks)', 'craps (vegas rules, 2x odds)')
    """
    options = games.game(report["game"]).EDGE_OPTIONS
    extras = [option.said(report[name]) for name, option in options.items() if name in report]
    return f"{report['game']} ({', '.join([report['rules'] + ' rules', *extras])})"


def eor_report(rules: str | None = None, decks: int | None = None) -> dict[str, Any]:
    """Baccarat's effect of removal: each bet's exact change in EV when one card of each point value is removed.

    >>> report = eor_report(decks=1)
    >>> report["rules"], report["decks"], report["eor"]["5"]["banker"]      # a 5 gone hurts the banker bet
    ('oxford', 1, Fraction(-138857, 234122980))
    """
    from . import baccarat
    from .baccarat.eor import effect_of_removal

    name = listed_name("baccarat", baccarat, rules)
    value = baccarat.RULES[name] if decks is None else baccarat.RULES[name].changed(decks=decks)
    effects = effect_of_removal(value)
    eor = {str(v): {bet: e[bet] for bet in value.bets} for v, e in effects.items()}
    return {"game": "baccarat", "rules": name, "decks": value.decks, "eor": eor}


def game_bet(game: str, bet_id: str, rules: str | None = None, **options: Any) -> Bet:
    """The bet ``bet_id`` of ``game`` under a named rules value (the game's default if none), changed by the
    options that apply to the game (``decks``, ``odds``), or a clear error.

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
    package, value = rules_for(game, rules)
    return package.bet(bet_id, with_options(game, package, value, options))


def session_report(game: str, bet_id: str, rounds: int, rules: str | None = None, exact: bool = False,
                   form: Form = "table", **options: Any) -> dict[str, Any]:
    """The ``session`` report: the net result of ``rounds`` one-unit bets, exactly, as a JSON-ready dict.

    >>> session_report("craps", "field", 2)["p_ahead"]     # two wins, or a 2 or 12 and a loss: (4/9)^2 + 2 (2/36)(5/9)
    '7/27'
    """
    from . import session

    package, _ = rules_for(game, rules)
    bet = game_bet(game, bet_id, rules, **options)
    s = session.session(bet, rounds)
    report = {"game": game, "rules": games.rules_name(package, rules), **given(options), "bet": bet_id,
              "rounds": rounds}
    report |= figure("expected_net", s.expected_net(), exact, form)
    report |= figure("variance", session.session_variance(bet, rounds), exact, form)
    report["sd"] = decimal(session.session_sd(bet, rounds), 6)
    for name, q in (("p_ahead", s.p_ahead()), ("p_even", s.p_even()), ("p_behind", s.p_behind())):
        report |= figure(name, q, exact, form)
    return report


def ruin_report(game: str, bet_id: str, bankroll: int, goal: int, rules: str | None = None, exact: bool = False,
                form: Form = "table", **options: Any) -> dict[str, Any]:
    """The ``ruin`` report: reaching ``goal`` units before losing ``bankroll``, one-unit bets, exactly.

    >>> ruin_report("craps", "pass", 1, 2)["p_goal"]           # one bet decides it
    '244/495'
    """
    from . import ruin

    package, _ = rules_for(game, rules)
    r = ruin.ruin(game_bet(game, bet_id, rules, **options), bankroll, goal)
    report = {"game": game, "rules": games.rules_name(package, rules), **given(options), "bet": bet_id,
              "bankroll": bankroll, "goal": goal}
    for name, q in (("p_goal", r.p_goal), ("p_ruin", r.p_ruin), ("expected_bets", r.expected_bets)):
        report |= figure(name, q, exact, form)
    return report


def as_text(value: object) -> str:
    """A value of a report as the command line writes it: a fraction "n/d", an sd to 6 places, the rest as is.

    >>> as_text(Fraction(7, 495)), as_text(Decimal("1.8633899812")), as_text("4 to 1")
    ('7/495', '1.863390', '4 to 1')
    """
    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, Decimal):
        return decimal(value, 6)
    return str(value)


def as_table(report: Mapping[str, Any]) -> str:
    """An ``edges`` report as a text table, each house edge with its percent."""
    rows = report["bets"]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    body = [[_cell(k, row[k]) if k in row else "" for k in keys] for row in rows]
    return repr(Table([Column(k) for k in keys], body, described(report)))


def _cell(key: str, value: object) -> str:
    if key.startswith("house_edge") and isinstance(value, Fraction):
        return f"{fraction_text(value)} ({percent(value, 3)})"
    return as_text(value)


def as_json(report: Mapping[str, Any]) -> str:
    """A report as indented JSON, each value as :func:`as_text` writes it (``json`` is imported only here)."""
    import json

    return json.dumps(report, indent=2, default=as_text)


def as_csv(report: Mapping[str, Any]) -> str:
    """An ``edges`` report as CSV, one row per bet."""
    import csv
    import io

    rows = report["bets"]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=keys, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: as_text(v) for k, v in row.items()} for row in rows)
    return out.getvalue()


def cmd_edges(args: argparse.Namespace) -> str:
    report = edges_report(args.game, args.rules, **args.options)
    return {"json": as_json, "csv": as_csv, "table": as_table}[args.format](report)


def cmd_eor(args: argparse.Namespace) -> str:
    report = eor_report(args.rules, args.decks)
    if args.format == "json":
        return as_json(report)
    bet_ids = list(next(iter(report["eor"].values())))
    rows = [[v, *(percent(e[bet], 6) for bet in bet_ids)] for v, e in report["eor"].items()]
    decks = report["decks"]
    caption = (f"Effect of removing one card of each point value from {decks} deck{'s' * (decks != 1)} "
               f"({report['rules']} rules; change in EV per unit staked)")
    return repr(Table([Column("card"), *(Column(bet) for bet in bet_ids)], rows, caption))


def cmd_session(args: argparse.Namespace) -> str:
    report = session_report(args.game, args.bet, args.rounds, args.rules, args.exact, args.format, **args.options)
    if args.format == "json":
        return as_json(report)
    rows = [("expected net", "expected_net"), ("variance", "variance"), ("standard deviation", "sd"),
            ("P(ahead)", "p_ahead"), ("P(even)", "p_even"), ("P(behind)", "p_behind")]
    report = {**report, "sd": "(the square root of the variance)", "sd_decimal": report["sd"]}
    caption = f"{args.rounds} one-unit bets on {args.bet}, {described(report)}: the net result, in units"
    return figures_table(report, rows, caption)


def cmd_ruin(args: argparse.Namespace) -> str:
    report = ruin_report(args.game, args.bet, args.bankroll, args.goal, args.rules, args.exact, args.format,
                         **args.options)
    if args.format == "json":
        return as_json(report)
    rows = [("P(goal)", "p_goal"), ("P(ruin)", "p_ruin"), ("expected bets", "expected_bets")]
    caption = (f"{args.bet}, {described(report)}, one unit a bet: from {args.bankroll} units to {args.goal} "
               "or ruin")
    return figures_table(report, rows, caption)


def cmd_hand_length(args: argparse.Namespace) -> str:
    from . import craps
    from .craps.hand import hand_length_report, hand_length_table

    name = listed_name("craps", craps, args.rules)
    report = {"game": "craps", "rules": name}
    report |= hand_length_report(args.at_least, craps.RULES[name], args.exact, args.format)
    return as_json(report) if args.format == "json" else hand_length_table(report)


def cmd_fairness(args: argparse.Namespace) -> str:
    from . import roulette
    from .roulette.fairness import log_of_counts_text, log_of_file
    from .roulette.fairness_report import fairness_report, fairness_table

    name = listed_name("roulette", roulette, args.rules)
    rules = roulette.RULES[name]
    log = log_of_file(args.spins, rules) if args.spins else log_of_counts_text(args.counts, rules)
    report = {"game": "roulette", "rules": name} | fairness_report(log, args.exact, args.format)
    return as_json(report) if args.format == "json" else fairness_table(report)


def rules_help(names: Sequence[str] | None = None, options: bool = False) -> str:
    """The rules values of the games (every game if None), and their options, for the help of the subcommands."""
    names = games.names() if names is None else names
    lines = ["rules values by game:"]
    for name in names:
        game = games.game(name)
        listed = ", ".join(f"{n} (default)" if n == game.DEFAULT_RULES else n for n in game.RULES)
        lines.append(f"  {name}: {listed}")
    if options:
        lines.append("options by game:")
        for name in names:
            for option, what in games.game(name).EDGE_OPTIONS.items():
                lines.append(f"  {name}: --{option} {option.upper()}: {what.help}")
    return "\n".join(lines)


def game_options(game: str, words: Sequence[str], prog: str) -> dict[str, Any]:
    """The game's options among the words of a command line that the subcommand itself did not take.

    >>> game_options("craps", ["--odds", "2x"], "edges")
    {'odds': '2x'}
    >>> game_options("roulette", ["--decks", "6"], "edges")
    Traceback (most recent call last):
    ...
    ValueError: --decks does not apply to roulette
    """
    package = games.game(game)
    for word in words:
        if word.startswith("--") and word[2:].split("=")[0] not in package.EDGE_OPTIONS:
            raise ValueError(f"{word.split('=')[0]} does not apply to {game}")
    parser = Parser(prog=prog, add_help=False)
    for option, what in package.EDGE_OPTIONS.items():
        parser.add_argument(f"--{option}", dest=option, type=_typed(f"--{option}", what.value), help=what.help)
    return vars(parser.parse_args(words))


def _typed(option: str, value: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from an option's reading of its text: its one-line error becomes argparse's."""

    def parse(text: str) -> Any:
        try:
            return value(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def shared_options(parser: argparse.ArgumentParser, formats: tuple[str, ...], game: bool = True) -> None:
    """The options every subcommand shares: --game, --rules and --format."""
    if game:
        parser.add_argument("--game", required=True, help="a game, one of those listed below")
    parser.add_argument("--rules", help="a rules value of the game; default: the game's own, marked (default) below")
    parser.add_argument("--format", choices=formats, default="table", help="how to print the result (default: table)")


def exact_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exact", action="store_true",
                        help=f"print every exact fraction whole (a table prints those of up to {MOST_DIGITS} digits)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m casino_math", description="Exact probabilities and house edges of casino bets.")
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)
    common: dict[str, Any] = {"epilog_from": lambda: rules_help(options=True)}
    game_usage = "a game's own options (--odds, --decks) are listed below"

    edges = sub.add_parser("edges", **common,
                           help="every bet of a game with its exact probabilities and house edge",
                           description=f"Every bet of a game with its exact probabilities and house edge; {game_usage}.")
    shared_options(edges, ("table", "json", "csv"))
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
                             f"after N one-unit bets; {game_usage}.")
    shared_options(session, ("table", "json"))
    session.add_argument("--bet", required=True, help="a bet ID, as python -m casino_math edges lists them")
    session.add_argument("--rounds", required=True, type=positive_int("--rounds"), help="the number of bets N")
    exact_option(session)
    session.set_defaults(run=cmd_session)

    ruin = sub.add_parser("ruin", **common,
                          help="the chance of reaching a goal before losing a bankroll, and the expected bets",
                          description="Betting one unit at a time from BANKROLL units: the exact chance of "
                          "reaching GOAL units before the bankroll can no longer cover a bet, and the expected "
                          f"number of bets until one or the other happens; {game_usage}.")
    shared_options(ruin, ("table", "json"))
    ruin.add_argument("--bet", required=True, help="a bet ID, as python -m casino_math edges lists them")
    ruin.add_argument("--bankroll", required=True, type=positive_int("--bankroll"),
                      help="the starting bankroll, in units (stakes)")
    ruin.add_argument("--goal", required=True, type=positive_int("--goal"),
                      help="the bankroll to reach, in units: the whole amount, not the gain (more than --bankroll)")
    exact_option(ruin)
    ruin.set_defaults(run=cmd_ruin)

    hand = sub.add_parser("hand-length", epilog_from=lambda: rules_help(("craps",)),
                          help="craps: the chance that a shooter's hand lasts at least N rolls, and its mean",
                          description="Craps: the exact chance that a shooter's hand lasts at least N rolls, the "
                          "seven-out included, and the expected number of rolls in a hand.")
    shared_options(hand, ("table", "json"), game=False)
    hand.add_argument("--at-least", required=True, type=positive_int("--at-least", 9), metavar="N",
                      help="the number of rolls N (a whole number from 1 up)")
    exact_option(hand)
    hand.set_defaults(run=cmd_hand_length)

    fairness = sub.add_parser("fairness", epilog_from=lambda: rules_help(("roulette",)),
                              help="roulette: is a log of spins fair? The chi-square test and the hot pocket's chance",
                              description=FAIRNESS_HELP)
    shared_options(fairness, ("table", "json"), game=False)
    logged = fairness.add_mutually_exclusive_group(required=True)
    logged.add_argument("--counts", metavar="C0,C00,C1,...,C36",
                        help="each pocket's count in the digits 0 to 9, in the order 0, 00, 1, ..., 36 (37 counts, "
                        "without 00, on a single-zero wheel)")
    logged.add_argument("--spins", metavar="FILE",
                        help="a file of spins, one pocket a line (blank lines and a byte-order mark are skipped)")
    exact_option(fairness)
    fairness.set_defaults(run=cmd_fairness)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(glued(sys.argv[1:] if argv is None else argv, "--counts"))
    if rest and args.command not in GAME_COMMANDS:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    run: Callable[[argparse.Namespace], str] = args.run
    try:
        if args.command in GAME_COMMANDS:
            args.options = game_options(args.game, rest, f"{parser.prog} {args.command}")
        print(run(args), flush=True)
    except ValueError as error:  # a one-line error of the library about what was asked: a user's mistake
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader left (| head): stop quietly, as other command-line tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:  # Ctrl-C: stop with one line, and the status a shell gives a command stopped so (128 + 2)
        print(f"{parser.prog} {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0
