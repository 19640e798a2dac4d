"""The Jupyter front end of a widget definition: ipywidgets controls that call :meth:`Widget.view`.

Each control's ipywidget holds the control's *raw* value (an option's index, an
integer, true or false, the indexes of the ticked choices), the same value the
site's runtime sends, so both front ends reach the widget's function by the same path.
A chart in the result (:func:`~casino_math.widgets.live.chart_html`) is drawn
from the same Vega-Lite specification the site draws, as Jupyter's Vega-Lite output.

>>> from casino_math.widgets.live import definition
>>> slider, result = ipywidget(definition("chance.payout")).children
>>> slider.value = 8
>>> result.value == typeset_text(definition("chance.payout").view({"payout": 8})["html"])
True

The result is an HTMLMath widget, so that an equation a view shows (the Kelly explorer's G'(f) = 0, between
``\\[`` and ``\\]``) is typeset as on the site; a dollar sign in its text is escaped, so that JupyterLab's MathJax,
which reads ``$`` as the start of math, prints "$5" as money.
"""

from __future__ import annotations

import re
from typing import Any

from .live import VEGA_LITE_MIME, Control, Widget, charts


def control_ipywidget(control: Control) -> Any:
    """The ipywidget for one control, at its starting raw value."""
    import ipywidgets as w

    raw = control.raw(control.default)
    style = {"description_width": "initial"}
    # An option control's ipywidget starts at an index, not a value: SelectionSlider(value=0) leaves its label blank.
    options = [(label, i) for i, (label, _) in enumerate(control.options)]
    if control.kind == "options":
        return w.SelectionSlider(options=options, index=raw, description=control.label, style=style,
                                 continuous_update=False, layout=w.Layout(width="420px"))
    if control.kind == "range":
        return w.IntSlider(value=raw, min=control.low, max=control.high, description=control.label, style=style,
                           continuous_update=False, layout=w.Layout(width="320px"))
    if control.kind == "dropdown":
        return w.Dropdown(options=options, index=raw, description=control.label, style=style)
    if control.kind == "buttons":
        return w.ToggleButtons(options=options, index=raw, description=control.label,
                               style={**style, "button_width": "auto"})
    if control.kind == "choices":
        return w.SelectMultiple(options=options, value=tuple(raw), description=control.label, style=style,
                                rows=min(len(options), 10))
    return w.Checkbox(value=raw, description=control.label, style=style)


def raw_value(control: Any) -> Any:
    """A control ipywidget's raw value as the site's runtime sends it (ticked choices as a sorted list)."""
    return sorted(control.value) if isinstance(control.value, tuple) else control.value


#: A dollar sign; or a script's data (a chart's JSON) or a tag (its attributes, an aria-label), left as they are.
_DOLLAR_OR_DATA = re.compile(r'\$|<script type="application/json"[^>]*>.*?</script>|<[^>]*>', re.DOTALL)


def typeset_text(html: str) -> str:
    r"""A view's HTML for an HTMLMath widget: each ``$`` of its text escaped as ``\$`` (MathJax reads only text).

    >>> print(typeset_text('<p title="$5">A $5 chip wins $175.</p><script type="application/json">{"a": "$1"}</script>'))
    <p title="$5">A \$5 chip wins \$175.</p><script type="application/json">{"a": "$1"}</script>
    """
    return _DOLLAR_OR_DATA.sub(lambda found: r"\$" if found[0] == "$" else found[0], html)


def ipywidget(widget: Widget) -> Any:
    """The widget as ipywidgets: its controls (two columns when there are many), then its result and its charts."""
    import ipywidgets as w

    controls = {c.name: control_ipywidget(c) for c in widget.controls}
    out, drawn = w.HTMLMath(), w.Output()

    def update(_change: Any = None) -> None:
        shown = widget.view({name: raw_value(control) for name, control in controls.items()})
        for name, control in controls.items():
            control.disabled = name in shown["inactive"]
        out.value = typeset_text(shown["html"])
        draw(drawn, charts(shown["html"]))

    for control in controls.values():
        control.observe(update, names="value")
    update()
    column = list(controls.values())
    shown = [out, drawn] if charts(out.value) else [out]
    if len(column) > 6:
        half = (len(column) + 1) // 2
        return w.VBox([w.HBox([w.VBox(column[:half]), w.VBox(column[half:])]), *shown])
    return w.VBox([*column, *shown])


def draw(output: Any, specs: list[dict[str, Any]]) -> None:
    """Show each chart's Vega-Lite specification in ``output``, replacing what it showed."""
    output.outputs = tuple({"output_type": "display_data", "metadata": {},
                            "data": {VEGA_LITE_MIME: spec, "text/plain": spec.get("description", "a chart")}}
                           for spec in specs)
