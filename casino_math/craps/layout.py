"""Every bet on the layout by its ID, and the list the command line prints.

A bet ID is the name the command line and the tests use: ``pass``,
``place_6``, ``hard_10``, ``horn_high_12`` and so on.  :func:`bet` builds any
of them under a rules value; an unknown name is an error that suggests the
closest IDs.

>>> from casino_math.bets import house_edge
>>> house_edge(bet("place_8"))
Fraction(1, 66)
>>> [bet_id for bet_id, _ in edge_bets(QUEBEC)]
['pass', 'dont_pass', 'come', 'dont_come', 'field']
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..bets import Bet
from ..rules import known_bet
from . import line, numbers, odds, props
from .odds import OddsPolicy
from .rules import LAYOUT_BETS, OXFORD, QUEBEC, WITH_ODDS, CrapsRules, check_rules, posting_odds  # noqa: F401  (QUEBEC: the doctest)


def _builders() -> dict[str, Callable[[CrapsRules], Bet]]:
    made: dict[str, Callable[[CrapsRules], Bet]] = {
        "pass": line.pass_line,
        "dont_pass": line.dont_pass,
        "come": line.come,
        "dont_come": line.dont_come,
        "field": props.field,
    }
    for n in numbers.NUMBERS:
        made[f"place_{n}"] = partial(numbers.place, n)
        made[f"buy_{n}"] = partial(numbers.buy, n)
        made[f"lay_{n}"] = partial(numbers.lay, n)
    for n in props.HARDWAYS:
        made[f"hard_{n}"] = partial(props.hardway, n)
    for bet_id in [*props.PARTS, *props.BUNDLES]:
        made[bet_id] = partial(props.one_roll, bet_id)
    return made


#: The bet ID -> the bet under a rules value.
BUILDERS = _builders()

#: The line bets with full odds: the bet ID -> the bet under a rules value and an odds policy.
ODDS_BUILDERS: dict[str, Callable[[CrapsRules, str | OddsPolicy | None], Bet]] = {
    "pass_with_odds": odds.pass_with_odds,
    "dont_pass_with_odds": odds.dont_pass_with_odds,
}

#: Every bet ID: the layout's bets, then the line bets with full odds.
BET_IDS = (*LAYOUT_BETS, *WITH_ODDS)


def check_bet_id(bet_id: str) -> str:
    """``bet_id`` if it names a bet, else an error suggesting the closest names.

    >>> check_bet_id("plase_6")
    Traceback (most recent call last):
    ...
    ValueError: unknown craps bet 'plase_6'; did you mean place_6, place_9 or place_8? (python -m casino_math edges --game craps lists every bet)
    """
    return known_bet("craps", bet_id, BET_IDS)


def bet(bet_id: str, rules: CrapsRules = OXFORD, odds: str | OddsPolicy | None = None) -> Bet:
    """The bet called ``bet_id`` under ``rules`` (``odds``: an odds policy the table then posts, for the bets with
    odds, named as :func:`edge_bets` names it).

    Every bet the rules' ``offers()`` lists is made here: a line bet with full
    odds needs an odds policy, given here or posted by the rules.  A bet the
    rules do not offer gets the same error with odds or without.

    >>> bet("horn").name, bet("pass_with_odds", odds="2x").name
    ('horn', 'pass line with 2x odds')
    >>> bet("place_6", QUEBEC)
    Traceback (most recent call last):
    ...
    ValueError: this table (Québec, By-law respecting casino games, s. 95.14) has no place_6 bet; it offers: pass, dont_pass, come, dont_come, field
    >>> bet("pass_with_odds", QUEBEC, odds="2x")
    Traceback (most recent call last):
    ...
    ValueError: this table (Québec, By-law respecting casino games, s. 95.14) has no pass_with_odds bet; it offers: pass, dont_pass, come, dont_come, field
    """
    check_bet_id(bet_id)
    check_rules(rules).check_offered(bet_id)
    if odds is not None:
        rules = posting_odds(rules, odds)
    if bet_id in ODDS_BUILDERS:
        return ODDS_BUILDERS[bet_id](rules, None)
    return BUILDERS[bet_id](rules)


def edge_bets(rules: CrapsRules = OXFORD, odds: str | None = None) -> list[tuple[str, Bet]]:
    """Every bet the rules define, as ``(bet_id, Bet)``; with an odds policy (the table then posts it), also the
    line bets with full odds, so that every bet ``rules.offers()`` lists is here given a policy.

    >>> len(edge_bets()), len(edge_bets(odds="3-4-5x"))
    (42, 44)
    >>> [b for b, _ in edge_bets(odds="3-4-5x")][-2:] == list(OXFORD.offers()[-2:])
    True
    """
    rules = check_rules(rules) if odds is None else posting_odds(rules, odds)
    return [(bet_id, bet(bet_id, rules)) for bet_id in rules.bets]
