"""Roulette's rules values keep the contract all three games share: named, sourced, exact pay tables, changed copies."""

import ast
import inspect
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from casino_math import roulette
from casino_math.bets import house_edge
from casino_math.roulette import BET_IDS, KINDS, LA_PARTAGE, OXFORD, RULES, SINGLE_ZERO, RouletteRules, bet, edge_bets
from casino_math.rules import PayTable

BIB = Path(__file__).resolve().parents[1] / "book" / "references.bib"


def test_the_named_rules_and_the_package_top() -> None:
    assert list(RULES) == ["oxford", "single_zero", "la_partage"]
    assert RULES[roulette.DEFAULT_RULES] is OXFORD
    assert (RULES["single_zero"], RULES["la_partage"]) == (SINGLE_ZERO, LA_PARTAGE)
    assert roulette.EDGE_OPTIONS == {}
    assert BET_IDS == KINDS


@pytest.mark.parametrize("key", list(RULES))
def test_every_rules_value_is_named_and_sourced_with_an_exact_pay_table(key: str) -> None:
    rules = RULES[key]
    bib_keys = set(re.findall(r"^@\w+\{([^,]+),", BIB.read_text(encoding="utf-8"), flags=re.MULTILINE))
    assert rules.source in bib_keys
    assert rules.name and rules.name != key  # words a reader recognises, not the command-line name
    assert isinstance(rules.pays, PayTable)
    assert all(type(x) is Fraction for x in rules.pays.values())
    assert roulette.rules_named(key) is rules


def test_the_oxford_rules_name_the_casino_as_craps_does() -> None:
    from casino_math import craps

    assert OXFORD.name == craps.OXFORD.name == "Oxford Casino Hotel, Maine"
    assert OXFORD.source == craps.OXFORD.source == "oxford_casino_rules"


def test_every_field_of_the_rules_has_a_docstring() -> None:
    cls = ast.parse(inspect.getsource(RouletteRules)).body[0]
    assert isinstance(cls, ast.ClassDef)
    body = cls.body
    fields = [(node, body[i + 1]) for i, node in enumerate(body) if isinstance(node, ast.AnnAssign)]
    assert len(fields) == 7
    for field, below in fields:
        assert isinstance(below, ast.Expr) and isinstance(below.value, ast.Constant), ast.unparse(field.target)
        assert isinstance(below.value.value, str), ast.unparse(field.target)


def test_a_rules_value_takes_no_positional_arguments() -> None:
    # A bare True cannot say which rule it switches on, so every field is given by name.
    with pytest.raises(TypeError, match="positional argument"):
        RouletteRules("odd", "none", roulette.EUROPEAN_WHEEL, roulette.SINGLE_ZERO_LAYOUT, {}, True)  # type: ignore[call-arg, arg-type]


def test_a_changed_pay_table_changes_the_edge() -> None:
    # Paying the top line 31/5 to 1 gives it the other bets' 1/19 (Grochowski's "6.20 to 1").
    fairer = OXFORD.changed(name="Oxford with a 31/5 top line", pays={**OXFORD.pays, "top_line": Fraction(31, 5)})
    assert isinstance(fairer.pays, PayTable) and fairer.pays["top_line"] == Fraction(31, 5)
    assert house_edge(bet("top_line", fairer)) == house_edge(dict(edge_bets(fairer))["top_line"]) == Fraction(1, 19)
    assert house_edge(bet("top_line")) == Fraction(3, 38) and OXFORD.pays["top_line"] == 6  # the original stands


def test_a_changed_rule_changes_the_edge() -> None:
    # La partage on the double-zero wheel: 18/38 win 1, 2/38 lose a half, 18/38 lose 1, so E = -1/38.
    oxford_partage = OXFORD.changed(la_partage=True)
    assert house_edge(roulette.red(oxford_partage)) == Fraction(1, 38)
    assert house_edge(roulette.straight(17, rules=oxford_partage)) == Fraction(1, 19)


def test_a_float_payout_is_refused() -> None:
    with pytest.raises(TypeError, match=r"the payout on 'straight' 35\.0 is a float"):
        OXFORD.changed(pays={**OXFORD.pays, "straight": 35.0})


@pytest.mark.parametrize("key", list(RULES))
def test_bet_and_edge_bets_agree(key: str) -> None:
    rules = RULES[key]
    rows = edge_bets(rules)
    assert [bet_id for bet_id, _ in rows] == [k for k in KINDS if k in rules.pays]
    for bet_id, found in rows:
        made = bet(bet_id, rules)
        assert (made.name, made.pays, house_edge(made)) == (found.name, found.pays, house_edge(found))


@pytest.mark.parametrize(
    "bet_id, rules, name",
    [("straight", OXFORD, "straight 1"), ("corner", OXFORD, "corner 1-2-4-5"), ("top_line", OXFORD, "top line 0-00-1-2-3"),
     ("six_line", SINGLE_ZERO, "six line 1-2-3-4-5-6"), ("column", LA_PARTAGE, "1st column (1, 4, ..., 34)")],
)
def test_the_bet_that_stands_for_each_kind(bet_id: str, rules: RouletteRules, name: str) -> None:
    assert bet(bet_id, rules).name == name


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: bet("stret"), ("unknown roulette bet 'stret'; did you mean street or straight? "
                                "(python -m casino_math edges --game roulette lists every bet)")),
        (lambda: bet("top_line", SINGLE_ZERO), ("this table (A single-zero (European) wheel) has no top_line bet; "
                                                "it offers: straight, split, street, corner, six_line, red, black, odd, "
                                                "even, low, high, dozen, column")),
    ],
)
def test_bad_bet_ids(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        call()


# Each call gives a name where the type asks for a rules value: the mistake the test is about.
NAMES_REFUSED = [
    lambda: roulette.red("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.dozen(1, "la_partage"),  # type: ignore[arg-type]
    lambda: roulette.straight(17, rules="la_partage"),  # type: ignore[arg-type]
    lambda: roulette.top_line("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.bet_on([1, 2], "la_partage"),  # type: ignore[arg-type]
    lambda: roulette.bet("red", "la_partage"),  # type: ignore[arg-type]
    lambda: roulette.edge_bets("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.every_bet("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.legal_bets("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.splits("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.wheel("la_partage"),  # type: ignore[arg-type]
    lambda: roulette.pocket(17, "la_partage"),  # type: ignore[arg-type]
    lambda: roulette.settle(roulette.red(), 1, rules="la_partage"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("call", NAMES_REFUSED)
def test_a_rules_name_is_refused_where_a_rules_value_is_wanted(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value) == (
        "roulette rules must be a rules value such as roulette.RULES['la_partage'], not the name 'la_partage'")


def test_something_that_is_not_rules_is_refused() -> None:
    with pytest.raises(TypeError) as error:
        roulette.red(None)  # type: ignore[arg-type]  # not a rules value, on purpose
    assert str(error.value) == "roulette rules must be a rules value such as roulette.RULES[roulette.DEFAULT_RULES], not None"


def test_rules_named_takes_only_the_command_line_names() -> None:
    assert roulette.rules_named("la_partage") is LA_PARTAGE
    message = "unknown roulette rules 'Oxford Casino Hotel, Maine'; the rules are: oxford, single_zero, la_partage"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        roulette.rules_named("Oxford Casino Hotel, Maine")


def test_roulette_does_not_import_sympy() -> None:
    # The numerical core and the command line must not pay sympy's start-up cost; the formula lives in symbolic.
    code = "import sys, casino_math.roulette; print('sympy' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
    assert "sympy" not in "".join(p.read_text() for p in Path(roulette.__file__).parent.glob("*.py"))
