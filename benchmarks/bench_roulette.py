"""Roulette: importing it, reading the layout, building every bet, sessions of spins, the bet chooser's response time."""

from functools import partial

from timing import median_command_seconds, median_seconds, python, report, report_ratio

from casino_math import roulette, session
from casino_math.roulette import SINGLE_ZERO, bet, parse_layout, red, straight
from casino_math.widgets.roulette import bet_figures


def main() -> None:
    # The sympy formula lives in casino_math.symbolic, so importing roulette does not pay for sympy.
    bare = median_command_seconds(python("-c", "pass"), repeat=5)
    roulette_import = median_command_seconds(python("-c", "import casino_math.roulette"), repeat=5)
    sympy_import = median_command_seconds(python("-c", "import casino_math.roulette, sympy"), repeat=5)
    report("python start-up alone", bare)
    report("python -c 'import casino_math.roulette'", roulette_import)
    report("python -c 'import casino_math.roulette, sympy'", sympy_import)
    report_ratio("importing roulette without sympy: times faster", sympy_import - bare, roulette_import - bare)
    report("parse the American layout drawing (uncached)",
           median_seconds(lambda: parse_layout.__wrapped__(roulette.AMERICAN_LAYOUT)))
    report("every legal bet as a Bet (158 bets)", median_seconds(lambda: roulette.every_bet()))
    report("edge_bets (one of each kind)", median_seconds(lambda: roulette.edge_bets()))
    report("edge_bets(SINGLE_ZERO)", median_seconds(lambda: roulette.edge_bets(SINGLE_ZERO)))
    report("bet('red') by its ID", median_seconds(lambda: bet("red")))
    for spins in (100, 1000):
        report(f"net_after(straight, {spins})",
               median_seconds(partial(session.net_after, straight(17), spins), repeat=3))
    report("chooser update: bet_figures(split, 1000 spins)",
           median_seconds(lambda: bet_figures(["17", "20"], spins=1000), repeat=3))

    from casino_math.plots.roulette import ahead_curve

    spins = 200
    one_pass = median_seconds(lambda: ahead_curve(red(), spins), repeat=3)
    each_n = median_seconds(lambda: [session.p_ahead(red(), n) for n in range(1, spins + 1)], repeat=3)
    report(f"P(ahead) for 1..{spins} spins: ahead_curve (one pass)", one_pass)
    report(f"P(ahead) for 1..{spins} spins: session.p_ahead for each n", each_n)
    report_ratio("ahead_curve speed-up", each_n, one_pass)
    report("ahead_curve(straight, 1000) for the chapter's plot", median_seconds(lambda: ahead_curve(straight(17), 1000),
                                                                                repeat=3))


if __name__ == "__main__":
    main()
