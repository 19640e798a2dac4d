"""Per-student variants: the numbers of an assignment drawn for each student, reproducibly and not guessably.

A key may declare parameters, each with the values it may take (the first is the
book's, the *default variant*)::

    PARAMETERS = {"chip": (5, 2, 10, 20, 25), "spins": range(40, 101, 10)}

Each student's value of each parameter is drawn from the course's secret, the
student's ID and the assignment: an HMAC of the three, so the same student gets
the same numbers every time, and without the secret nobody can tell which
numbers a student will get.  A source writes a parameter into its text as
``{{chip}}``, a field of a value that is a mapping as ``{{bet.name}}``, and a
formatted number as ``{{spins:,}}``.

>>> PARAMETERS = {"chip": (5, 2, 10), "spins": (60, 80)}
>>> default(PARAMETERS)
Variant(chip=5, spins=60)
>>> mine = draw(PARAMETERS, b"course secret", "roulette", "4567")
>>> mine == draw(PARAMETERS, b"course secret", "roulette", "4567"), mine["chip"] in (5, 2, 10)
(True, True)
>>> fill("A ${{chip}} chip at each of {{spins:,}} spins", Variant({"chip": 5, "spins": 1000}))
'A $5 chip at each of 1,000 spins'
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

#: A key's parameters: each name with the values it may take, the book's first.
Parameters = Mapping[str, Sequence[Any]]
#: A parameter in a source's text: ``{{name}}``, ``{{name.field}}``, ``{{name:format}}``.
PLACEHOLDER = re.compile(r"\{\{\s*(?P<name>[A-Za-z_]\w*)(?:\.(?P<field>\w+))?(?::(?P<spec>[^}]*))?\s*\}\}")
#: Bytes of a new course's secret.
SECRET_BYTES = 32


class Variant(Mapping[str, Any]):
    """The values of an assignment's parameters for one student (or the book's, the default)."""

    def __init__(self, values: Mapping[str, Any]):
        self._values = dict(values)

    def __getitem__(self, name: str) -> Any:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(repr(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __repr__(self) -> str:
        return f"Variant({', '.join(f'{k}={v!r}' for k, v in sorted(self._values.items()))})"


def default(parameters: Parameters) -> Variant:
    """The book's variant: the first value of every parameter."""
    return Variant({name: choices[0] for name, choices in parameters.items()})


def draw(parameters: Parameters, secret: bytes, assignment: str, student_id: str) -> Variant:
    """A student's variant: for each parameter, the value an HMAC of the secret, the student's ID, the assignment and
    the parameter's name picks."""
    values = {}
    for name, choices in parameters.items():
        message = f"{assignment}\x00{student_id}\x00{name}".encode()
        digest = hmac.new(secret, message, hashlib.sha256).digest()
        values[name] = choices[int.from_bytes(digest, "big") % len(choices)]
    return Variant(values)


def new_secret() -> str:
    """A new course's secret, as hex text."""
    return secrets.token_hex(SECRET_BYTES)


def check_parameters(parameters: object, where: str) -> Parameters:
    """A key's ``PARAMETERS``, checked: names mapped to non-empty sequences of values.

    >>> check_parameters({"chip": ()}, "roulette's key")
    Traceback (most recent call last):
    ...
    ValueError: roulette's key: PARAMETERS maps each name to the values it may take (a tuple, list or range), not chip=()
    """
    if not isinstance(parameters, Mapping):
        raise ValueError(  # noqa: TRY004  (a key of the wrong shape is the teacher's to fix: a one-line error)
            f"{where}: PARAMETERS is a dict of each parameter's values, not {type(parameters).__name__}")
    for name, choices in parameters.items():
        if not (isinstance(name, str) and name.isidentifier()) or not isinstance(choices, (tuple, list, range)) \
                or not choices:
            raise ValueError(f"{where}: PARAMETERS maps each name to the values it may take (a tuple, list or range), "
                             f"not {name}={choices!r}")
    return parameters


def names_in(text: str) -> set[str]:
    """The parameters a text names.

    >>> sorted(names_in("{{chip}} on {{bet.name}}, {{spins:,}} times, a set {1, 2}"))
    ['bet', 'chip', 'spins']
    """
    return {match["name"] for match in PLACEHOLDER.finditer(text)}


def fill(text: str, variant: Mapping[str, Any], where: str = "the source") -> str:
    """The text with each parameter written in (see the module's example); an unknown parameter is an error.

    >>> fill("{{chips}}", Variant({"chip": 5}), "roulette, line 40")
    Traceback (most recent call last):
    ...
    ValueError: roulette, line 40: {{chips}} names no parameter of the key; its parameters are: chip
    """
    def written(match: re.Match[str]) -> str:
        name, key, spec = match["name"], match["field"], match["spec"] or ""
        if name not in variant:
            there = ", ".join(sorted(variant)) or "none"
            raise ValueError(f"{where}: {match[0]} names no parameter of the key; its parameters are: {there}")
        value = variant[name]
        if key is not None:
            if not isinstance(value, Mapping) or key not in value:
                raise ValueError(f"{where}: {match[0]}: the parameter {name} has no field {key!r}")
            value = value[key]
        return format(value, spec)

    return PLACEHOLDER.sub(written, text)
