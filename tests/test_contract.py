"""Every game has one shape: the same rules contract, the same lookup, the same command-line hooks."""

import re
from dataclasses import fields
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from casino_math import games
from casino_math.bets import Bet, house_edge
from casino_math.rules import OPTIONAL, Game, GameRules, PayTable, Rules, first_bet, game_name

#: Every registered game: the book's three, and any installed beside casino_math (its entry point read).
GAMES = games.names()
ROOT = Path(__file__).resolve().parents[1]
BIBLIOGRAPHY = (ROOT / "book" / "references.bib").read_text()
BIB_KEYS = set(re.findall(r"^@\w+\{([^,]+),", BIBLIOGRAPHY, flags=re.MULTILINE))


def game(name: str) -> Game[Any]:
    return games.game(name)


def default(name: str) -> Any:
    """The game's default rules value, by the name the game itself gives it."""
    module = game(name)
    return module.RULES[module.DEFAULT_RULES]


def all_rules() -> list[tuple[str, str, Any]]:
    return [(g, name, rules) for g in GAMES for name, rules in game(g).RULES.items()]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_keeps_the_contract(name: str) -> None:
    module = game(name)
    assert isinstance(module, Game), f"{name} lacks a member of casino_math.rules.Game"
    assert module.DEFAULT_RULES in module.RULES
    assert module.rules_named(module.DEFAULT_RULES) is default(name)
    assert set(module.BET_NAMES) == set(module.BET_IDS) and set(module.RULES_NAMES) == set(module.RULES)


@pytest.mark.parametrize("name", GAMES)
def test_a_member_a_game_leaves_out_has_the_librarys_default(name: str) -> None:
    module = game(name)
    assert first_bet(module) in dict(module.edge_bets(default(name)))
    assert game_name(name, module) == getattr(module, "GAME_NAME", name.capitalize())
    assert set(OPTIONAL) == {"FIRST_BET", "GAME_NAME"}


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_every_rules_value_is_a_frozen_named_sourced_value(
        g: str, name: str, rules: Any) -> None:
    assert isinstance(rules, GameRules) and isinstance(rules, Rules)
    assert " " in rules.name, f"{g} rules {name!r}: the name {rules.name!r} should be words a reader recognises"
    if g in games.BUILT_IN:  # the book's games cite its bibliography; a game from outside cites in its own words
        assert rules.source in BIB_KEYS, f"{g} rules {name!r}: source {rules.source!r} is not a key of references.bib"
    else:
        assert rules.source.strip(), f"{g} rules {name!r}: no source"
    with pytest.raises(AttributeError):
        rules.name = "changed in place"  # what a frozen value refuses


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_a_rules_name_is_spelt_one_way_and_found_either_way(
        g: str, name: str, rules: Any) -> None:
    # Listed with _ between words; the command line (and a chapter written before) may join them with -.
    table = game(g).RULES
    assert "-" not in name and table[name.replace("_", "-")] is rules and name.replace("_", "-") in table
    assert game(g).rules_named(name.replace("_", "-")) is rules
    with pytest.raises(AttributeError, match=r"^a RulesByName cannot be changed$"):
        table.extra = rules  # type: ignore[attr-defined]  # what a read-only table refuses


def _field_docs(cls: type) -> str:
    import inspect

    return inspect.getsource(cls)


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_every_field_has_a_docstring(g: str, name: str, rules: Any) -> None:
    source = _field_docs(type(rules))
    for field in fields(rules):
        declared = re.search(rf"^    {field.name}: .*\n    \"\"\"", source, flags=re.MULTILINE)
        assert declared, f"{type(rules).__name__}.{field.name} has no docstring under it"


@pytest.mark.parametrize("g, name, rules", all_rules(), ids=[f"{g}-{n}" for g, n, _ in all_rules()])
def test_pay_tables_are_one_immutable_type(
        g: str, name: str, rules: Any) -> None:
    tables = [getattr(rules, f.name) for f in fields(rules) if f.name.endswith("pays") and
              not isinstance(getattr(rules, f.name), Fraction)]
    assert all(isinstance(t, PayTable) for t in tables), [type(t).__name__ for t in tables]
    for table in tables:
        assert all(isinstance(x, Fraction) for x in table.values())


@pytest.mark.parametrize("name", GAMES)
def test_changed_rules_move_the_edge_and_leave_the_original(name: str) -> None:
    # Every payout of the default rules' first pay table raised by 1, given as a plain dict: no bet's edge rises,
    # some bet's falls, and the rules value changed from is as it was.
    module, rules = game(name), default(name)
    table = next(f for f in type(rules).pay_table_fields() if getattr(rules, f))
    before = {bet_id: house_edge(bet) for bet_id, bet in module.edge_bets(rules)}
    changed = rules.changed(**{table: {k: x + 1 for k, x in getattr(rules, table).items()}})
    after = {bet_id: house_edge(bet) for bet_id, bet in module.edge_bets(changed)}
    assert all(after[b] <= before[b] for b in before) and any(after[b] < before[b] for b in before)
    assert {bet_id: house_edge(bet) for bet_id, bet in module.edge_bets(rules)} == before
    assert type(changed) is type(rules) and isinstance(getattr(changed, table), PayTable)


@pytest.mark.parametrize("name", GAMES)
def test_changing_a_field_that_does_not_exist_is_a_clear_error(name: str) -> None:
    with pytest.raises(TypeError, match=f"{name} rules have no field 'payz'; the fields are: name, source"):
        default(name).changed(payz=1)


@pytest.mark.parametrize("name", GAMES)
def test_bet_and_edge_bets_agree(name: str) -> None:
    module = game(name)
    listed = module.edge_bets(default(name))
    assert [bet_id for bet_id, _ in listed] == [b for b in module.BET_IDS if b in dict(listed)]
    for bet_id, bet in listed:
        assert isinstance(bet, Bet)
        assert house_edge(module.bet(bet_id, default(name))) == house_edge(bet)


@pytest.mark.parametrize("name", GAMES)
def test_rules_are_values_not_names(name: str) -> None:
    module = game(name)
    named = module.DEFAULT_RULES
    with pytest.raises(TypeError, match=rf"{name} rules must be a rules value such as {name}.RULES\['{named}'\], "
                                        f"not the name '{named}'"):
        module.edge_bets(named)
    with pytest.raises(TypeError, match=rf"{name} rules must be a rules value such as "
                                        rf"{name}.RULES\[{name}.DEFAULT_RULES\], not 1$"):
        module.edge_bets(1)


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_bet_id_suggests_the_closest(name: str) -> None:
    module = game(name)
    first = module.BET_IDS[0]
    with pytest.raises(ValueError, match=rf"unknown {name} bet '{first}x'; did you mean {first}"):
        module.bet(first + "x", default(name))


def test_the_readme_states_every_member_of_the_contract() -> None:
    # A reader outside the project writes a game from casino_math/README.md alone: every member is there.
    readme = (ROOT / "casino_math" / "README.md").read_text()
    members = [m for protocol in (Game, Rules) for m in vars(protocol) if not m.startswith("_")] + list(OPTIONAL)
    missing = [m for m in members if f"`{m}`" not in readme and f"`{m}(" not in readme]
    assert not missing, f"casino_math/README.md does not state {missing}"
