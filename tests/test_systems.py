"""Betting systems: exact outcomes, the edge on total action, and the classic closed forms."""

import json
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numpy.typing import NDArray
from sample_bets import EVERY_BET, HEADS, RED, STRAIGHT, WHEEL  # noqa: F401

from casino_math import baccarat, craps, ruin, systems
from casino_math.bets import Bet, house_edge_per_bet_made, p_win
from casino_math.dice import one_face_bet
from casino_math.distribution import Distribution
from casino_math.systems import ALL, BET_IT_ALL, DALEMBERT, FLAT, MARTINGALE, REVERSE_MARTINGALE, SYSTEMS, System, play

BETS = [RED, STRAIGHT, craps.bet("pass"), craps.bet("dont_pass"), craps.bet("buy_4"), craps.bet("field"),
        baccarat.player_bet()]


# The edge on total action is the house edge, whatever the system (optional stopping).

@pytest.mark.parametrize("system", list(SYSTEMS.values()), ids=list(SYSTEMS))
@pytest.mark.parametrize("bet", BETS, ids=lambda bet: bet.name)
def test_loss_per_unit_of_action_is_the_house_edge(system: System, bet: Bet) -> None:
    result = play(bet, system, bankroll=12, goal=18, table_max=8, rounds=25)
    assert result.loss_per_action() == house_edge_per_bet_made(bet) == systems.edge_on_action(bet)
    assert result.final.E() == 12 - house_edge_per_bet_made(bet) * result.expected_action


def test_the_banker_too() -> None:
    result = play(baccarat.banker_bet(), MARTINGALE, bankroll=6, goal=9, table_max=8, rounds=12)
    assert result.loss_per_action() == house_edge_per_bet_made(baccarat.banker_bet())


def test_a_fair_game_stays_fair_under_every_system() -> None:
    for system in SYSTEMS.values():
        assert play(HEADS, system, 10, goal=15, table_max=8, rounds=30).expected_net() == 0


# Closed forms.

@pytest.mark.parametrize("doublings", [1, 2, 3, 5])
def test_one_martingale_series(doublings: int) -> None:
    # Room for k bets 1, 2, ..., 2^(k-1) -> None: win one unit, or lose 2^k - 1 units with chance q^k.
    bankroll = 2**doublings - 1
    result = play(RED, MARTINGALE, bankroll, goal=bankroll + 1, rounds=doublings)
    series = systems.martingale_series(RED, doublings)
    assert result.p_goal() == series[Fraction(1)] == 1 - Fraction(10, 19) ** doublings
    assert result.p_ruin() == series[Fraction(1 - 2**doublings)]
    assert result.expected_net() == series.E() == 1 - Fraction(20, 19) ** doublings     # 1 - (2q)^k
    assert result.expected_action == sum(Fraction(20, 19) ** j for j in range(doublings))  # sum of 2^j q^j


def test_bet_it_all_is_one_bet() -> None:
    for bet in (RED, STRAIGHT, craps.bet("pass")):
        result = play(bet, BET_IT_ALL, 20, goal=40, table_max=50)
        assert result.expected_bets == 1 and result.expected_action == 20
        assert result.p_goal() == p_win(bet)


def test_bold_play_beats_flat_betting_at_doubling_a_bankroll() -> None:
    bold = play(RED, BET_IT_ALL, 20, goal=40, table_max=50).p_goal()
    flat = play(RED, FLAT, 20, goal=40, rounds=3000).p_goal()
    assert bold == Fraction(9, 19) and flat < ruin.ruin(RED, 20, 40).p_goal < bold


def test_flat_betting_is_the_walk_of_ruin() -> None:
    for bet in (RED, STRAIGHT, craps.bet("field")):
        flat = play(bet, FLAT, 5, goal=9, rounds=20)
        walk = ruin.walk(bet, 5, 20, goal=9)
        assert flat.final == walk.final and flat.expected_bets == walk.expected_bets()


def test_the_table_maximum_and_the_bankroll_cut_the_stake() -> None:
    assert systems.stake_put_down(32, Fraction(100), 25, Fraction(1)) == 25
    assert systems.stake_put_down(32, Fraction(20), 50, Fraction(1)) == 20
    assert systems.stake_put_down(ALL, Fraction(20), None, Fraction(21, 20)) == 19      # 19 * 21/20 <= 20
    # From 4 units toward 5: bet 1, then 2; after two losses the martingale wants 4 but 1 is left.
    result = play(HEADS, MARTINGALE, 4, goal=5, rounds=3)
    assert result.final == Distribution({5: Fraction(3, 4), 2: Fraction(1, 8), 0: Fraction(1, 8)})


def test_the_systems_by_hand() -> None:
    # d'Alembert from 3 units toward 5, heads or tails: bet 1; then 1 after a win (never below 1), 2 after a loss.
    # Win, win: 5.  Win, lose: 3.  Lose, win (stake 2) -> None: 4.  Lose, lose: 0.
    result = play(HEADS, DALEMBERT, 3, goal=5, rounds=2)
    assert result.final == Distribution({5: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4), 0: Fraction(1, 4)})
    assert result.expected_action == 1 + Fraction(1, 2) * 1 + Fraction(1, 2) * 2
    parlay = play(HEADS, REVERSE_MARTINGALE, 10, rounds=3)            # 1, 2, 4 after wins: +7 with 1/8
    assert parlay.final[Fraction(17)] == Fraction(1, 8)


def test_the_martingale_wins_often_and_loses_big() -> None:
    martingale = play(RED, MARTINGALE, 20, goal=30, table_max=50, rounds=200)
    flat = play(RED, FLAT, 20, goal=30, table_max=50, rounds=200)
    assert martingale.p_goal() > Fraction(1, 2) > flat.p_goal()
    assert martingale.expected_net() > flat.expected_net()                  # less action, less lost ...
    assert martingale.expected_action < flat.expected_action                 # ... because less is staked


# Bad input.

@pytest.mark.parametrize("kwargs, error, message", [
    ({"bankroll": 0}, ValueError, r"the bankroll must be a positive whole number of units \(stakes\), not 0"),
    ({"bankroll": 2.5}, TypeError, "the bankroll must be a positive whole number of units"),
    ({"bankroll": 20, "goal": 20}, ValueError, r"the goal \(20 units\) must be above the bankroll"),
    ({"bankroll": 20, "goal": 19.5}, TypeError, "the goal must be a positive whole number"),
    ({"bankroll": 20, "table_max": 0}, ValueError, r"the table maximum must be a positive whole number of units"),
    ({"bankroll": 20, "table_max": 2.5}, ValueError, "the table maximum must be a positive whole number"),
    ({"bankroll": 20, "rounds": 0}, ValueError, "the number of rounds must be a positive whole number, not 0"),
    ({"bankroll": 20, "rounds": 1.5}, TypeError, r"the number of rounds must be a whole number \(int\)"),
])
def test_bad_input(
        kwargs: dict[str, float | int] | dict[str, float] | dict[str, int], error: type[TypeError] | type[ValueError], message: str) -> None:
    with pytest.raises(error, match=message):
        play(RED, MARTINGALE, **kwargs)


def test_other_bad_input() -> None:
    with pytest.raises(TypeError, match="system must be a System"):
        play(RED, "martingale", 20)  # type: ignore[arg-type]  # on purpose
    with pytest.raises(ValueError, match="wins in a row before starting again must be a positive whole number"):
        systems.reverse_martingale(0)
    with pytest.raises(ValueError, match="a martingale series needs an even-money bet"):
        systems.martingale_series(one_face_bet(4), 3)
    with pytest.raises(ValueError, match="the number of bets in the series must be a positive whole number"):
        systems.martingale_series(RED, 0)


# --- what the next stake builds on after a cut ---------------------------------------------------------------------

def sessions_by_hand(bankroll: int, table_max: int, rounds: int, builds_on: str) -> Distribution:
    """Every sequence of wins and losses of a d'Alembert on heads, followed by hand: the final bankroll's chances."""
    final: dict[Fraction, Fraction] = {}
    for results in product((1, -1), repeat=rounds):
        money, wanted = bankroll, 1
        for x in results:
            if money < 1:
                break
            stake = min(wanted, money, table_max)
            money += stake * x
            base = wanted if builds_on == "wanted" else stake
            wanted = max(1, base - 1) if x > 0 else base + 1
        final[Fraction(money)] = final.get(Fraction(money), Fraction(0)) + Fraction(1, 2**rounds)
    return Distribution(final)


@pytest.mark.parametrize("builds_on", systems.BUILDS_ON)
def test_the_next_stake_builds_on_the_stake_wanted_or_allowed(builds_on: str) -> None:
    # At a maximum of 2 units, lose, lose (wanted 3, allowed 2), win: the next stake is 2 (built on 3) or 1 (on 2).
    result = play(HEADS, DALEMBERT, 10, table_max=2, rounds=5, builds_on=builds_on)
    assert result.final == sessions_by_hand(10, 2, 5, builds_on)
    assert result.builds_on == builds_on and result.expected_net() == 0


def test_the_two_rules_differ_only_after_a_cut() -> None:
    wanted = play(HEADS, DALEMBERT, 10, table_max=2, rounds=5)
    allowed = play(HEADS, DALEMBERT, 10, table_max=2, rounds=5, builds_on="allowed")
    assert wanted.final != allowed.final
    no_cut = [play(HEADS, DALEMBERT, 10, rounds=5, builds_on=b).final for b in systems.BUILDS_ON]
    assert no_cut[0] == no_cut[1]


def test_a_rule_for_the_next_stake_that_is_neither() -> None:
    with pytest.raises(ValueError, match="after a stake is cut, the next one builds on the stake 'wanted' or the stake "
                                         "'allowed', not 'put down'"):
        play(RED, DALEMBERT, 20, builds_on="put down")


# --- the chapter's figures, each derived again here by another route ---------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def glued(notebook: str) -> dict[str, str]:
    """The values a chapter glues into its prose, by name, as its saved outputs show them."""
    cells = json.loads((ROOT / "book" / notebook).read_text())["cells"]
    return {out["metadata"]["scrapbook"]["name"]: out["data"].get("application/papermill.record/text/plain")
            for cell in cells if cell["cell_type"] == "code" for out in cell.get("outputs", [])
            if "scrapbook" in out.get("metadata", {})}


def shown(text: str) -> float:
    """A glued number as a float: '55.75%' is 0.5575, '$10,230' is 10230, '-0.3604' is -0.3604."""
    value = float(text.replace("$", "").replace(",", "").rstrip("%"))
    return value / 100 if text.endswith("%") else value


def close(text: str, value: float | np.float64) -> bool | np.bool:
    """Whether the glued text is ``value`` rounded to the places it shows."""
    places = len(text.rstrip("%").split(".")[1]) if "." in text else 0
    unit = 10.0 ** -places / (100 if text.endswith("%") else 1)
    return abs(shown(text) - value) <= unit / 2 + 1e-12


def dalembert_in_floats(
        builds_on: str, bankroll: int = 20, goal: int = 30, table_max: int = 50, spins: int = 300, p: float = 9 / 19) -> tuple[float, float]:
    """The d'Alembert session of the chapter, followed state by state in floating point: P($300), expected net."""
    live: dict[tuple[int, int], float] = {(bankroll, 1): 1.0}
    ended: dict[int, float] = {}
    for _ in range(spins):
        after: dict[tuple[int, int], float] = {}
        for (money, wanted), chance in live.items():
            stake = min(wanted, money, table_max)
            for x, px in ((1, p), (-1, 1 - p)):
                nxt = money + stake * x
                base = wanted if builds_on == "wanted" else stake
                key = (nxt, max(1, base - 1) if x > 0 else base + 1)
                if nxt < 1 or nxt >= goal:
                    ended[nxt] = ended.get(nxt, 0) + chance * px
                else:
                    after[key] = after.get(key, 0) + chance * px
        live = after
    for (money, _), chance in live.items():
        ended[money] = ended.get(money, 0) + chance
    return sum(c for m, c in ended.items() if m >= goal), sum(m * c for m, c in ended.items()) - bankroll


@pytest.mark.parametrize("builds_on", systems.BUILDS_ON)
def test_the_chapter_dalembert_figures(builds_on: str) -> None:
    # The review's recomputation: 55.75% and -$30.55 building on the stake wanted, 55.36% and -$31.82 on the one allowed.
    g = glued("betting-systems.ipynb")
    goal, net = dalembert_in_floats(builds_on)
    assert close(g[f"systems_dalembert_goal_{builds_on}"], goal)
    assert close(g[f"systems_dalembert_loss_{builds_on}"], -10 * net)
    assert g["systems_builds_on_differs"] == "d'Alembert"


def test_the_exercise_figures_of_betting_systems() -> None:
    g = glued("betting-systems.ipynb")
    p, q = 9 / 19, 10 / 19
    assert g["systems_ex_room_bankroll"] == "$10,230" and g["systems_ex_room_max"] == "$5,120"    # 10 (2^10 - 1), 10 2^9
    assert close(g["systems_ex_room_lose"], q**10)
    assert close(g["systems_ex_series_net"], 1 - (2 * q) ** 6)                           # 1 - (2q)^k
    assert close(g["systems_ex_series_action"], (1 - (2 * q) ** 6) / (1 - 2 * q))
    assert close(g["systems_ex_series_ratio"], 1 / 19)
    assert g["systems_ex_bold_300"] == "261/361"                                          # p + q p
    # Timid play from 20 units to 30: E[T] from the linear equations T(x) = 1 + p T(x + 1) + q T(x - 1).
    m = np.eye(29) - p * np.eye(29, k=1) - q * np.eye(29, k=-1)
    assert close(g["systems_ex_wald_spins"], np.linalg.solve(m, np.ones(29))[19])


def value_iteration(goal: int, top: int, p: float = 9 / 19, sweeps: int = 3000) -> NDArray[Any]:
    value = np.zeros(goal + 1)
    value[goal] = 1.0
    for _ in range(sweeps):
        for x in range(1, goal):
            value[x] = max(p * value[min(x + s, goal)] + (1 - p) * value[x - s] for s in range(1, min(x, top) + 1))
    return value


def test_the_table_maximum_case() -> None:
    g = glued("betting-systems.ipynb")
    best = value_iteration(40, 14)
    assert close(g["systems_dp_best"], best[20])
    bold = np.linalg.solve(*bold_equations(40, 14))                      # bold play's own chances
    assert close(g["systems_dp_bold"], bold[19])
    assert close(g["systems_dp_gain"], 100 * (best[20] - bold[19]))
    stakes = [s for s in range(1, 15) if abs(9 / 19 * best[min(20 + s, 40)] + 10 / 19 * best[20 - s] - best[20]) < 1e-12]
    assert g["systems_dp_stakes"] == " or ".join(f"${10 * s}" for s in stakes) and g["systems_dp_only"] == "$200"


def bold_equations(goal: int, top: int, p: float = 9 / 19) -> tuple[NDArray[Any], NDArray[Any]]:
    """Bold play's equations P(x) = p P(x + s) + q P(x - s), s = min(x, goal - x, top), for x = 1 .. goal - 1."""
    m, b = np.eye(goal - 1), np.zeros(goal - 1)
    for x in range(1, goal):
        s = min(x, goal - x, top)
        if x + s >= goal:
            b[x - 1] += p
        else:
            m[x - 1, x + s - 1] -= p
        if x - s > 0:
            m[x - 1, x - s - 1] -= 1 - p
    return m, b


def test_the_simulation_exercise_reports_what_its_interval_says() -> None:
    g = glued("betting-systems.ipynb")
    exact, _ = martingale_in_floats()
    assert close(g["systems_ex_sim_exact"], exact)
    hat, n = shown(g["systems_ex_sim_hat"]), 10_000
    half = 1.96 * (hat * (1 - hat) / n) ** 0.5
    assert close(g["systems_ex_sim_low"], hat - half) and close(g["systems_ex_sim_high"], hat + half)
    inside = shown(g["systems_ex_sim_low"]) <= exact <= shown(g["systems_ex_sim_high"])
    assert g["systems_ex_sim_inside"] == ("lies" if inside else "does not lie")
    assert close(g["systems_ex_sim_z"], abs(hat - exact) / (hat * (1 - hat) / n) ** 0.5)
    assert shown(g["systems_ex_sim_low_more"]) <= exact <= shown(g["systems_ex_sim_high_more"])


def martingale_in_floats(
        bankroll: int = 20, goal: int = 30, table_max: int = 50, spins: int = 300, p: float = 9 / 19) -> tuple[float, float]:
    """The martingale session of the chapter, followed state by state in floating point: P($300), expected net."""
    live: dict[tuple[int, int], float] = {(bankroll, 1): 1.0}
    reached, net = 0.0, 0.0
    for _ in range(spins):
        after: dict[tuple[int, int], float] = {}
        for (money, wanted), chance in live.items():
            stake = min(wanted, money, table_max)
            for nxt, px, nxt_wanted in ((money + stake, p, 1), (money - stake, 1 - p, 2 * wanted)):
                if nxt >= goal:
                    reached += chance * px
                    net += chance * px * (nxt - bankroll)
                elif nxt < 1:
                    net += chance * px * (nxt - bankroll)
                else:
                    after[(nxt, nxt_wanted)] = after.get((nxt, nxt_wanted), 0) + chance * px
        live = after
    net += sum(c * (m - bankroll) for (m, _), c in live.items())
    return reached, net


def test_the_one_deck_counter() -> None:
    # Two cards set aside face up, then one unit on the Dragon 7 when its edge over the other 50 is positive:
    # averaged here over the two cards' point values by hand, with the edge of each depleted deck.
    from casino_math.baccarat import EZ, Shoe
    from casino_math.baccarat.count import edge

    g = glued("betting-systems.ipynb")
    one_deck, deck = EZ.changed(decks=1), Shoe.of_decks(1)
    counts = dict(enumerate(deck.counts))
    net = action = average = Fraction(0)
    for a, b in product(counts, repeat=2):
        ways = counts[a] * (counts[b] - (a == b))
        if ways:
            left = deck.removing({a: 1, b: 1} if a != b else {a: 2})
            e, w = edge("dragon_7", left, one_deck), Fraction(ways, 52 * 51)
            average += w * e
            if e > 0:
                net, action = net + w * e, action + w
    h = -edge("dragon_7", deck, one_deck)
    assert average == -h and g["systems_ex_counter_same"] == "is"
    assert close(g["systems_ex_counter_net"], float(net)) and close(g["systems_ex_counter_bets"], float(action))
    assert close(g["systems_ex_counter_formula"], float(-h * action)) and close(g["systems_ex_counter_h"], float(h))
    assert net > 0 > -h * action
