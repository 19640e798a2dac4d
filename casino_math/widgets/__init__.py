"""ipywidgets front ends for the chapters, each with a static twin.

A widget here is one line in a chapter: it reads the reader's choices and
calls pure functions of casino_math to compute what it shows.  Beside each
widget stands its *static twin*, a function that returns the same view at the
widget's default settings as a table or figure, for the published site where
widgets cannot call back into Python.  ipywidgets is imported only when a
widget is built.
"""
