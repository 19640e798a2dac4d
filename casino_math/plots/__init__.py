"""matplotlib figures for the chapters, drawn from casino_math's data and results.

Only notebooks import this package (it imports matplotlib); the math modules never do.
Each function returns a matplotlib Figure and leaves showing it to the notebook.

Every figure is drawn in the house style of :mod:`casino_math.plots.style`: the book's text column is about
690 px wide and a figure is drawn 7 inches wide at 100 dpi, so 9-point text shows at about 12 px; the
palette is Okabe and Ito's, safe for colour-blind readers, and each series has its own line style or marker.
"""
