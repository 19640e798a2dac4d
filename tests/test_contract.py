"""Every game has one shape: the same rules contract, the same lookup, the same command-line hooks."""

import re
from collections.abc import Callable
from dataclasses import fields
from fractions import Fraction
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from casino_math.baccarat.rules import BaccaratRules
from casino_math.bets import Bet, house_edge
from casino_math.craps.rules import CrapsRules
from casino_math.roulette.rules import RouletteRules
from casino_math.rules import GameRules, PayTable

GAMES = ("roulette", "craps", "baccarat")
BIBLIOGRAPHY = (Path(__file__).resolve().parents[1] / "book" / "references.bib").read_text()
BIB_KEYS = set(re.findall(r"^@\w+\{([^,]+),", BIBLIOGRAPHY, flags=re.MULTILINE))

# A pay-table change under each game's default rules, and a bet whose edge it must move.
CHANGES: dict[str, tuple[Callable[[Any], Any], str]] = {
    "roulette": (lambda r: r.changed(pays={**r.pays, "straight": 36}), "straight"),
    "craps": (lambda r: r.changed(field_pays={**r.field_pays, 12: 3}), "field"),
    "baccarat": (lambda r: r.changed(tie_pays=9), "tie"),
}


def game(name: str) -> ModuleType:
    return import_module(f"casino_math.{name}")


def all_rules() -> list[tuple[str, str, BaccaratRules] | tuple[str, str, CrapsRules] | tuple[str, str, RouletteRules]]:
    return [(g, name, rules) for g in GAMES for name, rules in game(g).RULES.items()]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_exposes_the_same_names(name: str) -> None:
    module = game(name)
    for attribute in ("RULES", "DEFAULT_RULES", "EDGE_OPTIONS", "BET_IDS", "OXFORD", "bet", "edge_bets", "rules_named"):
        assert hasattr(module, attribute), f"casino_math.{name} has no {attribute}"
    assert module.RULES[module.DEFAULT_RULES] is module.OXFORD
    assert module.rules_named("oxford") is module.OXFORD


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_every_rules_value_is_a_frozen_named_sourced_value(
        g: str, name: str, rules: BaccaratRules | CrapsRules | RouletteRules) -> None:
    assert isinstance(rules, GameRules)
    assert " " in rules.name, f"{g} rules {name!r}: the name {rules.name!r} should be words a reader recognises"
    assert rules.source in BIB_KEYS, f"{g} rules {name!r}: source {rules.source!r} is not a key of references.bib"
    with pytest.raises(AttributeError):
        rules.name = "changed in place"  # type: ignore[misc]  # what a frozen value refuses


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_a_rules_name_is_spelt_one_way_and_found_either_way(
        g: str, name: str, rules: BaccaratRules | CrapsRules | RouletteRules) -> None:
    # Listed with _ between words; the command line (and a chapter written before) may join them with -.
    table = game(g).RULES
    assert "-" not in name and table[name.replace("_", "-")] is rules and name.replace("_", "-") in table
    assert game(g).rules_named(name.replace("_", "-")) is rules
    with pytest.raises(AttributeError, match=r"^a RulesByName cannot be changed$"):
        table.extra = rules


def _field_docs(cls: type) -> str:
    import inspect

    return inspect.getsource(cls)


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_every_field_has_a_docstring(g: str, name: str, rules: BaccaratRules | CrapsRules | RouletteRules) -> None:
    source = _field_docs(type(rules))
    for field in fields(rules):
        declared = re.search(rf"^    {field.name}: .*\n    \"\"\"", source, flags=re.MULTILINE)
        assert declared, f"{type(rules).__name__}.{field.name} has no docstring under it"


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_pay_tables_are_one_immutable_type(
        g: str, name: str, rules: BaccaratRules | CrapsRules | RouletteRules) -> None:
    tables = [getattr(rules, f.name) for f in fields(rules) if f.name.endswith("pays") and
              not isinstance(getattr(rules, f.name), Fraction)]
    assert all(isinstance(t, PayTable) for t in tables), [type(t).__name__ for t in tables]
    for table in tables:
        assert all(isinstance(x, Fraction) for x in table.values())


@pytest.mark.parametrize("name", GAMES)
def test_changed_rules_move_the_edge_and_leave_the_original(name: str) -> None:
    module = game(name)
    change, bet_id = CHANGES[name]
    before = house_edge(module.bet(bet_id, module.OXFORD))
    changed = change(module.OXFORD)
    assert house_edge(module.bet(bet_id, changed)) < before
    assert house_edge(module.bet(bet_id, module.OXFORD)) == before
    assert type(changed) is type(module.OXFORD)


@pytest.mark.parametrize("name", GAMES)
def test_changing_a_field_that_does_not_exist_is_a_clear_error(name: str) -> None:
    with pytest.raises(TypeError, match=f"{name} rules have no field 'payz'; the fields are: name, source"):
        game(name).OXFORD.changed(payz=1)


@pytest.mark.parametrize("name", GAMES)
def test_bet_and_edge_bets_agree(name: str) -> None:
    module = game(name)
    listed = module.edge_bets(module.OXFORD)
    assert [bet_id for bet_id, _ in listed] == [b for b in module.BET_IDS if b in dict(listed)]
    for bet_id, bet in listed:
        assert isinstance(bet, Bet)
        assert house_edge(module.bet(bet_id, module.OXFORD)) == house_edge(bet)


@pytest.mark.parametrize("name", GAMES)
def test_rules_are_values_not_names(name: str) -> None:
    module = game(name)
    with pytest.raises(TypeError, match=rf"{name} rules must be a rules value such as {name}.RULES\['oxford'\], "
                                        "not the name 'oxford'"):
        module.edge_bets("oxford")


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_bet_id_suggests_the_closest(name: str) -> None:
    module = game(name)
    first = module.BET_IDS[0]
    with pytest.raises(ValueError, match=rf"unknown {name} bet '{first}x'; did you mean {first}"):
        module.bet(first + "x", module.OXFORD)
