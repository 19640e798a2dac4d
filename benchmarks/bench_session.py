"""Sessions, ruin, betting systems and simulation: how long the exact answers take (medians)."""

import sys
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from math import comb
from pathlib import Path
from typing import TypeVar

from timing import median_seconds, report, report_ratio

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from references import ahead_term_by_term

from casino_math import baccarat, convolution, craps, roulette, ruin, session, simulate, systems
from casino_math.baccarat.simulate import deal_shoes
from casino_math.bets import Bet
from casino_math.craps.simulate import craps_sample
from casino_math.distribution import Distribution
from casino_math.roulette.simulate import roulette_sample

T = TypeVar("T")


def _fraction_per_term(bet: Bet, rounds: int) -> Distribution[Fraction]:
    """The way a binomial session was first built: one Fraction per term, checked by Distribution."""
    net = bet.net()
    lo, hi = sorted(net)
    p, q = net[hi], net[lo]
    return Distribution({k * hi + (rounds - k) * lo: comb(rounds, k) * p**k * q ** (rounds - k)
                         for k in range(rounds + 1)})


def _fresh(bet: Bet, rounds: int) -> Fraction:
    convolution.session_counts.cache_clear()        # time the computation, not the cache
    return session.session(bet, rounds).p_ahead()


def _by_long_division(f: Callable[[], T]) -> T:
    """Run f with every ladder system solved by whole-number elimination (the method before remainders)."""
    saved, ruin.linalg.MODULAR_FROM_BITS = ruin.linalg.MODULAR_FROM_BITS, 10**12
    try:
        return f()
    finally:
        ruin.linalg.MODULAR_FROM_BITS = saved


def long_run() -> None:
    """The long-run chapter's two slow questions, each against the method it replaced, in the same run."""
    banker = baccarat.banker_bet()
    red = dict(roulette.edge_bets(roulette.OXFORD))["red"]
    straight = dict(roulette.edge_bets(roulette.OXFORD))["straight"]
    new = median_seconds(lambda: ruin.ruin(banker, 20, 40), repeat=7)
    old = median_seconds(lambda: _by_long_division(lambda: ruin.ruin(banker, 20, 40)), repeat=5)
    report("ruin(banker, 20, 40)  [ladder, solved from remainders]", new)
    report("ruin(banker, 20, 40)  [ladder, whole-number elimination]", old)
    report_ratio("  speed-up", old, new)
    for name, bet in (("red", red), ("straight up", straight)):
        new = median_seconds(partial(session.p_ahead_curve, bet, 1000), repeat=7)
        old = median_seconds(partial(ahead_term_by_term, bet, 1000), repeat=3)
        report(f"P(ahead) of {name} for n = 1..1000  [one pass over the counts]", new)
        report(f"P(ahead) of {name} for n = 1..1000  [term by term]", old)
        report_ratio("  speed-up", old, new)


def _mixed_by_weights(decided: list[dict[int, int]], pushes: int) -> dict[int, int]:
    """The final counts of a walk with pushes as first written: each count times its long weight C(n, r) p**(n - r)."""
    n = len(decided) - 1
    final: dict[int, int] = {}
    for r, counts in enumerate(decided):
        weight = comb(n, r) * pushes ** (n - r)
        for b, count in counts.items():
            final[b] = final.get(b, 0) + weight * count
    return final


def dragon_explorer() -> None:
    """The session explorer's slowest setting, Dragon Bonus (banker), $200 at $10 for 100 bets: the whole view, and
    the two parts made faster, each against what it replaced, in the same run."""
    from casino_math import games
    from casino_math.ruin import walks
    from casino_math.ruin.chain import cover
    from casino_math.widgets import live
    from casino_math.widgets import session as explorer

    widget = live.definition("session.explorer")
    raw = {"game": games.names().index("baccarat"),
           "baccarat_bet": list(explorer.game_bets("baccarat")).index("dragon_bonus_banker")}

    def fresh_view() -> object:
        explorer._walk.cache_clear()
        return widget.view(raw)

    report("session explorer, Dragon Bonus (banker), $200 at $10, 100 bets", median_seconds(fresh_view, repeat=3))
    bet = explorer.game_bets("baccarat")["dragon_bonus_banker"]
    lattice = bet.net().lattice()
    decided = [d.counts for d in walks._decided_walk(lattice.moves, 20 * lattice.scale,
                                                      int(cover(bet) * lattice.scale), None, 100)]
    new = median_seconds(lambda: walks._mixed_final(decided, lattice.pushes), repeat=3)
    old = median_seconds(lambda: _mixed_by_weights(decided, lattice.pushes), repeat=3)
    report("  its pushes mixed in  [Horner's rule in pushes]", new)
    report("  its pushes mixed in  [each count times its long weight]", old)
    report_ratio("  speed-up", old, new)
    w = explorer._walk("baccarat", "dragon_bonus_banker", 20, 100)
    new = median_seconds(lambda: explorer.final_bankrolls(w, 10, explorer.axis_range(w, 10)), repeat=3)
    old = median_seconds(lambda: explorer.final_bankrolls(w, 10), repeat=3)
    report("  its chart's data  [the bankrolls on the axis]", new)
    report("  its chart's data  [every final bankroll]", old)
    report_ratio("  speed-up", old, new)


def main() -> None:
    red = dict(roulette.edge_bets(roulette.OXFORD))["red"]
    straight = dict(roulette.edge_bets(roulette.OXFORD))["straight"]
    banker = baccarat.banker_bet()
    dragon = baccarat.dragon_bonus_bet("player")
    field = craps.bet("field")

    for n in (1000, 3000):
        fast = median_seconds(partial(_fresh, red, n))
        report(f"session(red, {n}).p_ahead()  [binomial counts]", fast)
        slow = median_seconds(partial(lambda n: _fraction_per_term(red, n).P(lambda x: x > 0), n), repeat=3)
        report("  the same with a Fraction per term", slow)
        report_ratio("  speed-up", slow, fast)
    report("session(red, 3000).distribution()  [every Fraction built]",
           median_seconds(lambda: session.session(red, 3000).distribution(), repeat=3))
    report("session(straight up, 3000).p_ahead()", median_seconds(lambda: _fresh(straight, 3000)))
    report("session(banker, 100).p_ahead()  [trinomial]", median_seconds(lambda: _fresh(banker, 100)))
    report("session(banker, 200).p_ahead()  [trinomial]", median_seconds(lambda: _fresh(banker, 200), repeat=3))
    report("session(field, 300).p_ahead()  [one bet at a time]", median_seconds(lambda: _fresh(field, 300), repeat=3))
    report("session(dragon bonus, 100).p_ahead()  [one bet at a time]",
           median_seconds(lambda: _fresh(dragon, 100), repeat=3))

    report("ruin(red, 20, 40)  [formula]", median_seconds(lambda: ruin.ruin(red, 20, 40)))
    report("ruin(straight up, 20, 40)  [chain, climbing]", median_seconds(lambda: ruin.ruin(straight, 20, 40)))
    report("ruin(dragon bonus, 20, 40)  [chain, climbing]", median_seconds(lambda: ruin.ruin(dragon, 20, 40)))
    report("ruin(banker, 10, 20)  [chain: 380 bankrolls]", median_seconds(lambda: ruin.ruin(banker, 10, 20)))
    long_run()
    dragon_explorer()
    climb = median_seconds(lambda: ruin.ruin_by_climbing(banker, 2, 4))
    eliminate = median_seconds(lambda: ruin.ruin_chain(banker, 2, 4), repeat=3)
    report("ruin_by_climbing(banker, 2, 4)", climb)
    report("ruin_chain(banker, 2, 4)  [Gaussian elimination of all 60]", eliminate)
    report_ratio("  speed-up", eliminate, climb)
    report("walk(red, 20, 1000)  [until broke, 1000 bets]", median_seconds(lambda: ruin.walk(red, 20, 1000), repeat=3))
    report("walk(banker, 20, 300)  [pushes by binomial weights]",
           median_seconds(lambda: ruin.walk(banker, 20, 300), repeat=3))

    for name, system in systems.SYSTEMS.items():
        report(f"play(red, {name}, 20 -> 30, max 50, 200 bets)",
               median_seconds(partial(systems.play, red, system, 20, 30, 50, 200), repeat=3))
    report("play(banker, martingale, 20 -> 30, max 50, 100 bets)",
           median_seconds(lambda: systems.play(banker, systems.MARTINGALE, 20, 30, 50, 100), repeat=3))

    rules = roulette.OXFORD
    report("simulate 1,000,000 roulette spins of red",
           median_seconds(lambda: roulette_sample(red, rules, 1_000_000, simulate.generator(1))))
    report("simulate 100,000 pass line bets, roll by roll",
           median_seconds(lambda: craps_sample("pass", craps.bet("pass"), craps.OXFORD, 100_000, simulate.generator(1))))
    report("simulate 100,000 hard 4 bets, roll by roll",
           median_seconds(lambda: craps_sample("hard_4", craps.bet("hard_4"), craps.OXFORD, 100_000,
                                               simulate.generator(1))))
    report("deal 1,000 eight-deck shoes to the cut card (about 80,000 coups)",
           median_seconds(lambda: deal_shoes(baccarat.RULES["oxford"], 1000, simulate.generator(1))))


if __name__ == "__main__":
    {"long-run": long_run, "dragon": dragon_explorer}.get(sys.argv[1] if sys.argv[1:] else "", main)()
