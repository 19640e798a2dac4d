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

import html
import re
from typing import Any

from .live import VEGA_LITE_MIME, Control, Widget, charts

#: How wide a slider may grow: its label beside a track of at least about 200 px, for a label of up to about 40
#: characters ("10s, jacks, queens and kings (0) removed"); in a narrower output the track goes under its label.
SLIDER_WIDTH = "600px"


#: A slider's label longer than this many characters goes above its track (the track would be squeezed beside it).
LONG_LABEL = 10


def slider_layout() -> Any:
    """A slider's layout: as wide as the output allows, up to :data:`SLIDER_WIDTH`, its track wrapping under its
    label rather than shrinking to nothing beside a long one."""
    import ipywidgets as w

    return w.Layout(width="100%", max_width=SLIDER_WIDTH, height="auto", flex_flow="row wrap")


def control_ipywidget(control: Control) -> Any:
    """The ipywidget for one control, at its starting raw value."""
    import ipywidgets as w

    raw = control.raw(control.default)
    style = {"description_width": "initial"}
    label: dict[str, Any] = {"description": control.label}
    if control.kind in ("options", "range") and len(control.label) > LONG_LABEL:
        # The label on a line of its own, its track the whole width under it (ipywidgets sets a label flush right).
        style = {"description_width": "100%"}
        label = {"description": f'<span style="display:block;text-align:left">{html.escape(control.label)}</span>',
                 "description_allow_html": True}
    # An option control's ipywidget starts at an index, not a value: SelectionSlider(value=0) leaves its label blank.
    options = [(label, i) for i, (label, _) in enumerate(control.options)]
    if control.kind == "options":
        return w.SelectionSlider(options=options, index=raw, **label, style=style,
                                 continuous_update=False, layout=slider_layout())
    if control.kind == "range":
        return w.IntSlider(value=raw, min=control.low, max=control.high, **label, style=style,
                           continuous_update=False, layout=slider_layout())
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
    if len(column) > 6:  # two columns side by side, one under the other where the output is narrow
        half = (len(column) + 1) // 2
        columns = [w.VBox(part, layout=w.Layout(flex="1 1 420px", max_width=SLIDER_WIDTH))
                   for part in (column[:half], column[half:])]
        return w.VBox([w.HBox(columns, layout=w.Layout(width="100%", flex_flow="row wrap")), *shown])
    return w.VBox([*column, *shown])


def draw(output: Any, specs: list[dict[str, Any]]) -> None:
    """Show each chart's Vega-Lite specification in ``output``, replacing what it showed."""
    output.outputs = tuple({"output_type": "display_data", "metadata": {},
                            "data": {VEGA_LITE_MIME: spec, "text/plain": spec.get("description", "a chart")}}
                           for spec in specs)
