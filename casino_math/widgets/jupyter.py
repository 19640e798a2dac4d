"""The Jupyter front end of a widget definition: ipywidgets controls that call :meth:`Widget.view`.

Each control's ipywidget holds the control's *raw* value (an option's index, an
integer, true or false), the same value the site's runtime sends, so both front
ends reach the widget's function by the same path.

>>> from casino_math.widgets.live import definition
>>> slider, result = ipywidget(definition("chance.payout")).children
>>> slider.value = 8
>>> result.value == definition("chance.payout").view({"payout": 8})["html"]
True
"""

from __future__ import annotations

from typing import Any

from .live import Control, Widget


def control_ipywidget(control: Control) -> Any:
    """The ipywidget for one control, at its starting raw value."""
    import ipywidgets as w

    raw = control.raw(control.default)
    style = {"description_width": "initial"}
    options = [(label, i) for i, (label, _) in enumerate(control.options)]
    if control.kind == "options":
        return w.SelectionSlider(options=options, value=raw, description=control.label, style=style,
                                 continuous_update=False, layout=w.Layout(width="420px"))
    if control.kind == "range":
        return w.IntSlider(value=raw, min=control.low, max=control.high, description=control.label, style=style,
                           continuous_update=False, layout=w.Layout(width="320px"))
    if control.kind == "dropdown":
        return w.Dropdown(options=options, value=raw, description=control.label, style=style)
    if control.kind == "buttons":
        return w.ToggleButtons(options=options, value=raw, description=control.label,
                               style={**style, "button_width": "auto"})
    return w.Checkbox(value=raw, description=control.label, style=style)


def ipywidget(widget: Widget) -> Any:
    """The widget as ipywidgets: its controls (two columns when there are many), then its result."""
    import ipywidgets as w

    controls = {c.name: control_ipywidget(c) for c in widget.controls}
    out = w.HTML()

    def update(_change: Any = None) -> None:
        shown = widget.view({name: control.value for name, control in controls.items()})
        for name, control in controls.items():
            control.disabled = name in shown["inactive"]
        out.value = shown["html"]

    for control in controls.values():
        control.observe(update, names="value")
    update()
    column = list(controls.values())
    if len(column) > 6:
        half = (len(column) + 1) // 2
        return w.VBox([w.HBox([w.VBox(column[:half]), w.VBox(column[half:])]), out])
    return w.VBox([*column, out])
