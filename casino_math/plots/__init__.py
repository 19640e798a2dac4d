"""matplotlib figures for the chapters, drawn from casino_math's data and results.

Only notebooks import this package (it imports matplotlib); the math modules never do.
Each function returns a matplotlib Figure and leaves showing it to the notebook.
"""
