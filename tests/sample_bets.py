"""Bets shared by the long-run tests: plain win/lose bets with known closed forms, and every bet of every game."""

from collections.abc import Iterator

from casino_math import baccarat, craps, roulette
from casino_math.bets import Bet, even_money, simple_bet
from casino_math.dice import coin
from casino_math.distribution import Distribution

WHEEL = Distribution.uniform(range(38))
RED = even_money("red", WHEEL, lambda pocket: pocket < 18)
STRAIGHT = simple_bet("straight up", WHEEL, lambda pocket: pocket == 0, 35)
HEADS = even_money("heads", coin(), lambda side: side == "H")


def every_bet() -> Iterator[tuple[str, str, Bet]]:
    """Every bet of every game under its default rules, as (game, bet id, bet)."""
    for game, module in (("roulette", roulette), ("craps", craps), ("baccarat", baccarat)):
        for bet_id, bet in module.edge_bets(module.RULES[module.DEFAULT_RULES]):
            yield game, bet_id, bet


EVERY_BET = list(every_bet())
