"""Each exercise says how hard it is: *basic*, *core* or *challenge*, shown after its title on the site and in the PDF.

An exercise takes its level as sphinx-exercise's ``:class:`` option::

    ```{exercise} Derive 244/495
    :label: craps-line-ex-derive
    :class: core
    ...
    ```

The level is appended to the exercise's title as a small label (``Exercise 3 (Derive 244/495) · core``), so a
reader sees it in print as well as on screen, where no CSS reaches.  An exercise without exactly one level is a
build warning, which the strict build (``-W``) turns into an error.

    >>> level_of(["exercise", "core"])
    'core'
    >>> level_of(["exercise"]) is None
    True
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.util import logging

#: The levels, easiest first, with what each asks of a student (the instructors' page repeats them).
LEVELS = {
    "basic": "checks the chapter's definitions on a direct case",
    "core": "a derivation, a proof or a computation the chapter prepares for",
    "challenge": "goes past the chapter: a longer proof, a new model, or an open comparison",
}

logger = logging.getLogger(__name__)


def level_of(classes: list[str]) -> str | None:
    """The one level among an exercise's classes, or None if it has none (or several)."""
    levels = [c for c in classes if c in LEVELS]
    return levels[0] if len(levels) == 1 else None


def show_levels(app: Any, doctree: nodes.document, docname: str = "") -> None:
    """Append each exercise's level to its title; warn about an exercise with no level, or more than one."""
    from sphinx_exercise.nodes import is_exercise_node

    for node in doctree.findall(is_exercise_node):
        level = level_of(node.get("classes", []))
        if level is None:
            logger.warning("exercise %s needs exactly one level in its :class: option: one of %s",
                           node.get("label", "?"), ", ".join(LEVELS), location=node)
            continue
        title = next(iter(node.findall(nodes.title)), None)
        if title is not None:
            title += nodes.inline("", f" · {level}", classes=["exercise-level", f"exercise-level-{level}"])


def setup(app: Any) -> dict[str, Any]:
    app.connect("doctree-resolved", show_levels)  # after sphinx-exercise numbers the titles
    return {"parallel_read_safe": True, "parallel_write_safe": True}
