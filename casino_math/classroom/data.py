"""Answers as plain data: what a submission's sandbox reports, and what the grader judges.

A value becomes a small JSON-able tag (``{"t": "fraction", "v": "9/19"}``);
the grader turns it back into a plain Python value.  Nothing of the
submission's own objects crosses over: a number of any exact kind (``Fraction``,
``sympy.Rational``, a numpy integer) arrives as a ``Fraction`` or ``int``, a
float as a float, and any other object only as the name of its type.

>>> from fractions import Fraction
>>> encode(Fraction(9, 19)), decode(encode(Fraction(9, 19)))
({'t': 'fraction', 'v': '9/19'}, Fraction(9, 19))
>>> decode(encode([1, "red", (2.5, ...)]))
[1, 'red', (2.5, Ellipsis)]
>>> type(decode(encode(object()))).__name__
'object'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

#: A value as plain data: a small JSON-able dict with its kind under "t".
Tag = dict[str, Any]

#: The most items of a list, tuple or dict, and characters of a text, that are reported.
MOST = 100_000


def encode(value: object, depth: int = 0) -> Tag:
    """A value as plain data (see the module's examples); anything unknown is reported by its type's name.

    >>> encode(True), encode(10**30), encode(0.1)
    ({'t': 'bool', 'v': True}, {'t': 'int', 'v': '1000000000000000000000000000000'}, {'t': 'float', 'v': '0.1'})
    """
    try:
        return _encode(value, depth)
    except Exception:  # noqa: BLE001  (an object that misbehaves when looked at is reported by its type alone)
        return {"t": "other", "type": _type_name(value)}


def _encode(value: object, depth: int) -> Tag:
    if type(value) is int:  # the commonest result of a submitted function (a simulated round), at once
        return {"t": "int", "v": str(value)}
    if value is None or value is ...:
        return {"t": "none" if value is None else "blank"}
    if isinstance(value, bool) or (type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_")):
        return {"t": "bool", "v": bool(value)}
    if isinstance(value, Integral):
        return {"t": "int", "v": str(int(value))}
    if isinstance(value, Rational):
        return {"t": "fraction", "v": f"{int(value.numerator)}/{int(value.denominator)}"}
    if isinstance(value, Decimal):
        return {"t": "decimal", "v": str(value)}
    if isinstance(value, Real):
        return {"t": "float", "v": repr(float(value))}
    if isinstance(value, str):
        return {"t": "str", "v": str(value[:MOST])}
    if depth < 4 and isinstance(value, (list, tuple)) and type(value) in (list, tuple):  # not their subclasses
        return {"t": type(value).__name__, "v": [encode(item, depth + 1) for item in value[:MOST]]}
    if depth < 4 and type(value) is dict:
        return {"t": "dict", "v": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in list(value.items())[:MOST]]}
    if callable(value):
        return {"t": "function"}
    return {"t": "other", "type": _type_name(value)}


def _type_name(value: object) -> str:
    try:
        return str(type(value).__name__)[:100]
    except Exception:  # noqa: BLE001
        return "object"


def decode(tag: object) -> Any:
    """The plain value a tag stands for; a tag that is not one of ours stands for an unknown object.

    >>> decode({"t": "int", "v": "7"}), decode({"t": "decimal", "v": "0.5"}), decode({"t": "blank"})
    (7, Decimal('0.5'), Ellipsis)
    >>> decode({"t": "dict", "v": [[{"t": "str", "v": "a"}, {"t": "none"}]]})
    {'a': None}
    """
    kind = tag.get("t") if isinstance(tag, dict) else None
    value: Any = tag.get("v") if isinstance(tag, dict) else None
    try:
        if kind in SIMPLE:
            return SIMPLE[kind](value)
        if kind in ("list", "tuple"):
            items = [decode(item) for item in value]
            return items if kind == "list" else tuple(items)
        if kind == "dict":
            return {_hashable(decode(k)): decode(v) for k, v in value}
    except (TypeError, ValueError, ArithmeticError):
        pass
    return opaque(tag.get("type", "object") if isinstance(tag, dict) and kind in ("other", "function") else "object",
                  kind == "function")


def _fraction(text: Any) -> Fraction:
    """A fraction as the sandbox writes one, ``n/d``; anything else (an exponent that would take the grader hours
    to expand, such as ``1e30000000``) is not a fraction of ours.

    >>> _fraction("-9/19")
    Fraction(-9, 19)
    >>> _fraction("1e30000000")
    Traceback (most recent call last):
    ...
    ValueError: not a fraction of the form n/d: '1e30000000'
    """
    if not isinstance(text, str) or not FRACTION.fullmatch(text):
        raise ValueError(f"not a fraction of the form n/d: {str(text)[:40]!r}")
    return Fraction(text)


def _decimal(text: Any) -> Decimal:
    """A decimal as the sandbox writes one, with an exponent small enough to compare exactly.

    >>> _decimal("0.25")
    Decimal('0.25')
    >>> _decimal("1E+999999999")
    Traceback (most recent call last):
    ...
    ValueError: a decimal with an exponent beyond 1000: '1E+999999999'
    """
    value = Decimal(text)
    if value.is_finite() and abs(value.adjusted()) > 1000:
        raise ValueError(f"a decimal with an exponent beyond 1000: {str(text)[:40]!r}")
    return value


#: A fraction as the sandbox writes one.
FRACTION = re.compile(r"-?[0-9]+/[0-9]+")

SIMPLE: dict[str, Callable[[Any], Any]] = {
    "none": lambda v: None,
    "blank": lambda v: ...,
    "bool": lambda v: v if isinstance(v, bool) else bool(int("x")),
    "int": lambda v: int(v),
    "fraction": _fraction,
    "decimal": _decimal,
    "float": lambda v: float(v),
    "str": lambda v: v if isinstance(v, str) else int("x"),
}


def _hashable(key: Any) -> Any:
    return key if key.__hash__ is not None else repr(key)


def opaque(type_name: str, is_function: bool = False) -> object:
    """A stand-in for a submission's object the grader never sees: only its type's name, for the hints.

    >>> type(opaque("ndarray")).__name__, callable(opaque("function", True))
    ('ndarray', False)
    """
    name = type_name if type_name.isidentifier() else "object"
    return type(name, (), {"__repr__": lambda self: f"<{name}>"})()
