"""Sequential tests and the runs test: the dynamic programmes against every path, seeded simulations and identities.

Wald's test followed exactly (`sequential.run`) is checked against the enumeration of every sequence of hits and
misses up to a small horizon, its boundaries against the likelihood ratio compared as fractions, its brackets against
each other and against a seeded simulation; the chance of a false alarm from repeated looks against every sequence;
the law of the number of runs against every arrangement of reds and blacks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, product
from math import comb, erf, log, sqrt
from pathlib import Path

import numpy as np
import pytest
import saved

from casino_math import display
from casino_math.runs import (
    arrangements_with_runs,
    count_runs,
    kinds,
    runs_law,
    runs_mean,
    runs_p_value,
    runs_test,
    runs_variance,
)
from casino_math.sequential import (
    Sprt,
    boundaries,
    decision,
    false_alarm,
    likelihood_ratio,
    looks,
    run,
    stop_within,
    stopping_spin,
    tail_spins_bound,
    wald_errors,
    wald_spins,
)
from casino_math.tails import binomial_tail, critical_hits

WHEEL = Sprt(Fraction(1, 38), Fraction(1, 30))          # the chapter's test: 5% and 20%, as the fairness chapter's
COIN = Sprt(Fraction(1, 2), Fraction(3, 4))             # a test that stops within a few tosses, for enumeration


# --- Wald's test: boundaries -------------------------------------------------------------------------------------

def said(test: Sprt, spins: int, hits: int) -> str | None:
    """What the test says, from the likelihood ratio as a fraction, with no logarithm."""
    ratio = likelihood_ratio(test, spins, hits)
    return "biased" if ratio >= test.upper else "fair" if ratio <= test.lower else None


@pytest.mark.parametrize("spins", [*range(60), *range(60, 4000, 37), 9_999])
def test_the_boundaries_are_where_the_likelihood_ratio_crosses_b_and_a(spins: int) -> None:
    fair, biased = boundaries(WHEEL, spins)
    assert fair < biased
    for h in range(max(fair - 2, 0), min(biased + 2, spins) + 1):
        assert decision(WHEEL, spins, h) == said(WHEEL, spins, h)


def test_wald_boundaries_are_a_and_b() -> None:
    assert (WHEEL.upper, WHEEL.lower) == (Fraction(4, 5) / Fraction(1, 20), Fraction(1, 5) / Fraction(19, 20))
    assert wald_errors(WHEEL) == (WHEEL.alpha, WHEEL.beta)


def test_the_likelihood_ratio_of_a_log_is_the_product_over_its_spins() -> None:
    spins = [True, False, False, True, False]
    product_ = Fraction(1)
    for hit in spins:
        product_ *= WHEEL.alternative / WHEEL.null if hit else (1 - WHEEL.alternative) / (1 - WHEEL.null)
    assert likelihood_ratio(WHEEL, 5, 2) == product_


# --- Wald's test followed exactly: every path -----------------------------------------------------------------------

def by_every_path(test: Sprt, chance: Fraction, horizon: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(says fair, says biased, unresolved, E[min(T, horizon)]) by walking each of the 2 ** horizon sequences."""
    fair = biased = still = spins = Fraction(0)
    for seq in product((True, False), repeat=horizon):
        weight = Fraction(1)
        for hit in seq:
            weight *= chance if hit else 1 - chance
        hits, verdict, stop = 0, None, horizon
        for n, hit in enumerate(seq, start=1):
            hits += hit
            verdict = said(test, n, hits)
            if verdict is not None:
                stop = n
                break
        fair += weight * (verdict == "fair")
        biased += weight * (verdict == "biased")
        still += weight * (verdict is None)
        spins += weight * stop
    return fair, biased, still, spins


@pytest.mark.parametrize("chance", [Fraction(1, 2), Fraction(3, 4), Fraction(2, 3)])
def test_the_dynamic_programme_agrees_with_every_path(chance: Fraction) -> None:
    exact = run(COIN, chance, 14)
    assert (exact.says_fair, exact.says_biased, exact.unresolved, exact.spins_within) == by_every_path(COIN, chance, 14)


@pytest.mark.parametrize("chance", [WHEEL.null, WHEEL.alternative])
def test_the_chances_add_up_to_one_and_the_brackets_nest(chance: Fraction) -> None:
    short, longer = run(WHEEL, chance, 3000), run(WHEEL, chance, 6000)
    for r in (short, longer):
        assert r.says_fair + r.says_biased + r.unresolved == 1
        assert r.spins_within < r.spins_low <= r.spins_high
    assert short.spins_low <= longer.spins_low <= longer.spins_high <= short.spins_high
    assert short.says_biased <= longer.says_biased <= short.says_biased + short.unresolved


def test_the_tail_bound_holds_where_the_chance_of_stopping_is_known() -> None:
    """E[T] - E[min(T, N)] <= c P(T > N), checked against a far longer horizon."""
    near, far = run(COIN, Fraction(1, 2), 20), run(COIN, Fraction(1, 2), 400)
    assert far.unresolved < Fraction(1, 10**15)
    assert far.spins_within - near.spins_within <= near.unresolved * tail_spins_bound(COIN, Fraction(1, 2), 20)


def test_the_chance_of_stopping_within_a_block_is_a_lower_bound() -> None:
    """From every state still going at any time, the chance of stopping within the block is at least the bound."""
    block = 10
    bound = stop_within(COIN, Fraction(1, 2), block)
    assert bound > 0
    for start in range(8):
        fair, biased = boundaries(COIN, start)
        for h in range(max(fair + 1, 0), min(biased, start + 1)):
            going = Fraction(0)
            for seq in product((0, 1), repeat=block):
                hits = h
                for j, bit in enumerate(seq, start=1):
                    hits += bit
                    if said(COIN, start + j, hits) is not None:
                        break
                else:
                    going += Fraction(1, 2**block)
            assert 1 - going >= bound, (start, h)


def test_wald_test_by_seeded_simulation() -> None:
    """4,000 fair and 4,000 biased pockets, each watched for up to 12,000 spins: within 4 standard errors of the
    exact chance of saying "biased" by then and of E[min(T, 12000)]."""
    rng = np.random.default_rng(2026)
    log_r, log_s = log(WHEEL.hit_ratio), log(WHEEL.miss_ratio)
    top, bottom = log(WHEEL.upper), log(WHEEL.lower)
    for chance in (WHEEL.null, WHEEL.alternative):
        exact = run(WHEEL, chance, 12_000)
        verdicts: list[bool] = []
        lengths: list[int] = []
        for _ in range(8):
            hits = rng.random((500, 12_000)) < float(chance)
            llr = np.cumsum(np.where(hits, log_r, log_s), axis=1)
            out = (llr >= top) | (llr <= bottom)
            stopped = out.any(axis=1)
            first = np.where(stopped, out.argmax(axis=1) + 1, 12_000)
            verdicts += list(stopped & (llr[np.arange(500), first - 1] >= top))
            lengths += list(first)
        share, mean = float(np.mean(verdicts)), float(np.mean(lengths))
        se_share = sqrt(share * (1 - share) / len(verdicts))
        se_mean = float(np.std(lengths)) / sqrt(len(lengths))
        assert abs(share - float(exact.says_biased)) < 4 * se_share
        assert abs(mean - float(exact.spins_within)) < 4 * se_mean


def test_wald_approximate_spins_from_the_drift() -> None:
    """log A and log B over the mean log-likelihood ratio of one spin, computed in floats."""
    for p, biased in ((WHEEL.null, WHEEL.alpha), (WHEEL.alternative, 1 - WHEEL.beta)):
        drift = float(p) * log(WHEEL.hit_ratio) + float(1 - p) * log(WHEEL.miss_ratio)
        mean = (float(biased) * log(WHEEL.upper) + float(1 - biased) * log(WHEEL.lower)) / drift
        assert abs(float(wald_spins(WHEEL, p)) - mean) < 1e-6


def test_stopping_on_a_log() -> None:
    assert stopping_spin(COIN, [True] * 10) == (7, "biased")    # (3/2) ** 7 >= 16 > (3/2) ** 6
    assert stopping_spin(COIN, [False] * 2) == (2, None)       # (1/2) ** 2 > 4/19 >= (1/2) ** 3
    n, verdict = stopping_spin(COIN, [False] * 10)
    assert verdict == "fair" and said(COIN, n, 0) == "fair" and said(COIN, n - 1, 0) is None


# --- Repeated looks -------------------------------------------------------------------------------------------------

def false_alarm_by_every_path(every: int, spins: int, chance: Fraction, level: Fraction) -> Fraction:
    """The chance that some look calls the pocket hot, summed over each of the 2 ** spins sequences."""
    marks = looks(every, spins)
    critical = {n: critical_hits(n, chance, level) for n in marks}
    called = Fraction(0)
    for seq in product((0, 1), repeat=spins):
        if any(sum(seq[:n]) >= critical[n] for n in marks):
            called += chance ** sum(seq) * (1 - chance) ** (spins - sum(seq))
    return called


@pytest.mark.parametrize("every, spins, chance, level", [
    (1, 10, Fraction(1, 6), Fraction(1, 5)),
    (2, 12, Fraction(1, 4), Fraction(1, 10)),
    (3, 12, Fraction(1, 3), Fraction(1, 20)),
    (12, 12, Fraction(1, 3), Fraction(1, 20)),
])
def test_false_alarm_agrees_with_every_path(every: int, spins: int, chance: Fraction, level: Fraction) -> None:
    assert false_alarm(every, spins, chance, level) == false_alarm_by_every_path(every, spins, chance, level)


def test_one_look_is_the_test_itself_and_more_looks_cost_more() -> None:
    one = false_alarm(3800, 3800)
    assert one == binomial_tail(3800, Fraction(1, 38), critical_hits(3800, Fraction(1, 38), Fraction(1, 20)))
    assert one <= Fraction(1, 20) < false_alarm(380, 3800) < false_alarm(38, 3800)


def test_false_alarm_by_seeded_simulation() -> None:
    rng = np.random.default_rng(2026)
    trials, marks = 20_000, looks(38, 3800)
    hits = np.cumsum(rng.random((trials, 3800)) < 1 / 38, axis=1)[:, [n - 1 for n in marks]]
    critical = np.array([critical_hits(n, Fraction(1, 38), Fraction(1, 20)) for n in marks])
    share = float((hits >= critical).any(axis=1).mean())
    exact = float(false_alarm(38, 3800))
    assert abs(share - exact) < 4 * sqrt(exact * (1 - exact) / trials)


# --- The runs test --------------------------------------------------------------------------------------------------

def every_arrangement(n1: int, n2: int) -> Counter[int]:
    """The number of runs of each of the C(n1 + n2, n1) arrangements of n1 reds and n2 blacks."""
    n = n1 + n2
    return Counter(count_runs(["R" if i in reds else "B" for i in range(n)]) for reds in combinations(range(n), n1))


SMALL = [(n1, n2) for n1 in range(8) for n2 in range(8) if n1 + n2 > 0]


@pytest.mark.parametrize("n1, n2", SMALL)
def test_the_runs_formula_counts_every_arrangement(n1: int, n2: int) -> None:
    counted = every_arrangement(n1, n2)
    assert {r: arrangements_with_runs(n1, n2, r) for r in range(n1 + n2 + 2)} == \
        {r: counted.get(r, 0) for r in range(n1 + n2 + 2)}
    assert sum(counted.values()) == comb(n1 + n2, n1)


@pytest.mark.parametrize("n1, n2", SMALL)
def test_the_mean_and_variance_formulas_against_the_law(n1: int, n2: int) -> None:
    law = runs_law(n1, n2)
    mean = sum((r * q for r, q in law.items()), Fraction(0))
    assert runs_mean(n1, n2) == mean
    assert runs_variance(n1, n2) == sum(((r - mean) ** 2 * q for r, q in law.items()), Fraction(0))


@pytest.mark.parametrize("n1, n2", [(3, 4), (5, 5), (6, 2)])
def test_the_p_value_by_every_arrangement(n1: int, n2: int) -> None:
    counted, total = every_arrangement(n1, n2), comb(n1 + n2, n1)
    mean = 1 + Fraction(2 * n1 * n2, n1 + n2)
    for r in counted:
        far = sum(c for s, c in counted.items() if abs(s - mean) >= abs(r - mean))
        assert runs_p_value(n1, n2, r) == Fraction(far, total)


def test_runs_of_a_sequence() -> None:
    assert count_runs("RRBRRRBB") == 4 and kinds("RRBRRRBB") == (5, 3)
    test = runs_test(["red", "black"] * 10)
    assert (test.first, test.second, test.runs) == (10, 10, 20)
    assert test.p_value == Fraction(4, comb(20, 10))          # 20 runs or 2: the two extremes, each either way


def test_the_runs_mean_and_variance_by_seeded_simulation() -> None:
    rng = np.random.default_rng(2026)
    rows = np.array([rng.permutation([1] * 30 + [0] * 20) for _ in range(20_000)])
    runs = 1 + (rows[:, 1:] != rows[:, :-1]).sum(axis=1)
    se = float(np.std(runs)) / sqrt(len(runs))
    assert abs(runs.mean() - float(runs_mean(30, 20))) < 4 * se
    assert abs(runs.var() / float(runs_variance(30, 20)) - 1) < 0.05


# --- Bad input --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: Sprt(Fraction(1, 30), Fraction(1, 38)), "not above the null chance"),
    (lambda: Sprt(Fraction(0), Fraction(1, 38)), "strictly between 0 and 1"),
    (lambda: Sprt(Fraction(1, 38), Fraction(1, 30), Fraction(1, 2), Fraction(1, 2)), "alpha \\+ beta is 1"),
    (lambda: Sprt(0.02, Fraction(1, 30)), "is a float"),                                    # type: ignore[arg-type]
    (lambda: likelihood_ratio(WHEEL, 3, 4), "4 hits in 3 spins"),
    (lambda: boundaries(WHEEL, -1), "the spins must be"),
    (lambda: run(WHEEL, Fraction(1, 38), 200_000), "at most 100,000"),
    (lambda: run(WHEEL, Fraction(1), 10), "strictly between 0 and 1"),
    (lambda: wald_spins(WHEEL, Fraction(1, 35)), "neither the null"),
    (lambda: looks(50, 38), "never comes in 38 spins"),
    (lambda: false_alarm(38, 380, Fraction(1, 38), Fraction(1)), "the level is 1"),
    (lambda: kinds("RBG"), "holds 3 kinds"),
    (lambda: runs_law(0, 0), "both counts are 0"),
    (lambda: runs_p_value(3, 3, 7), "at most as many runs as items"),
    (lambda: arrangements_with_runs(-1, 3, 2), "the count of the first kind must be"),
])
def test_bad_input_gets_a_clear_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        call()


# --- The chapter's glued figures, each recomputed another way -----------------------------------------------------

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "roulette-sequential.ipynb"


@pytest.fixture(scope="module")
def glued() -> dict[str, str]:
    """Every value the chapter glues, by name, as the text the prose shows."""
    return saved.glued(CHAPTER)


def false_alarm_look_to_look(every: int, spins: int) -> Fraction:
    """The chance of a call from looks every ``every`` spins, a fair pocket's hits carried from look to look by the
    binomial law of ``every`` spins, with no count let go before its look."""
    quiet = {0: 1}                              # weights over 38 ** n
    step = [comb(every, j) * 37 ** (every - j) for j in range(every + 1)]
    for n in looks(every, spins):
        moved: dict[int, int] = {}
        for h, w in quiet.items():
            for j, ways in enumerate(step):
                moved[h + j] = moved.get(h + j, 0) + w * ways
        quiet = {h: w for h, w in moved.items() if h < critical_hits(n, Fraction(1, 38), Fraction(1, 20))}
    return 1 - Fraction(sum(quiet.values()), 38**spins)


def test_the_chapters_false_alarm_by_another_dynamic_programme(glued: dict[str, str]) -> None:
    every_38 = false_alarm_look_to_look(38, 3800)
    assert glued["seq_every_38"] == display.percent(every_38)
    assert glued["seq_looks_38"] == "100"
    assert glued["seq_ex_two"] == display.percent(false_alarm_look_to_look(38, 76))


def sprt_in_floats(chance: float, horizon: int) -> tuple[float, float, float, float]:
    """Wald's test followed in floating point, its band placed by math.log: (fair, biased, unresolved, E[min(T, N)])."""
    log_r, log_s = log(WHEEL.hit_ratio), log(WHEEL.miss_ratio)
    top, bottom = log(WHEEL.upper), log(WHEEL.lower)
    going = np.zeros(horizon + 2)
    going[0] = 1.0
    fair = biased = spins = 0.0
    h = np.arange(horizon + 2)
    for n in range(1, horizon + 1):
        spins += going.sum()
        going = going * (1 - chance) + np.concatenate(([0.0], going[:-1])) * chance
        llr = h * log_r + (n - h) * log_s
        fair += going[llr <= bottom].sum()
        biased += going[llr >= top].sum()
        going[(llr <= bottom) | (llr >= top)] = 0.0
    return fair, biased, float(going.sum()), spins


def test_the_chapters_sequential_figures_in_floating_point(glued: dict[str, str]) -> None:
    for chance, error, error_key, spins_key in ((1 / 38, 1, "seq_alpha_exact", "seq_spins_fair"),
                                                (1 / 30, 0, "seq_beta_exact", "seq_spins_biased")):
        outcome = sprt_in_floats(chance, 20_000)
        assert outcome[2] < 1e-5
        assert glued[error_key] == f"{100 * outcome[error]:.3f}%"
        assert glued[spins_key] == f"{outcome[3] + outcome[2]:.1f}"


def test_the_chapters_figures_beside_the_review_s_recomputation(glued: dict[str, str]) -> None:
    """The statistician's review of 2 December 2026 (issue 31): Wald's approximation gives about 1,630 spins on a fair
    pocket and 2,150 on a biased one, against a fixed test of 3,487 spins (5% and 80%)."""
    assert abs(float(glued["seq_wald_fair"]) - 1630) < 5 and abs(float(glued["seq_wald_biased"]) - 2150) < 5
    assert glued["seq_fixed_normal"] == "3,487"


def test_the_chapters_log_stops_where_its_likelihood_ratio_first_leaves_b_and_a(glued: dict[str, str]) -> None:
    from casino_math.roulette import simulated

    spins = simulated.biased_spins(20_000, "17", Fraction(1, 30), seed=2026)
    ratio, hits, stop = Fraction(1), 0, 0
    for n, spin in enumerate(spins, start=1):
        hits += spin == "17"
        ratio *= WHEEL.hit_ratio if spin == "17" else WHEEL.miss_ratio
        if not WHEEL.lower < ratio < WHEEL.upper:
            stop = n
            break
    assert ratio >= WHEEL.upper
    assert glued["seq_log_stop"] == f"{stop:,}" and glued["seq_log_hits_stop"] == str(hits)


def test_the_chapters_runs_by_counting_switches(glued: dict[str, str]) -> None:
    from casino_math.roulette import simulated
    from casino_math.roulette.rules import RED

    wheel = simulated.biased_spins(3800, "0", Fraction(1, 38), seed=2026)
    reds = np.array([spin in RED for spin in wheel if spin not in ("0", "00")])
    runs = 1 + int((reds[1:] != reds[:-1]).sum())
    assert glued["seq_runs_count"] == f"{runs:,}"
    n1, n2 = int(reds.sum()), int((~reds).sum())
    mean, sd = 1 + 2 * n1 * n2 / (n1 + n2), sqrt(float(runs_variance(n1, n2)))
    normal = 2 * (1 - 0.5 * (1 + erf(abs(runs - mean) / sd / sqrt(2))))
    assert abs(float(glued["seq_runs_p"].rstrip("%")) / 100 - normal) < 0.02


def test_the_student_simulation_reports_whether_the_exact_value_is_in_its_interval(glued: dict[str, str]) -> None:
    low, high = (Fraction(glued[k].rstrip("%")) / 100 for k in ("seq_ex_sim_low", "seq_ex_sim_high"))
    exact = false_alarm(38, 3800)
    assert glued["seq_ex_sim_verdict"] == ("lies inside" if low <= exact <= high else "lies outside")
