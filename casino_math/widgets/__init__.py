"""The chapters' widgets: each a definition with two front ends.

A widget is one line in a chapter.  Its definition (:mod:`.live`) names its
controls and the pure function of casino_math that computes what it shows; in
Jupyter the ipywidgets adapter (:mod:`.jupyter`) draws it, and on the published
site a small JavaScript runtime draws the same controls and calls the same
function through Pyodide, after showing a static snapshot at the starting values.
Beside some widgets stands a *static twin*, a table of the same figures over a
range of settings.  ipywidgets is imported only when a widget is drawn in Jupyter.
"""
