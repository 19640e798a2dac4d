"""A chapter's MyST Markdown as plain Jupyter Markdown, for the reader's copy of the notebook.

JupyterLab, Notebook 7 and Colab render CommonMark with inline HTML and ``$``-delimited math, and know nothing of
MyST: they show ``{glue:}`key```, ``{term}`...``` and directive fences as they are typed.  :func:`to_jupyter` turns
a markdown cell into what those render:

- a role (``{glue:}``, ``{term}``, ``{cite}``, ``{doc}``, ``{ref}``, ``{numref}``, ``{prf:ref}``, ...) becomes the
  Markdown its :class:`Resolver` gives: a glued value, or the text the site shows, linked to the site; a glue
  directive (``{glue:md}`` and its kin), the value as a block;
- an admonition becomes a quotation headed by its title; an exercise, a quotation headed by its number, title and
  level; a solution, a ``<details>`` element folded under "Solution to Exercise N (title)"; a theorem (sphinx-proof's
  ``prf:theorem``, ``prf:lemma``, ...), a quotation headed by its kind, number and title; a proof ends with ∎;
- a dollar sign that is not math (``\\$`` in MyST, or a ``$`` that MyST's ``dollarmath`` settings leave as text)
  becomes :data:`DOLLAR`, which no renderer sets as math (JupyterLab sets ``\\$200 on red at \\$10`` as the
  formula "200onredat10");
- MyST's targets (``(label)=``), comments (``% ...``) and block breaks (``+++``) are dropped.

Math (``$...$``, ``$$...$$``), code and plain Markdown pass through unchanged.  A role or directive this module
does not know is an error that names it, so that a new construct in a chapter cannot reach a reader raw.

>>> print(to_jupyter("$200 on red at \\\\$10, with $p = 18/38$: {glue:}`p`.", Plain({"p": "47.37%"})))
<span class="tex2jax_ignore mathjax_ignore">&#36;</span>200 on red at <span class="tex2jax_ignore mathjax_ignore">&#36;</span>10, with $p = 18/38$: 47.37%.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

#: A dollar sign no renderer takes for math: an HTML entity, inside a span MathJax 2 and 3 skip.
DOLLAR = '<span class="tex2jax_ignore mathjax_ignore">&#36;</span>'
#: The admonitions written with their kind as the directive's name, and the title each shows.
ADMONITIONS = {name: name.capitalize() for name in (
    "attention", "caution", "danger", "error", "hint", "important", "note", "tip", "warning")} | {"seealso": "See also"}
#: sphinx-proof's kinds of statement (``prf:proof`` is apart: it has no number).
PROOF_KINDS = ("theorem", "lemma", "proposition", "corollary", "definition", "remark", "example", "conjecture",
               "axiom", "criterion", "algorithm", "observation", "property", "assumption", "notation")
#: myst-nb's glue directives, which show a glued value as a block of its own (glue:figure is not among them yet).
GLUE_DIRECTIVES = ("glue", "glue:any", "glue:md", "glue:math", "glue:text")
#: The exercise levels (book/_ext/exercise_levels.py), shown after an exercise's title as on the site.
LEVELS = ("basic", "core", "challenge")

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,}|:{3,})(?P<info>.*)$")
DIRECTIVE = re.compile(r"^\{(?P<name>[\w:.-]+)\}\s*(?P<argument>.*)$")
OPTION = re.compile(r"^\s*:(?P<key>[\w-]+):\s*(?P<value>.*)$")
ROLE = re.compile(r"\{(?P<name>[\w:.-]*)\}`(?P<text>[^`]*)`")
TARGET = re.compile(r"^\s*\([^()\s]+\)=\s*$")
COMMENT = re.compile(r"^\s*%")


class ConversionError(ValueError):
    """A construct the reader's copy cannot show."""


class Resolver(Protocol):
    """What a role and a numbered block stand for, as the site shows them."""

    def role(self, name: str, text: str) -> str:
        """The Markdown for the role ``{name}`text```: a value, or text linked to the site."""
        ...

    def number(self, kind: str, label: str) -> str:
        """The number the site gives the exercise or theorem ``label`` ("" if it has none)."""
        ...


@dataclass
class Plain:
    """A resolver for examples and tests: glued values from a mapping (a mime bundle, or a string for its text), any
    other role's text as it is written, numbers from a mapping."""

    glued: Mapping[str, Mapping[str, Any] | str] = field(default_factory=dict)
    numbers: Mapping[str, str] = field(default_factory=dict)

    def role(self, name: str, text: str) -> str:
        if name.rstrip(":").startswith("glue"):
            value = self.glued[text]
            return glued_markdown(name.rstrip(":"), {"text/plain": value} if isinstance(value, str) else value)
        return text.split(" <")[0]

    def number(self, kind: str, label: str) -> str:
        return self.numbers.get(label, "")


def glued_markdown(role: str, bundle: Mapping[str, Any]) -> str:
    """A glued value as the role ``role`` (glue, glue:any, glue:text, glue:md, glue:math) shows it: its math where it
    has one and the role allows it (a fraction), its Markdown for glue:md, else its text, dollar signs kept literal.

    >>> glued_markdown("glue", {"text/plain": "1/19", "text/latex": "$1/19$"})
    '$1/19$'
    >>> glued_markdown("glue:text", {"text/plain": "$51.09", "text/latex": "$51.09$"})
    '<span class="tex2jax_ignore mathjax_ignore">&#36;</span>51.09'
    """
    def text(mime: str) -> str:
        value = bundle[mime]
        return "".join(value) if isinstance(value, list) else str(value)

    if role in ("glue", "glue:any", "glue:math") and "text/latex" in bundle:
        return text("text/latex").strip()
    if role == "glue:md" and "text/markdown" in bundle:
        return text("text/markdown")
    return escape_text(text("text/plain"))


def to_jupyter(markdown: str, resolver: Resolver) -> str:
    """A markdown cell's MyST as the Markdown and HTML that Jupyter and Colab render (a notebook's cells go through
    one :class:`Converter`, which remembers each exercise's title for its solution)."""
    return Converter(resolver).cell(markdown)


def escape_text(text: str) -> str:
    """Plain text (a glued value, the text of a link) as Markdown: its dollar signs and brackets kept literal.

    >>> escape_text("$51.09 [est.]")
    '<span class="tex2jax_ignore mathjax_ignore">&#36;</span>51.09 \\\\[est.\\\\]'
    """
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]").replace("*", "\\*").replace("$", DOLLAR)


def link(text: str, url: str) -> str:
    """A Markdown link whose text is ``text`` (already Markdown)."""
    return f"[{text}]({url.replace(' ', '%20').replace(')', '%29')})"


class Converter:
    """Converts a cell's blocks, keeping what it has seen (exercise titles, for their solutions)."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.exercises: dict[str, str] = {}

    def cell(self, markdown: str) -> str:
        """One markdown cell, converted."""
        return self.blocks(markdown.split("\n")).strip("\n")

    # --- blocks ----------------------------------------------------------------------------------------------

    def blocks(self, lines: list[str]) -> str:
        out: list[str] = []
        paragraph: list[str] = []

        def flush() -> None:
            if paragraph:
                out.append(self.inline("\n".join(paragraph)))
                paragraph.clear()

        i = 0
        while i < len(lines):
            line = lines[i]
            fence = FENCE.match(line)
            if fence:
                flush()
                end = closing_fence(lines, i, fence["fence"])
                body = [strip_indent(body_line, fence["indent"]) for body_line in lines[i + 1:end]]
                directive = DIRECTIVE.match(fence["info"].strip())
                if directive:
                    out.append(indent(self.directive(directive["name"], directive["argument"].strip(), body),
                                      fence["indent"]))
                elif fence["fence"][0] == ":":
                    raise ConversionError(f"a colon fence without a directive: {line.strip()!r}")
                else:
                    out.append("\n".join(lines[i:end + 1]))  # code: as it is
                i = end + 1
            elif line.strip().startswith("$$"):
                flush()
                end = i if line.strip() != "$$" and line.rstrip().endswith("$$") else closing_math(lines, i)
                out.append("\n".join(lines[i:end + 1]))
                i = end + 1
            elif TARGET.match(line) or COMMENT.match(line) or line.strip() == "+++":
                i += 1
            elif not line.strip():
                flush()
                out.append(line)
                i += 1
            else:
                paragraph.append(line)
                i += 1
        flush()
        return "\n".join(out)

    def directive(self, name: str, argument: str, body: list[str]) -> str:
        options, content = split_options(body)
        if name == "admonition":
            return quotation(f"**{self.inline(argument)}**", self.blocks(content))
        if name in ADMONITIONS:
            return quotation(f"**{ADMONITIONS[name]}**", self.blocks(([argument] if argument else []) + content))
        if name == "exercise":
            return self.exercise(argument, options, content)
        if name == "solution":
            return self.solution(argument, content)
        if name == "prf:proof":
            return f"*Proof.* {self.blocks(content).lstrip()}\n\n<p style=\"text-align:right\">∎</p>"
        if name.startswith("prf:") and name[4:] in PROOF_KINDS:
            kind = name[4:]
            number = self.resolver.number(kind, options["label"]) if "label" in options else ""
            heading = " ".join(part for part in (kind.capitalize(), number) if part)
            if argument:
                heading += f" ({self.inline(argument)})"
            return quotation(f"**{heading}.**", self.blocks(content))
        if name in GLUE_DIRECTIVES:
            value = self.resolver.role(name, argument)
            return f"$$\n{value.strip().strip('$')}\n$$" if name == "glue:math" else value
        if name == "math":
            return "$$\n" + "\n".join(content).strip() + "\n$$"
        if name in ("code", "code-block", "code-cell"):
            return f"```{argument}\n" + "\n".join(content) + "\n```"
        raise ConversionError(f"the reader's notebook cannot show a {{{name}}} directive; teach "
                              f"book/_ext/reader_markdown.py to, or write it another way")

    def exercise(self, title: str, options: dict[str, str], content: list[str]) -> str:
        label = options.get("label", "")
        number = self.resolver.number("exercise", label) if label else ""
        name = f"Exercise {number}".strip() + (f" ({self.inline(title)})" if title else "")
        self.exercises[label] = name
        levels = [level for level in options.get("class", "").split() if level in LEVELS]
        heading = f"**{name}**" + (f" · *{levels[0]}*" if levels else "")
        return quotation(heading, self.blocks(content))

    def solution(self, label: str, content: list[str]) -> str:
        exercise = self.exercises.get(label) or f"Exercise {self.resolver.number('exercise', label)}".strip()
        return (f"<details>\n<summary>Solution to {exercise}</summary>\n\n{self.blocks(content).strip()}\n\n"
                "</details>")

    # --- inline ----------------------------------------------------------------------------------------------

    def inline(self, text: str) -> str:
        """A paragraph's text with its roles resolved and its non-math dollar signs made literal.

        It reads the text left to right as MyST does: a code span is left alone, ``\\$`` is a dollar, and a ``$``
        opens math only as ``dollarmath`` allows with the book's settings (no space inside the dollars, no digit
        after the closing one); any other ``$`` is a dollar.
        """
        out: list[str] = []
        i = 0
        while i < len(text):
            char = text[i]
            if char == "`":
                run = len(text[i:]) - len(text[i:].lstrip("`"))
                end = text.find("`" * run, i + run)
                while end != -1 and text[end + run:end + run + 1] == "`":
                    end = text.find("`" * run, end + run + 1)
                stop = i + run if end == -1 else end + run
                out.append(text[i:stop])
                i = stop
            elif char == "\\" and text[i + 1:i + 2] == "$":
                out.append(DOLLAR)
                i += 2
            elif char == "\\" and i + 1 < len(text):
                out.append(text[i:i + 2])
                i += 2
            elif char == "$":
                close = math_end(text, i)
                out.append(text[i:close + 1] if close else DOLLAR)
                i = close + 1 if close else i + 1
            elif char == "{" and (role := ROLE.match(text, i)):
                out.append(self.role(role["name"], role["text"]))
                i = role.end()
            else:
                out.append(char)
                i += 1
        return "".join(out)

    def role(self, name: str, text: str) -> str:
        if name == "math":
            return f"${text}$"
        return self.resolver.role(name, text)


def math_end(text: str, start: int) -> int | None:
    """Where the inline math opened by the ``$`` at ``start`` closes, or None if that ``$`` is a dollar sign.

    The book's ``dollarmath`` settings (``myst_dmath_allow_space`` and ``myst_dmath_allow_digits`` false) make
    "$x$" math, and leave "a $1 bet pays $4" and "$ x $" as text.

    >>> math_end("$x$ and more", 0), math_end("a $1 bet pays $4", 2), math_end("10$x$", 2)
    (2, None, None)
    """
    after = text[start + 1:start + 2]
    if not after or after.isspace() or (start and text[start - 1].isdigit()) or after == "$":
        return None
    pos = start + 1
    while (end := text.find("$", pos)) != -1:
        if escaped(text, end):
            pos = end + 1
            continue
        if text[end - 1].isspace() or text[end + 1:end + 2].isdigit():
            return None
        return end
    return None


def escaped(text: str, pos: int) -> bool:
    """Whether the character at ``pos`` follows an odd number of backslashes."""
    backslashes = len(text[:pos]) - len(text[:pos].rstrip("\\"))
    return backslashes % 2 == 1


def closing_fence(lines: list[str], start: int, fence: str) -> int:
    """The line that closes the fence opened at ``start``: the same character, at least as many times."""
    closing = re.compile(rf"^\s*{re.escape(fence[0])}{{{len(fence)},}}\s*$")
    for i in range(start + 1, len(lines)):
        if closing.match(lines[i]):
            return i
    raise ConversionError(f"a fence that is never closed: {lines[start].strip()!r}")


def closing_math(lines: list[str], start: int) -> int:
    for i in range(start + 1, len(lines)):
        if lines[i].rstrip().endswith("$$"):
            return i
    raise ConversionError(f"display math that is never closed: {lines[start].strip()!r}")


def split_options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    """A directive's ``:key: value`` options (its first lines) and the rest of its body."""
    options: dict[str, str] = {}
    for i, line in enumerate(body):
        option = OPTION.match(line)
        if not option:
            return options, body[i:]
        options[option["key"]] = option["value"].strip()
    return options, []


def quotation(heading: str, body: str) -> str:
    """A box of the site as a quotation: its heading, then its body (Markdown inside HTML, a blank line apart, so
    that math and lists inside it render as they do anywhere)."""
    return f"<blockquote>\n\n{heading}\n\n{body.strip()}\n\n</blockquote>"


def strip_indent(line: str, prefix: str) -> str:
    return line[len(prefix):] if prefix and line.startswith(prefix) else line


def indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line if line else line for line in text.split("\n")) if prefix else text

