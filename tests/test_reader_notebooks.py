"""The reader's notebooks (book/_ext/reader_notebooks.py, reader_markdown.py): each MyST construct as Jupyter shows it.

The converter's pieces are checked one construct at a time, then on the book's own chapters: every markdown cell of
every chapter converts, and nothing of MyST is left in what a reader sees.  (tests/jupyterlab runs the copies the
site serves in JupyterLab itself.)
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager
from markdown_it import MarkdownIt
from mdit_py_plugins.colon_fence import colon_fence_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

from colab import colab_source
from reader_markdown import DOLLAR, ConversionError, Plain, to_jupyter
from reader_notebooks import KERNELSPEC, launch_urls, reader_notebook
from test_saved_notebooks import TRACEBACK

CHAPTERS = sorted(p for p in (ROOT / "book").glob("*.ipynb"))
#: MyST a reader must never see (tests/jupyterlab checks the same in the rendered page).
RAW_MYST = re.compile(r"\{[\w:.-]+\}`|`{3,}\s*\{|:{3,}\s*\{|^\s*:(label|class|name):|^\(\S+\)=\s*$", re.MULTILINE)


def convert(text: str, **glued: Mapping[str, Any] | str) -> str:
    return to_jupyter(text, Plain(glued, {"ex-a": "7", "thm-lln": "2"}))


# Roles.

def test_a_glued_value_replaces_its_key() -> None:
    assert convert("The edge is {glue:}`edge`.", edge="5.26%") == "The edge is 5.26%."


def test_a_role_becomes_what_the_resolver_gives() -> None:
    assert convert("A {term}`shoe <Shoe>` of cards") == "A shoe of cards"


def test_a_role_the_resolver_does_not_know_is_an_error_that_names_it() -> None:
    class Strict(Plain):
        def role(self, name: str, text: str) -> str:
            raise ConversionError(f"the reader's notebook cannot show the role {{{name}}}")

    with pytest.raises(ConversionError, match=r"\{abbr\}"):
        to_jupyter("an {abbr}`RNG (random number generator)`", Strict())


def test_a_role_inside_code_is_left_alone() -> None:
    assert convert("Write `{glue:}`edge`` in a chapter.") == "Write `{glue:}`edge`` in a chapter."


def test_an_inline_math_role_becomes_dollar_math() -> None:
    assert convert("so {math}`p = 1/2` here") == "so $p = 1/2$ here"


# Dollars and math.

def test_an_escaped_dollar_is_a_dollar_sign_no_renderer_takes_for_math() -> None:
    assert convert(r"\$200 on red at \$10 a bet") == f"{DOLLAR}200 on red at {DOLLAR}10 a bet"


def test_a_dollar_that_myst_leaves_as_text_stays_a_dollar() -> None:
    # myst_dmath_allow_space and myst_dmath_allow_digits are false: "a winning $1 bet gets $4" is not math.
    assert convert("a winning $1 bet gets $4") == f"a winning {DOLLAR}1 bet gets {DOLLAR}4"


def test_inline_math_is_left_as_it_is() -> None:
    assert convert(r"with $p = \frac{18}{38}$ and \$5") == rf"with $p = \frac{{18}}{{38}}$ and {DOLLAR}5"


def test_display_math_is_left_as_it_is() -> None:
    math = "$$\nE[X] = \\$1 \\cdot p\n$$"
    assert convert(f"Then\n\n{math}\n\nso.") == f"Then\n\n{math}\n\nso."


def test_a_glued_dollar_amount_keeps_its_dollar_sign() -> None:
    assert convert("loses {glue:}`loss` a night", loss="$51.09") == f"loses {DOLLAR}51.09 a night"


# Blocks.

def test_an_admonition_is_a_quotation_headed_by_its_title() -> None:
    source = "```{admonition} Assumption: the cut card\n:class: note\n:name: assumption-cut\nThe shoe stops at $p$.\n```"
    assert convert(source) == ("<blockquote>\n\n**Assumption: the cut card**\n\nThe shoe stops at $p$.\n\n"
                               "</blockquote>")


def test_a_note_is_a_quotation_headed_note() -> None:
    assert convert("```{note}\nMind the zeros.\n```") == "<blockquote>\n\n**Note**\n\nMind the zeros.\n\n</blockquote>"


def test_an_exercise_is_numbered_with_its_level_and_its_solution_folded() -> None:
    source = ("```{exercise} Ahead after 36 spins\n:label: ex-a\n:class: core\nShow it.\n```\n\n"
              "```{solution} ex-a\n:class: dropdown\nIt is {glue:}`p`.\n```")
    assert convert(source, p="24.46%") == (
        "<blockquote>\n\n**Exercise 7 (Ahead after 36 spins)** · *core*\n\nShow it.\n\n</blockquote>\n\n"
        "<details>\n<summary>Solution to Exercise 7 (Ahead after 36 spins)</summary>\n\nIt is 24.46%.\n\n</details>")


def test_a_theorem_is_numbered_and_titled_and_a_proof_ends_with_a_square() -> None:
    source = ("````{prf:theorem} Weak law of large numbers\n:label: thm-lln\nThe average tends to $\\mu$.\n````\n\n"
              "```{prf:proof}\nBy Chebyshev.\n```")
    assert convert(source) == (
        "<blockquote>\n\n**Theorem 2 (Weak law of large numbers).**\n\nThe average tends to $\\mu$.\n\n</blockquote>"
        "\n\n*Proof.* By Chebyshev.\n\n<p style=\"text-align:right\">∎</p>")


def test_directives_nest_inside_longer_fences() -> None:
    source = "````{admonition} Outer\n```{note}\nInner\n```\n````"
    assert convert(source) == ("<blockquote>\n\n**Outer**\n\n<blockquote>\n\n**Note**\n\nInner\n\n</blockquote>\n\n"
                               "</blockquote>")


def test_a_glue_directive_is_the_glued_value_as_a_block() -> None:
    code = {"text/markdown": "```python\nrng = np.random.default_rng(1)\n```", "text/plain": "<IPython.Markdown>"}
    source = "One way:\n\n:::{glue:md} sim_code\n:::\n\nruns."
    assert to_jupyter(source, Plain({"sim_code": code})) == f"One way:\n\n{code['text/markdown']}\n\nruns."


def test_a_glued_formula_shown_as_a_block_is_display_math() -> None:
    assert convert("```{glue:math} edge\n```", edge={"text/latex": "$\\frac{1}{19}$", "text/plain": "1/19"}) == (
        "$$\n\\frac{1}{19}\n$$")


def test_code_is_left_as_it_is() -> None:
    source = "```python\nx = {glue:}`not a role here`  # $1\n```"
    assert convert(source) == source


def test_targets_and_comments_are_dropped() -> None:
    assert convert("(foundations-binomial)=\n## The binomial\n% a comment\nText.") == "## The binomial\nText."


def test_a_directive_the_converter_does_not_know_is_an_error_that_names_it() -> None:
    with pytest.raises(ConversionError, match=r"\{tabbed\}"):
        convert("```{tabbed} One\nx\n```")


def test_a_fence_never_closed_is_an_error() -> None:
    with pytest.raises(ConversionError, match="never closed"):
        convert("```{note}\nno end")


# The notebook around the cells.

def sample_notebook() -> nbformat.NotebookNode:
    nb: nbformat.NotebookNode = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"},
                                            "widgets": {"state": {}}})
    colab = nbformat.v4.new_code_cell(colab_source("https://owner.github.io/book/_static/live/casino_math-0.1.0-py3-none-any.whl"),
                                      metadata={"tags": ["remove-cell", "colab-install"]})
    setup = nbformat.v4.new_code_cell("from casino_math.notebook import glue_percent\nedge = Fraction(1, 20)\n"
                                      "glue_percent('edge', edge)", metadata={"tags": ["remove-cell"]})
    setup.outputs = [nbformat.v4.new_output("display_data", data={"application/papermill.record/text/plain": "5%"},
                                            metadata={"scrapbook": {"name": "edge"}})]
    widget = nbformat.v4.new_code_cell("explorer()")
    widget.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "x"}, "text/html": "<div>snapshot</div>",
        "text/plain": "VBox()"})]
    error = nbformat.v4.new_code_cell("split(1, 5)", metadata={"tags": ["raises-exception"]})
    error.outputs = [nbformat.v4.new_output("error", ename="ValueError", evalue="1 and 5 are not adjacent",
                                            traceback=TRACEBACK)]
    only_glue = nbformat.v4.new_code_cell("glue_percent('edge_again', edge)", metadata={"tags": ["remove-cell"]})
    nb.cells = [colab, nbformat.v4.new_markdown_cell("Edge {glue:}`edge`."), setup, widget, error, only_glue,
                nbformat.v4.new_markdown_cell("only on the site", metadata={"tags": ["remove-cell"]})]
    return nb


def test_every_code_cell_stays_so_the_chapter_runs_and_set_up_starts_folded() -> None:
    copy = reader_notebook(sample_notebook(), Plain({"edge": "5%"}))
    assert [c.cell_type for c in copy.cells] == ["code", "markdown", "code", "code", "code"]
    assert copy.cells[2].metadata["jupyter"] == {"source_hidden": True}


def test_the_copy_computes_without_glue_and_a_cell_that_only_glued_goes() -> None:
    copy = reader_notebook(sample_notebook(), Plain({"edge": "5%"}))
    assert copy.cells[2].source == "edge = Fraction(1, 20)"
    assert all("glue" not in cell.source for cell in copy.cells)


def test_colab_installs_the_wheel_the_site_serves() -> None:
    wheel = "https://owner.github.io/book/_static/live/casino_math-0.2.0-py3-none-any.whl"
    copy = reader_notebook(sample_notebook(), Plain({"edge": "5%"}), wheel)
    assert f'%pip install --quiet "casino_math[plots,symbolic] @ {wheel}"' in copy.cells[0].source
    assert "git+" not in copy.cells[0].source and "0.1.0" not in copy.cells[0].source


def test_a_traceback_in_the_copy_names_no_path_of_the_machine_that_built_it() -> None:
    copy = reader_notebook(sample_notebook(), Plain({"edge": "5%"}))
    traceback = copy.cells[4].outputs[0]["traceback"]
    assert "\x1b[32mcasino_math/roulette/bets.py:116\x1b[39m" in traceback[1]
    assert "\x1b[32msite-packages/numpy/core.py:9\x1b[39m" in traceback[2]
    assert "/home/ada" not in "".join(traceback) and traceback[3] == TRACEBACK[3]


def test_a_glue_record_is_dropped_and_a_widget_shows_its_snapshot_until_it_runs() -> None:
    copy = reader_notebook(sample_notebook(), Plain({"edge": "5%"}))
    assert copy.cells[2].outputs == []
    assert set(copy.cells[3].outputs[0]["data"]) == {"text/html", "text/plain"}
    assert copy.cells[3].outputs[0]["data"]["text/html"] == (
        '<div class="tex2jax_ignore mathjax_ignore"><div>snapshot</div></div>')  # JupyterLab typesets saved HTML
    assert "widgets" not in copy.metadata


def test_a_figure_in_the_copy_is_the_page_rendering_alone() -> None:
    from reader_notebooks import PHONE_PNG

    nb = sample_notebook()
    figure = nbformat.v4.new_code_cell("growth_figure(coin)")
    figure.outputs = [nbformat.v4.new_output("execute_result", data={
        "image/png": "iVBORw0KGgo=", PHONE_PNG: "iVBORw0KGgo=", "text/plain": "<Figure size 700x360 with 1 Axes>"})]
    nb.cells.append(figure)
    copy = reader_notebook(nb, Plain({"edge": "5%"}))
    assert set(copy.cells[-1].outputs[0]["data"]) == {"image/png", "text/plain"}


def test_the_copy_carries_the_kernelspec_jupyterlab_writes() -> None:
    assert reader_notebook(sample_notebook(), Plain({"edge": "5%"})).metadata["kernelspec"] == KERNELSPEC
    assert KERNELSPEC["display_name"] == "Python 3 (ipykernel)"


def test_colab_and_binder_open_the_copy_on_the_published_branch() -> None:
    urls = launch_urls("https://github.com/owner/book", "notebooks/roulette.ipynb",
                       {"binderhub_url": "https://mybinder.org", "colab_url": "https://colab.research.google.com"})
    assert urls == {
        "Binder": "https://mybinder.org/v2/gh/owner/book/gh-pages?urlpath=lab/tree/notebooks/roulette.ipynb",
        "Colab": "https://colab.research.google.com/github/owner/book/blob/gh-pages/notebooks/roulette.ipynb"}


# The book's own chapters.

def glued(nb: nbformat.NotebookNode) -> dict[str, dict[str, str]]:
    """Each value the chapter's saved outputs glue, as a mime bundle."""
    return {output["metadata"]["scrapbook"]["name"]: {
                mime.removeprefix("application/papermill.record/"): value for mime, value in output["data"].items()}
            for cell in nb.cells for output in cell.get("outputs", []) if "scrapbook" in output.get("metadata", {})}


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_markdown_cell_of_a_chapter_converts_with_no_myst_left(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    copy = reader_notebook(nb, Plain(glued(nb)))
    text = "\n".join(c.source for c in copy.cells if c.cell_type == "markdown")
    assert RAW_MYST.findall(text) == []
    assert "\\$" not in re.sub(r"\$\$.*?\$\$|\$[^$\n]+\$", "", text, flags=re.DOTALL)


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_code_cell_of_a_chapters_copy_runs_without_glue_or_myst_nb(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    copy = reader_notebook(nb, Plain(glued(nb)), "https://owner.github.io/book/_static/live/casino_math.whl")
    code = [cell.source for cell in copy.cells if cell.cell_type == "code"]
    for source in code:
        compile(TransformerManager().transform_cell(source), path.name, "exec")  # still Python, magics and all
    assert not [line for source in code for line in source.splitlines() if re.search(r"\bglue|myst_nb", line)
                and not line.lstrip().startswith(("#", '"""'))]


#: Markdown as MyST reads a chapter's dollars, except that a space just inside a dollar still makes inline math here
#: (the book's myst_dmath_allow_space is false: there such a formula falls apart into text and dollars).
LOOSE_MATH = (MarkdownIt("commonmark").use(colon_fence_plugin)
              .use(dollarmath_plugin, allow_space=True, allow_digits=False))
DIRECTIVE_OPTION = re.compile(r"^:[\w-]+:.*$\n?", re.MULTILINE)


def spaced_math(markdown: str) -> list[str]:
    """Each inline formula with a space just inside a dollar, in a cell and in the directives it holds."""
    found = []
    for token in LOOSE_MATH.parse(markdown):
        if token.type in ("fence", "colon_fence") and token.info.startswith("{") and not token.info.startswith(
                ("{code", "{math")):
            found += spaced_math(DIRECTIVE_OPTION.sub("", token.content))
        found += [f"${child.content}$" for child in token.children or []
                  if child.type == "math_inline" and child.content != child.content.strip()]
    return found


def test_a_space_just_inside_a_dollar_is_found_inside_a_directive_too() -> None:
    assert spaced_math("```{solution} ex\n:class: dropdown\nthe edge is $P(b) - $ 7/495, and $b$\n```") == [
        "$P(b) - $"]
    assert spaced_math("a \\$200 bet, $p = 1/2$, and a $100 stake") == []


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_inline_formula_of_a_chapter_has_a_space_just_inside_a_dollar(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert [math for cell in nb.cells if cell.cell_type == "markdown" for math in spaced_math(cell.source)] == []


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_a_chapter_that_names_the_sites_run_button_says_it_is_on_the_published_page(path: Path) -> None:
    # The reader's copy is the same text, in JupyterLab or Colab, where there is no such button.
    nb = nbformat.read(path, as_version=4)
    told = [" ".join(paragraph.split()) for cell in nb.cells if cell.cell_type == "markdown"
            for paragraph in cell.source.split("\n\n") if "Run live in your" in " ".join(paragraph.split())]
    assert all(re.search(r"(?i)on the published page", paragraph) for paragraph in told)


def test_each_solution_of_a_chapter_is_folded_under_its_exercise() -> None:
    nb = nbformat.read(ROOT / "book" / "long-run.ipynb", as_version=4)
    source = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    copy = "\n".join(c.source for c in reader_notebook(nb, Plain(glued(nb))).cells if c.cell_type == "markdown")
    exercises = re.findall(r"\*\*Exercise \((.+)\)\*\* · \*(?:basic|core|challenge)\*", copy)
    assert len(exercises) == source.count("{exercise}") > 0
    assert re.findall(r"<summary>Solution to Exercise \((.+)\)</summary>", copy) == exercises
    assert copy.count("<details>") == source.count("{solution}")


def test_each_dollar_amount_of_a_chapter_stays_a_dollar_amount() -> None:
    nb = nbformat.read(ROOT / "book" / "long-run.ipynb", as_version=4)
    source = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    copy = "\n".join(c.source for c in reader_notebook(nb, Plain(glued(nb))).cells if c.cell_type == "markdown")
    amounts = Counter(re.findall(r"\\\$(\d[\d,]*)", source))
    assert amounts and amounts <= Counter(re.findall(re.escape(DOLLAR) + r"(\d[\d,]*)", copy))
