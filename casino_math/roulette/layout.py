"""The betting layout: drawn as text, read into boxes, and which boxes touch.

The layouts are drawn as they look from the dealer's end of the table, each
pocket a box of ``+``, ``-`` and ``|``.  Reading a drawing gives its geometry:
two boxes that share a stretch of border are an *edge* (a split), three or
four boxes that meet at one corner point are a *point* (a trio or a corner).
Nothing is listed by hand.

>>> american = parse_layout(AMERICAN_LAYOUT)
>>> len(american.boxes), len(american.edges), len([p for p in american.points if len(p) == 4])
(38, 62, 22)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

# The zeros at the head are a column and a half wide, so that 0 borders 1 and 2, and 00 borders 2 and 3.
AMERICAN_LAYOUT = """
+-----------+-----------+
|     0     |    00     |
+-------+---+---+-------+
|   1   |   2   |   3   |
+-------+-------+-------+
|   4   |   5   |   6   |
+-------+-------+-------+
|   7   |   8   |   9   |
+-------+-------+-------+
|  10   |  11   |  12   |
+-------+-------+-------+
|  13   |  14   |  15   |
+-------+-------+-------+
|  16   |  17   |  18   |
+-------+-------+-------+
|  19   |  20   |  21   |
+-------+-------+-------+
|  22   |  23   |  24   |
+-------+-------+-------+
|  25   |  26   |  27   |
+-------+-------+-------+
|  28   |  29   |  30   |
+-------+-------+-------+
|  31   |  32   |  33   |
+-------+-------+-------+
|  34   |  35   |  36   |
+-------+-------+-------+
"""

SINGLE_ZERO_LAYOUT = """
+-----------------------+
|           0           |
+-------+-------+-------+
|   1   |   2   |   3   |
+-------+-------+-------+
|   4   |   5   |   6   |
+-------+-------+-------+
|   7   |   8   |   9   |
+-------+-------+-------+
|  10   |  11   |  12   |
+-------+-------+-------+
|  13   |  14   |  15   |
+-------+-------+-------+
|  16   |  17   |  18   |
+-------+-------+-------+
|  19   |  20   |  21   |
+-------+-------+-------+
|  22   |  23   |  24   |
+-------+-------+-------+
|  25   |  26   |  27   |
+-------+-------+-------+
|  28   |  29   |  30   |
+-------+-------+-------+
|  31   |  32   |  33   |
+-------+-------+-------+
|  34   |  35   |  36   |
+-------+-------+-------+
"""


@dataclass(frozen=True)
class Box:
    """A pocket's box on the layout drawing: the lines of its border, in characters of the drawing."""

    pocket: str
    top: int
    left: int
    bottom: int
    right: int


@dataclass(frozen=True)
class Layout:
    """A betting layout read from its drawing.

    ``boxes`` maps each pocket to its box, in reading order; ``edges`` are the
    pairs of pockets whose boxes share a stretch of border; ``points`` are the
    groups of three or four pockets whose boxes meet at one corner point.
    """

    boxes: Mapping[str, Box]
    edges: frozenset[frozenset[str]]
    points: frozenset[frozenset[str]]


BORDER = "+-|"


@cache
def parse_layout(text: str) -> Layout:
    """Read a layout drawn as text: boxes of ``+``, ``-`` and ``|`` with the pocket's name inside.

    >>> tiny = parse_layout('''
    ... +---+---+
    ... | 1 | 2 |
    ... +---+---+
    ... | 3 | 4 |
    ... +---+---+''')
    >>> list(tiny.boxes), sorted(sorted(pair) for pair in tiny.edges)
    (['1', '2', '3', '4'], [['1', '2'], ['1', '3'], ['2', '4'], ['3', '4']])
    >>> [sorted(point) for point in tiny.points]
    [['1', '2', '3', '4']]
    """
    grid = text.strip("\n").splitlines()
    width = max(map(len, grid))
    grid = [row.ljust(width) for row in grid]
    owner = _flood_fill(grid)
    boxes = _boxes(owner)

    def owners(*cells: tuple[int, int]) -> set[str]:
        """The pockets whose boxes hold these characters (a border character, or one off the drawing, has none)."""
        return {owner[cell] for cell in cells if cell in owner}

    edges: set[frozenset[str]] = set()
    points: set[frozenset[str]] = set()
    for r, row in enumerate(grid):
        for c, char in enumerate(row):
            if char == "-":
                pair = owners((r - 1, c), (r + 1, c))
            elif char == "|":
                pair = owners((r, c - 1), (r, c + 1))
            else:
                around = owners(*((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
                if char == "+" and len(around) >= 3:
                    points.add(frozenset(around))
                continue
            if len(pair) == 2:
                edges.add(frozenset(pair))
    return Layout(MappingProxyType(boxes), frozenset(edges), frozenset(points))


def _flood_fill(grid: list[str]) -> dict[tuple[int, int], str]:
    """Which pocket owns each character inside a box (the box's name is the text inside it)."""
    owner: dict[tuple[int, int], str] = {}
    seen: set[tuple[int, int]] = set()
    for start in ((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch not in BORDER + " "):
        if start in seen:
            continue
        region: list[tuple[int, int]] = []
        todo = [start]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen or not (0 <= r < len(grid) and 0 <= c < len(grid[r])) or grid[r][c] in BORDER:
                continue
            seen.add((r, c))
            region.append((r, c))
            todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        name = "".join(grid[r][c] for r, c in sorted(region)).replace(" ", "")
        if name in owner.values():
            raise ValueError(f"the layout has two boxes named {name!r}; each pocket has one box")
        owner.update({cell: name for cell in region})
    return owner


def _boxes(owner: Mapping[tuple[int, int], str]) -> dict[str, Box]:
    cells: defaultdict[str, list[tuple[int, int]]] = defaultdict(list)
    for (r, c), name in owner.items():
        cells[name].append((r, c))
    boxes = [
        Box(name, min(r for r, _ in rc) - 1, min(c for _, c in rc) - 1, max(r for r, _ in rc) + 1, max(c for _, c in rc) + 1)
        for name, rc in cells.items()
    ]
    return {box.pocket: box for box in sorted(boxes, key=lambda b: (b.top, b.left))}
