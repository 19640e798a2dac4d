"""The command line: ``python -m casino_math SUBCOMMAND ...``.

``edges`` prints every bet of a game with its exact probabilities and house
edge.  A game is a module of this package that provides:

- ``RULES``: a mapping from a rules name to a frozen rules value, and
  ``DEFAULT_RULES``, the name used when ``--rules`` is not given;
- ``edge_bets(rules, **options)``: a list of ``(bet_id, Bet)`` pairs;
- ``EDGE_OPTIONS``: the names of the extra options ``edge_bets`` takes
  (among ``odds`` and ``decks``).

Nothing here imports sympy, matplotlib or ipywidgets.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from fractions import Fraction
from importlib import import_module
from importlib.util import find_spec

from . import bets as b
from .display import Table, decimal, fraction_text, percent

GAMES = ("roulette", "craps", "baccarat")


def available_games() -> list[str]:
    """The games whose module is present in this installation.

    >>> available_games()
    ['roulette', 'craps', 'baccarat']
    """
    return [g for g in GAMES if find_spec(f"casino_math.{g}") is not None]


def load_game(name: str):
    """The module of game ``name``, or a clear error naming the games there are.

    >>> load_game("roulette").DEFAULT_RULES
    'oxford'
    >>> load_game("poker")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'poker'; the games are: roulette, craps, baccarat
    """
    if name not in available_games():
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(available_games())}")
    return import_module(f"casino_math.{name}")


def edge_row(bet_id: str, bet: b.Bet) -> dict:
    """One bet as the JSON row of ``edges``: exact fractions as "n/d" strings, sd as a decimal string.

    Extra keys appear only where they apply: ``house_edge_per_resolved`` when
    the bet can push, ``expected_rolls`` and ``house_edge_per_roll`` when it
    lasts more than one round, ``house_edge_per_wager`` when a commission is
    paid up front (``house_edge`` is then per total amount put down).

    >>> from casino_math.dice import one_face_bet
    >>> edge_row("six", one_face_bet(4))
    {'bet': 'six', 'pays': '4 to 1', 'p_win': '1/6', 'p_lose': '5/6', 'p_push': '0', 'house_edge': '1/6', 'sd': '1.863390'}
    """
    row = {
        "bet": bet_id,
        "pays": b.pays_text(bet),
        "p_win": fraction_text(b.p_win(bet)),
        "p_lose": fraction_text(b.p_lose(bet)),
        "p_push": fraction_text(b.p_push(bet)),
        "house_edge": fraction_text(b.house_edge(bet)),
        "sd": decimal(b.standard_deviation(bet), 6),
    }
    if b.p_push(bet):
        row["house_edge_per_resolved"] = fraction_text(b.house_edge_per_bet_resolved(bet))
    if bet.rounds != 1:
        row["expected_rolls"] = fraction_text(bet.rounds)
        row["house_edge_per_roll"] = fraction_text(b.house_edge_per_round(bet))
    if bet.commission:
        row["house_edge_per_wager"] = fraction_text(b.house_edge_per_bet_made(bet))
    return row


def edges_report(game: str, rules: str | None = None, **options) -> dict:
    """The ``edges`` report of a game under a named rules value, as a JSON-ready dict.

    >>> report = edges_report("roulette")
    >>> report["rules"], report["bets"][0]["bet"], report["bets"][0]["house_edge"]
    ('oxford', 'straight', '1/19')
    """
    module = load_game(game)
    rules = rules or module.DEFAULT_RULES
    if rules not in module.RULES:
        raise ValueError(f"unknown rules {rules!r} for {game}; the rules are: {', '.join(module.RULES)}")
    allowed = getattr(module, "EDGE_OPTIONS", ())
    for option, value in options.items():
        if value is not None and option not in allowed:
            raise ValueError(f"--{option} does not apply to {game}")
    given = {k: v for k, v in options.items() if v is not None}
    rows = [edge_row(bet_id, bet) for bet_id, bet in module.edge_bets(module.RULES[rules], **given)]
    return {"game": game, "rules": rules, **given, "bets": rows}


def _as_table(report: dict) -> str:
    rows = report["bets"]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    body = [[_cell(k, row.get(k, "")) for k in keys] for row in rows]
    return repr(Table(keys, body, f"{report['game']} ({report['rules']} rules)"))


def _cell(key: str, value: str) -> str:
    if key.startswith("house_edge") and value:
        return f"{value} ({percent(Fraction(value), 3)})"
    return value


def _as_csv(report: dict) -> str:
    rows = report["bets"]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=keys, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _rules_help() -> str:
    lines = []
    for game in available_games():
        module = import_module(f"casino_math.{game}")
        names = ", ".join(f"{n} (default)" if n == module.DEFAULT_RULES else n for n in module.RULES)
        lines.append(f"  {game}: {names}")
    return "rules values by game:\n" + "\n".join(lines)


def cmd_edges(args) -> str:
    report = edges_report(args.game, args.rules, odds=args.odds, decks=args.decks)
    if args.format == "json":
        return json.dumps(report, indent=2)
    if args.format == "csv":
        return _as_csv(report)
    return _as_table(report)


def cmd_eor(args) -> str:
    """Baccarat's effect of removal: each bet's exact change in EV when one card of each point value is removed."""
    from .baccarat import BET_IDS
    from .baccarat.eor import effect_of_removal

    decks = 8 if args.decks is None else args.decks
    effects = effect_of_removal("oxford", decks=decks)
    if args.format == "json":
        eor = {str(v): {bet: fraction_text(e[bet]) for bet in BET_IDS} for v, e in effects.items()}
        return json.dumps({"decks": decks, "eor": eor}, indent=2)
    rows = [[str(v), *(percent(e[bet], 6) for bet in BET_IDS)] for v, e in effects.items()]
    caption = f"Effect of removing one card of each point value from {decks} decks (change in EV per unit staked)"
    return repr(Table(["card", *BET_IDS], rows, caption))


def game_bet(game: str, bet_id: str, rules: str | None = None) -> b.Bet:
    """The bet ``bet_id`` of ``game`` under a named rules value (the game's default if none), or a clear error.

    >>> from casino_math.bets import house_edge
    >>> house_edge(game_bet("craps", "pass"))
    Fraction(7, 495)
    """
    module = load_game(game)
    rules = rules or module.DEFAULT_RULES
    if rules not in module.RULES:
        raise ValueError(f"unknown rules {rules!r} for {game}; the rules are: {', '.join(module.RULES)}")
    found = dict(module.edge_bets(module.RULES[rules]))
    if bet_id not in found:
        raise ValueError(f"unknown {game} bet {bet_id!r}; the bets are: {', '.join(found)}")
    return found[bet_id]


def _exact_cell(q: Fraction) -> str:
    text = fraction_text(q)
    return text if len(text) <= 40 else f"(a fraction of {len(str(q.numerator))} digits over {len(str(q.denominator))})"


def session_report(game: str, bet_id: str, rounds: int, rules: str | None = None) -> dict:
    """The ``session`` report: the net result of ``rounds`` one-unit bets, exactly, as a JSON-ready dict.

    >>> session_report("roulette", "red", 2)["p_ahead"]          # red twice: (18/38)^2
    '81/361'
    """
    from . import session

    s = session.session(game_bet(game, bet_id, rules), rounds)
    return {
        "game": game,
        "bet": bet_id,
        "rounds": rounds,
        "expected_net": fraction_text(s.expected_net()),
        "sd": decimal(session.session_sd(s.bet, rounds), 6),
        "p_ahead": fraction_text(s.p_ahead()),
        "p_even": fraction_text(s.p_even()),
        "p_behind": fraction_text(s.p_behind()),
    }


def cmd_session(args) -> str:
    report = session_report(args.game, args.bet, args.rounds, args.rules)
    if args.format == "json":
        return json.dumps(report, indent=2)
    rows = [["expected net", _exact_cell(Fraction(report["expected_net"])), decimal(Fraction(report["expected_net"]), 4)],
            ["standard deviation", "", report["sd"]]]
    rows += [[f"P({k[2:]})", _exact_cell(Fraction(report[k])), percent(Fraction(report[k]), 4)]
             for k in ("p_ahead", "p_even", "p_behind")]
    caption = f"{args.rounds} one-unit bets on {args.game} {args.bet}: the net result, in units"
    return repr(Table(["", "exact", "decimal"], rows, caption))


def ruin_report(game: str, bet_id: str, bankroll: int, goal: int, rules: str | None = None) -> dict:
    """The ``ruin`` report: reaching ``goal`` units before losing ``bankroll``, one-unit bets, exactly.

    >>> ruin_report("roulette", "red", 1, 2)["p_goal"]           # one bet decides it
    '9/19'
    """
    from . import ruin

    r = ruin.ruin(game_bet(game, bet_id, rules), bankroll, goal)
    return {"p_goal": fraction_text(r.p_goal), "p_ruin": fraction_text(r.p_ruin),
            "expected_bets": fraction_text(r.expected_bets)}


def cmd_ruin(args) -> str:
    report = ruin_report(args.game, args.bet, args.bankroll, args.goal, args.rules)
    if args.format == "json":
        return json.dumps(report, indent=2)
    rows = [[label, _exact_cell(Fraction(report[k])), shown(Fraction(report[k]))] for label, k, shown in (
        ("P(goal)", "p_goal", lambda q: percent(q, 4)), ("P(ruin)", "p_ruin", lambda q: percent(q, 4)),
        ("expected bets", "expected_bets", lambda q: decimal(q, 2)))]
    caption = f"{args.game} {args.bet}, one unit a bet: from {args.bankroll} units to {args.goal} or ruin"
    return repr(Table(["", "exact", "decimal"], rows, caption))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m casino_math",
        description="Exact probabilities and house edges of casino bets.",
    )
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", required=True)

    edges = sub.add_parser(
        "edges",
        help="every bet of a game with its exact probabilities and house edge",
        description="Every bet of a game with its exact probabilities and house edge.",
        epilog=_rules_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    edges.add_argument("--game", required=True, help="one of: " + ", ".join(available_games()))
    edges.add_argument("--rules", help="a rules value of the game (see below); default: the Oxford Casino's")
    edges.add_argument("--odds", help="craps: an odds policy for the line bets, e.g. 1x, 2x, 3-4-5x, 100x")
    edges.add_argument("--decks", type=int, help="baccarat: the number of decks in the shoe (default 8)")
    edges.add_argument("--format", choices=["table", "json", "csv"], default="table")
    edges.set_defaults(run=cmd_edges)

    eor = sub.add_parser(
        "eor",
        help="baccarat: the effect of removing one card of each point value on every bet",
        description="Baccarat (Oxford rules): each bet's exact change in expected value per unit staked "
        "when one card of each point value is removed from a full shoe.",
    )
    eor.add_argument("--decks", type=int, help="the number of decks in the shoe (default 8)")
    eor.add_argument("--format", choices=["table", "json"], default="table")
    eor.set_defaults(run=cmd_eor)

    session = sub.add_parser(
        "session",
        help="the exact net result of a session of one-unit bets: expected, sd, P(ahead/even/behind)",
        description="The exact distribution of the net result, in units of the stake, after N one-unit bets.",
    )
    session.add_argument("--game", required=True, help="one of: " + ", ".join(available_games()))
    session.add_argument("--bet", required=True, help="a bet ID, as python -m casino_math edges lists them")
    session.add_argument("--rounds", required=True, type=int, help="the number of bets N")
    session.add_argument("--rules", help="a rules value of the game; default: the Oxford Casino's")
    session.add_argument("--format", choices=["table", "json"], default="table")
    session.set_defaults(run=cmd_session)

    ruin = sub.add_parser(
        "ruin",
        help="the chance of reaching a goal before losing a bankroll, one-unit bets, and the expected bets",
        description="Betting one unit at a time from BANKROLL units: the exact chance of reaching GOAL units "
        "before the bankroll can no longer cover a bet, and the expected number of bets until one happens.",
    )
    ruin.add_argument("--game", required=True, help="one of: " + ", ".join(available_games()))
    ruin.add_argument("--bet", required=True, help="a bet ID, as python -m casino_math edges lists them")
    ruin.add_argument("--bankroll", required=True, type=int, help="the starting bankroll, in units (stakes)")
    ruin.add_argument("--goal", required=True, type=int, help="the goal, in units, above the bankroll")
    ruin.add_argument("--rules", help="a rules value of the game; default: the Oxford Casino's")
    ruin.add_argument("--format", choices=["table", "json"], default="table")
    ruin.set_defaults(run=cmd_ruin)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        print(args.run(args))
    except (ValueError, TypeError) as error:
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return 2
    return 0
