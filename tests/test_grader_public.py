"""The check cells' public checks against the teacher's keys: the same verdict and hint, from hashes alone.

Every exact question of every key: its right answer, each common mistake, its negation and a float of it are
judged by the public data a student's notebook carries exactly as by the key; so are an estimate's right value,
its mistakes and values off by a margin.  Rules and simulations: the library's own answer is right by both.  And
the plain data a sandbox reports keeps every exact kind of number exact.
"""

from fractions import Fraction as F
from typing import Any

import numpy as np
import pytest
import sympy
from classroom_helpers import NAMES, questions_of
from classroom_helpers import shipped as carried

from casino_math.classroom import data, public
from casino_math.classroom.checks import Estimate, Exact, Rule, Simulation
from casino_math.classroom.verdict import Status

RIGHT = Status.RIGHT
QUESTIONS = [pytest.param(name, short, q, id=q.id) for name in NAMES for short, q in questions_of(name).items()]


def shipped(name: str, short: str) -> dict[str, Any]:
    return carried(name)[short]


@pytest.mark.parametrize("name, short, question", [p for p in QUESTIONS if isinstance(p.values[2], Exact)])
def test_an_exact_check_gives_the_keys_verdict_on_the_answer_its_mistakes_its_negation_and_a_float(
        name: str, short: str, question: Exact) -> None:
    right = F(question.right())
    for answer in [right, *question.mistakes(), -right, right + 1, float(right), ...]:
        assert public.judge(question.id, shipped(name, short), answer) == question.judge(answer), answer


@pytest.mark.parametrize("name, short, question", [p for p in QUESTIONS if isinstance(p.values[2], Estimate)])
def test_an_estimate_gives_the_keys_verdict_and_hint_on_values_near_and_far(
        name: str, short: str, question: Estimate) -> None:
    right, error = F(question.right()), question.error()
    for answer in [right, float(right), float(right) + error, float(right) + 6 * error, float(right) - 9 * error,
                   *map(float, question.mistakes()), "0.5", ...]:
        assert public.judge(question.id, shipped(name, short), answer) == question.judge(answer), answer


@pytest.mark.parametrize("name, short, question", [p for p in QUESTIONS if isinstance(p.values[2], Rule)])
def test_a_rule_is_right_by_both_when_it_is_the_librarys_rule(name: str, short: str, question: Rule) -> None:
    assert public.judge(question.id, shipped(name, short), question.right).status == RIGHT
    assert question.judge(question.right).status == RIGHT


@pytest.mark.parametrize("name, short, question", [p for p in QUESTIONS if isinstance(p.values[2], Simulation)])
def test_a_simulation_that_is_always_the_likeliest_result_is_wrong_by_both(
        name: str, short: str, question: Simulation) -> None:
    likeliest = max(question.right().items(), key=lambda item: item[1])[0]
    assert public.judge(question.id, shipped(name, short), lambda rng: likeliest).status != RIGHT
    assert question.judge(lambda rng: likeliest).status != RIGHT


@pytest.mark.parametrize("value, tag", [
    (F(9, 19), {"t": "fraction", "v": "9/19"}),
    (sympy.Rational(9, 19), {"t": "fraction", "v": "9/19"}),
    (sympy.Integer(7), {"t": "int", "v": "7"}),
    (np.int64(7), {"t": "int", "v": "7"}),
    (np.float64(0.5), {"t": "float", "v": "0.5"}),
    ("False", {"t": "str", "v": "False"}),  # text that reads False is text, not a truth value
    (np.bool_(True), {"t": "bool", "v": True}),
    (np.array([1, 2]), {"t": "other", "type": "ndarray"}),
])
def test_the_sandbox_reports_numbers_by_their_exact_kind(
        value: F | float | object | str, tag: dict[str, bool | str] | dict[str, str]) -> None:
    assert data.encode(value) == tag


def test_text_that_reads_false_is_not_a_losing_bet_by_either_check() -> None:
    question = questions_of("roulette")["low_wins"]
    says = lambda pocket: "True" if pocket not in ("0", "00") and int(pocket) <= 18 else "False"
    assert question.judge(says).status != RIGHT
    assert public.judge(question.id, shipped("roulette", "low_wins"), says).status != RIGHT


def test_what_the_grader_decodes_is_plain_python_never_the_submissions_objects() -> None:
    assert data.decode({"t": "fraction", "v": "9/19"}) == F(9, 19)
    assert type(data.decode({"t": "other", "type": "Evil"})).__module__ == "casino_math.classroom.data"
    assert type(data.decode({"t": "fraction", "v": "1/0"})).__name__ == "object"  # nonsense is an unknown object
    assert type(data.decode("not a tag")).__name__ == "object"


def test_a_check_names_what_exists() -> None:
    public.load_checks("roulette", public.pack(carried("roulette")))
    with pytest.raises(ValueError, match="assignment 'roulette' has no question 'green'; its questions are: red, "):
        public.check("roulette.green", 1)
