"""Craps: every bet checked against a brute-force walk over the 36 rolls.

Each bet is restated here from the rules in words, as a machine that reads one
roll at a time: ``settle(state, roll)`` returns either a finished result (the
net amount per unit, the units put down) or the next state.  Nothing here uses
the library's closed forms.  Two independent checks:

- a walk of the distribution of states over the first ``ROLLS_WALKED`` rolls,
  over all 36 rolls each time; the mass still undecided bounds how far the
  walk can be from the exact answer, and the exact answer must lie in that band;
- an exact solution of the first-step equations of the machine, v(s) = sum over
  the 36 rolls of (result, or v(next state)) / 36, by Gaussian elimination.
"""

from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

import pytest

from casino_math.bets import expected_value, p_lose, p_push, p_win
from casino_math.craps import BET_IDS, OXFORD, QUEBEC, RULES, VEGAS, bet
from casino_math.craps.rules import UP_FRONT, CrapsRules

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]  # the 36 ordered rolls
ROLLS_WALKED = 120
POINTS = (4, 5, 6, 8, 9, 10)
COME_OUT = "come-out"


# --- The bets, restated roll by roll from the rules in words -------------------------------------------
# A machine's settle(state, roll) returns ("done", net, put_down) or ("next", state).

#: A bet's state between rolls: waiting for its come-out roll, or on its point.
State = str | int
#: One roll's step: ("done", net, put down) or ("next", state).
Step = tuple[Any, ...]
#: A machine: the step a roll makes from a state.
Settle = Callable[[State, tuple[int, int]], Step]


def pass_machine(rules: CrapsRules, odds: dict[int, F] | None = None) -> Settle:
    def settle(state: State, roll: tuple[int, int]) -> Step:
        t = sum(roll)
        if state == COME_OUT:
            if t in (7, 11):
                return "done", F(1), F(1)
            if t in (2, 3, 12):
                return "done", F(-1), F(1)
            return "next", t
        assert isinstance(state, int)          # on its point
        odds_bet = F(odds.get(state, 0)) if odds else F(0)
        true_pays = {4: F(2), 10: F(2), 5: F(3, 2), 9: F(3, 2), 6: F(6, 5), 8: F(6, 5)}[state]
        if t == state:
            return "done", 1 + odds_bet * true_pays, 1 + odds_bet
        if t == 7:
            return "done", -1 - odds_bet, 1 + odds_bet
        return "next", state

    return settle


def dont_pass_machine(rules: CrapsRules, odds: dict[int, F] | None = None) -> Settle:
    def settle(state: State, roll: tuple[int, int]) -> Step:
        t = sum(roll)
        if state == COME_OUT:
            if t == 12:
                return "done", F(0), F(1)       # the bar: a push
            if t in (2, 3):
                return "done", F(1), F(1)
            if t in (7, 11):
                return "done", F(-1), F(1)
            return "next", t
        # lay odds: bet enough to win the policy's multiple of the line bet
        assert isinstance(state, int)
        to_win = F(odds.get(state, 0)) if odds else F(0)
        laid = to_win * {4: F(2), 10: F(2), 5: F(3, 2), 9: F(3, 2), 6: F(6, 5), 8: F(6, 5)}[state]
        if t == 7:
            return "done", 1 + to_win, 1 + laid
        if t == state:
            return "done", -1 - laid, 1 + laid
        return "next", state

    return settle


def race_machine(number: int, wins_on: int, win_pays: F, up_front: F = F(0)) -> Settle:
    """A place, buy or lay bet: number vs 7; up_front is a commission paid when the bet is made."""

    def settle(state: State, roll: tuple[int, int]) -> Step:
        t = sum(roll)
        if t in (number, 7):
            return "done", (win_pays if t == wins_on else F(-1)) - up_front, 1 + up_front
        return "next", state

    return settle


def hardway_machine(number: int, pays: int) -> Settle:
    def settle(state: State, roll: tuple[int, int]) -> Step:
        t = sum(roll)
        if roll == (number // 2, number // 2):
            return "done", F(pays), F(1)
        if t in (number, 7):
            return "done", F(-1), F(1)
        return "next", state

    return settle


def machine_for(bet_id: str, rules: CrapsRules) -> Settle:
    if bet_id in ("pass", "come"):
        return pass_machine(rules)
    if bet_id in ("dont_pass", "dont_come"):
        return dont_pass_machine(rules)
    kind, digits = bet_id.split("_")
    number = int(digits)
    c = F(5, 100)
    if kind == "place":
        return race_machine(number, number, {4: F(9, 5), 5: F(7, 5), 6: F(7, 6)}[min(number, 14 - number)])
    true_odds = {4: F(2), 5: F(3, 2), 6: F(6, 5)}[min(number, 14 - number)]
    if kind == "buy":
        if rules.commission_paid == UP_FRONT:
            return race_machine(number, number, true_odds, up_front=c)      # 5% of the bet, when it is made
        return race_machine(number, number, true_odds - c)                  # 5% of the bet, from a win
    if kind == "lay":
        win = 1 / true_odds
        if rules.commission_paid == UP_FRONT:
            return race_machine(number, 7, win, up_front=c * win)           # 5% of the win, when it is made
        return race_machine(number, 7, win - c * win)
    if kind == "hard":
        return hardway_machine(number, {4: 7, 10: 7, 6: 9, 8: 9}[number])
    raise AssertionError(bet_id)


# --- The two independent solvers ---------------------------------------------------------------------


def walk(
        settle: Settle, rolls: int = ROLLS_WALKED) -> tuple[dict[tuple[F, F], F], F, F]:
    """Walk the distribution of states roll by roll: the probability of each net result, the expected
    number of rolls, and the mass still undecided after ``rolls`` rolls."""
    alive: dict[State, F] = {COME_OUT: F(1)}
    results: dict[tuple[F, F], F] = {}
    expected_rolls = F(0)
    for n in range(1, rolls + 1):
        after: dict[State, F] = {}
        for state, mass in alive.items():
            for roll in ROLLS:
                outcome = settle(state, roll)
                if outcome[0] == "done":
                    key = outcome[1:]
                    results[key] = results.get(key, F(0)) + mass / 36
                    expected_rolls += n * mass / 36
                else:
                    after[outcome[1]] = after.get(outcome[1], F(0)) + mass / 36
        alive = after
    return results, expected_rolls, sum(alive.values(), F(0))


def solve_exactly(settle: Callable[..., Any], value: Callable[..., Any] | None) -> F:
    """Solve v(s) = sum over rolls of value(result) or v(next) / 36 exactly, and return v(come-out).

    ``value(net, put_down)`` is what a finished bet contributes; with value = 1 for every result and an
    extra 1 per roll, the same equations give the expected number of rolls (pass value=None for that)."""
    states, frontier = [COME_OUT], [COME_OUT]
    while frontier:
        state = frontier.pop()
        for roll in ROLLS:
            outcome = settle(state, roll)
            if outcome[0] == "next" and outcome[1] not in states:
                states.append(outcome[1])
                frontier.append(outcome[1])
    index = {s: i for i, s in enumerate(states)}
    size = len(states)
    # rows: v(s) - sum_{next} v(next)/36 = sum_{done} value/36  (+ 1 for counting rolls)
    matrix = [[F(int(i == j)) for j in range(size)] + [F(0)] for i in range(size)]
    for s in states:
        row = matrix[index[s]]
        if value is None:
            row[-1] += 1
        for roll in ROLLS:
            outcome = settle(s, roll)
            if outcome[0] == "next":
                row[index[outcome[1]]] -= F(1, 36)
            elif value is not None:
                row[-1] += value(*outcome[1:]) / 36
    return gauss(matrix)[index[COME_OUT]]


def gauss(matrix: list[list[F]]) -> list[F]:
    n = len(matrix)
    for col in range(n):
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        matrix[col] = [x / matrix[col][col] for x in matrix[col]]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return [row[-1] for row in matrix]


MULTI_ROLL = [b for b in BET_IDS if b.split("_")[0] in ("pass", "dont", "come", "place", "buy", "lay", "hard")
              and not b.endswith("with_odds")]


def cases(bet_ids: list[str]) -> list[tuple[str, str]]:
    return [(b, name) for name, rules in RULES.items() for b in bet_ids if b in rules.bets]


@pytest.mark.parametrize("bet_id, rules_name", cases(MULTI_ROLL))
def test_multi_roll_bet_against_the_roll_by_roll_machine(bet_id: str, rules_name: str) -> None:
    rules = RULES[rules_name]
    the_bet, settle = bet(bet_id, rules), machine_for(bet_id, rules)

    def chance(keep: Callable[..., Any]) -> F:
        return solve_exactly(settle, lambda net, put_down: F(int(keep(net))))

    assert chance(lambda net: net > 0) == p_win(the_bet)
    assert chance(lambda net: net == 0) == p_push(the_bet)
    assert chance(lambda net: net < 0) == p_lose(the_bet)
    assert solve_exactly(settle, lambda net, put_down: net) == expected_value(the_bet)
    assert solve_exactly(settle, None) == the_bet.rounds


@pytest.mark.parametrize("bet_id", ["pass", "dont_pass", "place_4", "hard_10", "lay_6"])
def test_the_bounded_walk_brackets_the_exact_answer(bet_id: str) -> None:
    the_bet = bet(bet_id)
    results, rolls_so_far, undecided = walk(machine_for(bet_id, OXFORD))
    assert undecided < F(1, 10**10)
    walked_win = sum((p for (net, _), p in results.items() if net > 0), F(0))
    walked_ev = sum((p * net for (net, _), p in results.items()), F(0))
    assert walked_win <= p_win(the_bet) <= walked_win + undecided
    assert abs(walked_ev - expected_value(the_bet)) <= 2 * undecided   # every net is between -2 and 2
    assert rolls_so_far <= the_bet.rounds


@pytest.mark.parametrize("side, policy", [(s, p) for s in ("pass", "dont_pass") for p in ("2x", "3-4-5x", "10x")])
def test_line_bet_with_full_odds_against_the_machine(side: str, policy: str) -> None:
    from casino_math.craps.odds import odds_policy

    multiples = dict(odds_policy(policy).multiples)
    settle = (pass_machine if side == "pass" else dont_pass_machine)(OXFORD, multiples)
    expected_net = solve_exactly(settle, lambda net, put_down: net)
    expected_put_down = solve_exactly(settle, lambda net, put_down: put_down)
    combined = bet(f"{side}_with_odds", OXFORD, policy)
    assert -expected_net / expected_put_down == -expected_value(combined)
    assert solve_exactly(settle, lambda net, put_down: F(int(net > 0))) == p_win(combined)


# --- Single-roll bets: one pass over the 36 rolls, each part paid or lost by hand -------------------

PART_WINS = {"craps_2": {2}, "craps_3": {3}, "craps_12": {12}, "yo_11": {11}, "any_7": {7}, "any_craps": {2, 3, 12}}
PART_PAYS = {"craps_2": 30, "craps_3": 15, "craps_12": 30, "yo_11": 15, "any_7": 4, "any_craps": 7}
UNITS = {  # the page's words: a unit on each number, an extra unit on one, half and half
    "horn": {"craps_2": 1, "craps_3": 1, "yo_11": 1, "craps_12": 1},
    "horn_high_2": {"craps_2": 2, "craps_3": 1, "yo_11": 1, "craps_12": 1},
    "horn_high_3": {"craps_2": 1, "craps_3": 2, "yo_11": 1, "craps_12": 1},
    "horn_high_11": {"craps_2": 1, "craps_3": 1, "yo_11": 2, "craps_12": 1},
    "horn_high_12": {"craps_2": 1, "craps_3": 1, "yo_11": 1, "craps_12": 2},
    "world": {"craps_2": 1, "craps_3": 1, "yo_11": 1, "craps_12": 1, "any_7": 1},
    "c_and_e": {"any_craps": 1, "yo_11": 1},
    "three_way_craps": {"craps_2": 1, "craps_3": 1, "craps_12": 1},
    "high_low_yo": {"craps_2": 1, "yo_11": 1, "craps_12": 1},
    **{part: {part: 1} for part in PART_WINS},
}


def one_roll_net(bet_id: str, roll: tuple[int, int], rules: CrapsRules) -> F:
    t = sum(roll)
    if bet_id == "field":
        if t in (5, 6, 7, 8):
            return F(-1)
        return F(rules.field_pays[t]) if t in (2, 12) else F(1)
    staked = UNITS[bet_id]
    won = sum(k * PART_PAYS[p] if t in PART_WINS[p] else -k for p, k in staked.items())
    return F(won, sum(staked.values()))


@pytest.mark.parametrize("bet_id, rules_name", cases(["field", *UNITS]))
def test_single_roll_bet_over_the_36_rolls(bet_id: str, rules_name: str) -> None:
    rules = RULES[rules_name]
    the_bet = bet(bet_id, rules)
    nets = [one_roll_net(bet_id, roll, rules) for roll in ROLLS]
    assert p_win(the_bet) == F(sum(n > 0 for n in nets), 36)
    assert p_push(the_bet) == F(sum(n == 0 for n in nets), 36)
    assert p_lose(the_bet) == F(sum(n < 0 for n in nets), 36)
    assert expected_value(the_bet) == sum(nets, F(0)) / 36
    assert the_bet.net() == the_bet.space.map(lambda roll: one_roll_net(bet_id, roll, rules))


def test_every_bet_id_is_checked_by_some_brute_force() -> None:
    checked = set(MULTI_ROLL) | {"field", *UNITS, "pass_with_odds", "dont_pass_with_odds"}
    assert checked == set(BET_IDS)


def test_the_rules_values_compared_here_differ_where_they_should() -> None:
    assert QUEBEC.bets == ("pass", "dont_pass", "come", "dont_come", "field")
    assert VEGAS.field_pays[12] == 3 and OXFORD.field_pays[12] == 2
