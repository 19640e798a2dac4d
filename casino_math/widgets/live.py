"""A widget as a definition: its controls and the pure function from their values to what it shows.

One definition has two front ends.  In Jupyter, :mod:`casino_math.widgets.jupyter`
draws it with ipywidgets; on the published site, ``book/_static/live-widgets.js``
draws the same controls as plain form elements and calls :func:`view_json` in the
reader's browser through Pyodide.  Both front ends call :meth:`Widget.view`, so
no figure is worked out anywhere else.  This module imports neither ipywidgets
nor numpy: it runs in the browser.

To make a chapter's widget live: write a function that builds its :class:`Widget`
(controls, and a function of their values returning HTML, e.g. a table's
``_repr_html_()``), register it with :func:`defines` under "module.widget", list
the module in :data:`MODULES`, and have the chapter's call return
:class:`Shown` of it.

Controls carry *raw* values that JSON can hold: an option control (a slider over
a list, a dropdown, a button group) holds the index of its option, an integer
range holds the integer, a checkbox holds true or false, and a set of choices
(tick boxes, any number of them ticked) holds the sorted indexes of those ticked.

A result may hold a chart: :func:`chart_html` wraps a Vega-Lite specification,
which the site's runtime draws with the self-hosted vega-embed and the Jupyter
adapter shows as Vega-Lite output; the exact figures stay in the result's tables.

>>> die = Widget("demo.die", (Control("sides", "range", "Sides", low=2, high=12, default=6),),
...              lambda sides: f"P(any one face) = 1/{sides}")
>>> die.view({"sides": 4})
{'html': 'P(any one face) = 1/4', 'inactive': []}
"""

from __future__ import annotations

import html
import importlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

#: The kinds of control: a slider over a list of options, an integer slider, a dropdown, a checkbox, a button group,
#: a set of tick boxes.
KINDS = ("options", "range", "dropdown", "checkbox", "buttons", "choices")
#: The kinds whose raw value is the index of an option.
OPTION_KINDS = ("options", "dropdown", "buttons")
#: The modules that define the site's live widgets (a widget's name starts with its module's).
MODULES: tuple[str, ...] = ("chance", "baccarat", "craps", "roulette", "session", "kelly", "chemin", "variants",
                           "fairness", "rare", "walks", "chains", "conditional", "continuous", "keno")
#: What the site says beside a snapshot's disabled controls, until the reader starts the widget (the site's runtime
#: puts it in place of NOTEBOOK_NOTE, and shows the button that starts it).
STATIC_NOTE = "A snapshot at the starting values: the controls work once the widget runs live."
#: What a saved snapshot says in a notebook, where nothing can start it but running its cell (which replaces it by
#: the widget itself).
NOTEBOOK_NOTE = "A snapshot at the starting values: run this cell to use the widget."
#: The classes that keep MathJax off a snapshot: JupyterLab typesets saved HTML, and "$200 on red at $10" would be
#: set as a formula.
NOT_MATH = "tex2jax_ignore mathjax_ignore"

#: A function that builds a widget from its fixed arguments.
Builder = Callable[..., "Widget"]
#: What a widget shows for its control values: JSON-ready data (here HTML text, the names of inactive controls).
View = dict[str, Any]
#: Every widget definition by name: name -> its builder.
DEFINITIONS: dict[str, Builder] = {}


@dataclass(frozen=True)
class Control:
    """One control of a widget: what the reader sets, and the values it may take."""

    name: str  #: the keyword the widget's function receives
    kind: str  #: one of KINDS
    label: str  #: what the reader reads beside it
    options: tuple[tuple[str, Any], ...] = ()  #: (label, value) pairs, for the option kinds
    low: int = 0  #: the smallest integer, for a range
    high: int = 0  #: the largest integer, for a range
    default: Any = None  #: the starting value (a value, not an index)
    #: set by buttons the widget's result draws (the roulette layout's pockets), so the site draws no control of its
    #: own for it: the buttons, toggle buttons that say whether they are pressed, are the control
    in_result: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.kind!r} is not a kind of control; the kinds are {', '.join(KINDS)}")

    def raw(self, value: Any) -> Any:
        """The raw value (what JSON carries) of a value of this control.

        >>> Control("pays", "options", "Pays", options=(("1 to 1", 1), ("2 to 1", 2)), default=1).raw(2)
        1
        """
        if self.kind == "choices":
            return sorted({self._index(v) for v in value})
        if self.kind in OPTION_KINDS:
            return self._index(value)
        return value

    def _index(self, value: Any) -> int:
        """The index of the option whose value is ``value``."""
        values = [v for _, v in self.options]
        if value not in values:
            raise ValueError(f"{value!r} is not an option of {self.label!r}; the options are "
                             + ", ".join(label for label, _ in self.options))
        return values.index(value)

    def value(self, raw: Any) -> Any:
        """The value a raw value stands for, checked against what this control allows.

        >>> Control("decks", "range", "Decks", low=1, high=8, default=8).value(9)
        Traceback (most recent call last):
        ValueError: 9 is not allowed for 'Decks': a whole number from 1 to 8
        """
        if self.kind == "choices":
            return self._chosen(raw)
        if self.kind in OPTION_KINDS:
            if not _is_int(raw) or not 0 <= raw < len(self.options):
                raise ValueError(f"{raw!r} is not allowed for {self.label!r}: an option number from 0 to "
                                 f"{len(self.options) - 1}")
            return self.options[raw][1]
        if self.kind == "range":
            if not _is_int(raw) or not self.low <= raw <= self.high:
                raise ValueError(f"{raw!r} is not allowed for {self.label!r}: a whole number from {self.low} "
                                 f"to {self.high}")
            return raw
        if isinstance(raw, bool):
            return raw
        raise ValueError(f"{raw!r} is not allowed for {self.label!r}: true or false")

    def _chosen(self, raw: Any) -> tuple[Any, ...]:
        """The values of the ticked options, in the options' order, for a list of option numbers.

        >>> Control("on", "choices", "Pockets", options=(("0", "0"), ("1", "1")), default=()).value([1, 0])
        ('0', '1')
        >>> Control("on", "choices", "Pockets", options=(("0", "0"), ("1", "1")), default=()).value([2])
        Traceback (most recent call last):
        ValueError: [2] is not allowed for 'Pockets': a list of option numbers from 0 to 1
        """
        if not isinstance(raw, list) or not all(_is_int(i) and 0 <= i < len(self.options) for i in raw):
            raise ValueError(f"{raw!r} is not allowed for {self.label!r}: a list of option numbers from 0 to "
                             f"{len(self.options) - 1}")
        return tuple(value for i, (_, value) in enumerate(self.options) if i in raw)

    def as_json(self) -> dict[str, Any]:
        """What the site's runtime needs to draw this control: labels and raw values only."""
        described: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label, "default": self.raw(self.default)}
        if self.kind in (*OPTION_KINDS, "choices"):
            described["options"] = [label for label, _ in self.options]
        if self.kind == "range":
            described["low"], described["high"] = self.low, self.high
        if self.in_result:
            described["in_result"] = True
        return described


def _is_int(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool)


def _nothing_inactive(**_values: Any) -> list[str]:
    return []


def _no_readouts(**_values: Any) -> dict[str, tuple[int | None, str]]:
    return {}


@dataclass(frozen=True)
class Widget:
    """A widget: its name, its controls, and the pure function from their values to its HTML."""

    name: str  #: e.g. "chance.payout": the module the definition lives in, then the widget
    controls: tuple[Control, ...]
    show: Callable[..., str]  #: control values (as keywords) -> HTML
    #: control values -> the names of the controls that change nothing under them (shown disabled)
    inactive: Callable[..., list[str]] = _nothing_inactive
    args: Mapping[str, Any] = field(default_factory=dict)  #: the fixed arguments its definition was built with
    #: control values -> what an inactive control shows instead of its own value: name -> (raw value or None, text)
    readouts: Callable[..., dict[str, tuple[int | None, str]]] = _no_readouts

    def defaults(self) -> dict[str, Any]:
        """Every control's starting raw value."""
        return {c.name: c.raw(c.default) for c in self.controls}

    def values(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The values the raw values stand for; a control left out keeps its starting value."""
        unknown = set(raw) - {c.name for c in self.controls}
        if unknown:
            raise ValueError(f"{self.name} has no control {', '.join(sorted(unknown))}; its controls are "
                             + ", ".join(c.name for c in self.controls))
        return {c.name: c.value(raw.get(c.name, c.raw(c.default))) for c in self.controls}

    def view(self, raw: Mapping[str, Any]) -> View:
        """What the widget shows for these raw values: its HTML, which controls change nothing, and what those
        show instead (the value in force there), when the widget says."""
        values = self.values(raw)
        shown: View = {"html": self.show(**values), "inactive": list(self.inactive(**values))}
        readouts = self.readouts(**values)
        if readouts:
            shown["readouts"] = {name: list(readout) for name, readout in readouts.items()}
        return shown

    def starting_at(self, **values: Any) -> Widget:
        """The same widget with other starting values (values, not raw values)."""
        controls = tuple(replace(c, default=values[c.name]) if c.name in values else c for c in self.controls)
        for c in controls:
            c.raw(c.default)
        return replace(self, controls=controls)

    def as_json(self) -> dict[str, Any]:
        """The definition as the site's runtime reads it."""
        return {"name": self.name, "args": dict(self.args), "controls": [c.as_json() for c in self.controls]}


def defines(name: str) -> Callable[[Builder], Builder]:
    """Register the decorated function as the builder of the widget ``name``."""

    def register(build: Builder) -> Builder:
        DEFINITIONS[name] = build
        return build

    return register


def definition(name: str, args: Mapping[str, Any] | None = None) -> Widget:
    """The widget called ``name``, built from its fixed arguments.

    >>> definition("chance.payout").controls[0].label
    'The 6 pays'
    >>> definition("chance.jackpot")
    Traceback (most recent call last):
    ValueError: there is no widget 'chance.jackpot'; the widgets are chance.payout
    """
    module = name.split(".")[0]
    if module in MODULES:
        importlib.import_module(f"{__package__}.{module}")
    if name not in DEFINITIONS:
        known = sorted(n for n in DEFINITIONS if n.startswith(module + ".")) or sorted(DEFINITIONS)
        raise ValueError(f"there is no widget {name!r}; the widgets are {', '.join(known)}")
    return DEFINITIONS[name](**(args or {}))


def view_json(name: str, args_json: str, raw_json: str) -> str:
    """What the site's runtime calls: the widget's view for the raw values, as JSON text.

    >>> json.loads(view_json("chance.payout", "{}", '{"payout": 8}'))["html"][:25]
    '<b>The 6 pays 5 to 1.</b>'
    """
    return json.dumps(definition(name, json.loads(args_json)).view(json.loads(raw_json)))


def inactive_json(name: str, args_json: str, raw_json: str) -> str:
    """Which controls change nothing at these raw values, as JSON: the site's runtime asks before the view, so that
    a control comes to life (a game's bets, once the game is chosen) while a slow view is still being computed.

    >>> inactive_json("chance.payout", "{}", "{}")
    '[]'
    """
    widget = definition(name, json.loads(args_json))
    return json.dumps(list(widget.inactive(**widget.values(json.loads(raw_json)))))


# --- Charts: a Vega-Lite specification inside a result's HTML ---------------------------------------------

#: The Vega-Lite schema the charts are written for: the site serves vega-lite 5, and JupyterLab draws its v5 output.
VEGA_LITE = "https://vega.github.io/schema/vega-lite/v5.json"
#: The mime type Jupyter draws a Vega-Lite v5 specification from.
VEGA_LITE_MIME = "application/vnd.vegalite.v5+json"
_CHART = re.compile(r'<script type="application/json" class="live-widget-vega">(.*?)</script>', re.DOTALL)


def chart_html(spec: Mapping[str, Any], alt: str) -> str:
    """A chart in a result: its Vega-Lite specification, in a figure that names what it shows.

    >>> page = chart_html({"mark": "bar", "data": {"values": [{"x": "</b>"}]}}, "One bar")
    >>> page.startswith('<figure class="live-widget-chart" role="img" aria-label="One bar"')
    True
    >>> charts(page)[0]["data"]
    {'values': [{'x': '</b>'}]}
    """
    text = json.dumps({"$schema": VEGA_LITE, **spec}).replace("</", "<\\/")
    return (f'<figure class="live-widget-chart" role="img" aria-label="{html.escape(alt)}" '
            f'style="display:block;width:100%;margin:0 0 0.5em">'
            f'<script type="application/json" class="live-widget-vega">{text}</script></figure>')


def charts(page: str) -> list[dict[str, Any]]:
    """The Vega-Lite specifications of the charts in a result's HTML, in order."""
    return [json.loads(text) for text in _CHART.findall(page)]  # JSON reads "<\/" as "</"


# --- The static snapshot: the widget at its starting values, as the site shows it until it runs live ---------


def snapshot_html(widget: Widget) -> str:
    """The widget at its starting values as HTML: disabled controls, the start button, the result, the definition.

    In a notebook the button and the progress bar are hidden (their inline style survives JupyterLab's sanitizer,
    which drops ``hidden``) and the note says to run the cell; the site's runtime shows the button and puts the
    site's note in place.

    The result is a live region (a screen reader says what changes in it), unless the view marks the part of it that
    is the answer as its own live region: the roulette chooser's figures, not the 38 pockets of its layout.

    >>> page = snapshot_html(definition("chance.payout"))
    >>> 'data-live-widget="chance.payout" data-state="static"' in page, page.count(" disabled")
    (True, 2)
    >>> 'style="display:none">Run live in your browser</button>' in page, NOTEBOOK_NOTE in page
    (True, True)
    """
    raw = widget.defaults()
    shown = widget.view(raw)
    definition_json = json.dumps(widget.as_json()).replace("</", "<\\/")
    controls = "".join(_control_html(c, raw[c.name]) for c in widget.controls if not c.in_result)
    live = "" if "aria-live=" in shown["html"] else ' aria-live="polite"'
    return (
        f'<div class="live-widget {NOT_MATH}">'
        f'<div class="live-widget-start"><button type="button" class="live-widget-run" disabled hidden '
        f'style="display:none">Run live in your browser</button>'
        f'<progress class="live-widget-progress" max="3" value="0" hidden style="display:none"></progress>'
        f'<span class="live-widget-note" role="status" data-site-note="{STATIC_NOTE}">{NOTEBOOK_NOTE}</span></div>'
        f'<div data-live-widget="{html.escape(widget.name)}" data-state="static">'
        f'<script type="application/json" class="live-widget-definition">{definition_json}</script>'
        f'<div class="live-widget-controls" role="group" aria-label="Settings">{controls}</div>'
        f'<div class="live-widget-result" role="region" aria-label="Result"{live} tabindex="0">'
        f'{shown["html"]}</div>'
        f"</div></div>"
    )


def _control_html(control: Control, raw: Any) -> str:
    """One control, disabled, labelled by the label element around it."""
    name, label = html.escape(control.name), html.escape(control.label)
    if control.kind == "options":
        readout = html.escape(control.options[raw][0])
        return (f'<label class="live-control">{label} <input type="range" name="{name}" min="0" '
                f'max="{len(control.options) - 1}" step="1" value="{raw}" disabled> <output>{readout}</output></label>')
    if control.kind == "range":
        return (f'<label class="live-control">{label} <input type="range" name="{name}" min="{control.low}" '
                f'max="{control.high}" step="1" value="{raw}" disabled> <output>{raw}</output></label>')
    if control.kind == "checkbox":
        checked = " checked" if raw else ""
        return f'<label class="live-control"><input type="checkbox" name="{name}"{checked} disabled> {label}</label>'
    if control.kind == "dropdown":
        options = "".join(f'<option value="{i}"{" selected" if i == raw else ""}>{html.escape(text)}</option>'
                          for i, (text, _) in enumerate(control.options))
        return f'<label class="live-control">{label} <select name="{name}" disabled>{options}</select></label>'
    if control.kind == "choices":
        boxes = "".join(f'<label><input type="checkbox" name="{name}" value="{i}"{" checked" if i in raw else ""} '
                        f"disabled> {html.escape(text)}</label>" for i, (text, _) in enumerate(control.options))
        return f'<fieldset class="live-control live-choices"><legend>{label}</legend>{boxes}</fieldset>'
    buttons = "".join(f'<label><input type="radio" name="{name}" value="{i}"{" checked" if i == raw else ""} '
                      f"disabled> {html.escape(text)}</label>" for i, (text, _) in enumerate(control.options))
    return f'<fieldset class="live-control"><legend>{label}</legend>{buttons}</fieldset>'


class Shown:
    """What a chapter's widget cell returns: the live ipywidget in Jupyter, the snapshot on the site.

    Its output carries both views: Jupyter draws the ipywidgets view, and the
    book's HTML builder prefers ``text/html`` (``nb_mime_priority_overrides`` in
    ``_config.yml``), the snapshot the site's runtime brings to life.
    """

    def __init__(self, widget: Widget) -> None:
        self.widget = widget
        self._view: Any = None

    @property
    def ipywidget(self) -> Any:
        """The ipywidgets view of the widget, built on first use."""
        if self._view is None:
            from .jupyter import ipywidget

            self._view = ipywidget(self.widget)
        return self._view

    @property
    def children(self) -> Any:
        """The ipywidget's controls and its output, in order."""
        return self.ipywidget.children

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        bundle = dict(self.ipywidget._repr_mimebundle_(include=include, exclude=exclude) or {})
        bundle["text/html"] = snapshot_html(self.widget)
        return bundle

    def __repr__(self) -> str:
        return f"<live widget {self.widget.name}>"
