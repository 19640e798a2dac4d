"""Craps: the edges command's start-up and run, building every bet, and the Markov chain in sympy."""

from timing import median_command_seconds, median_seconds, python, report, report_ratio


def main() -> None:
    from casino_math.craps import OXFORD, edge_bets
    from casino_math.craps.chain import line_chain
    from casino_math.craps.line import p_pass_wins

    baseline = median_command_seconds(python("-c", "pass"))
    report("python -c pass (baseline)", baseline)
    report("python -c 'import casino_math.craps'", median_command_seconds(python("-c", "import casino_math.craps")))
    command = median_command_seconds(python("-m", "casino_math", "edges", "--game", "craps", "--format", "json"))
    report("edges --game craps --format json", command)
    report("edges --game craps --odds 3-4-5x --format json",
           median_command_seconds(python("-m", "casino_math", "edges", "--game", "craps", "--odds", "3-4-5x",
                                         "--format", "json")))
    report("edges --game craps --rules quebec --format json",
           median_command_seconds(python("-m", "casino_math", "edges", "--game", "craps", "--rules", "quebec",
                                         "--format", "json")))
    every_bet = median_seconds(lambda: edge_bets(OXFORD, "3-4-5x"))
    report("build all 44 craps bets (in process)", every_bet)
    first_step = median_seconds(p_pass_wins, repeat=50)
    report("P(pass wins) by first-step analysis", first_step)
    chain = median_seconds(line_chain, repeat=5)
    report("P(pass wins) by the Markov chain (sympy, warm)", chain)
    report_ratio("first-step analysis vs the sympy chain", chain, first_step)


if __name__ == "__main__":
    main()
