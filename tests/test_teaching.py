"""The chapters as a course can use them: objectives, exercises, a summary, linked terms, no typed results.

Every chapter notebook under book/ (the reference tables excepted) opens with learning objectives, has at least
six exercises each with a folded solution, closes with a summary and further reading from the bibliography, links
each glossary term where the chapter first uses it, and types no number that the chapter computes.
"""

import json
import re
from pathlib import Path

import pytest
from test_book import GLUE, TYPED, book_notebooks, ids

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = [p for p in book_notebooks() if p.parent.name == "book" and p.stem != "reference"]
GAMES: tuple[str, ...] = ("roulette", "craps", "baccarat")
# Keno: its glossary entries name it, and its chapter is book/keno.
GAMES += ("keno",)


def markdown(path: Path) -> list[str]:
    """The chapter's markdown cells, in order."""
    return ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "markdown"]


def headings(path: Path, level: str = "## ") -> list[str]:
    return [line[len(level):].strip() for cell in markdown(path) for line in cell.splitlines()
            if line.startswith(level)]


# --- exercises, objectives, summary ----------------------------------------------------------------------------

EXERCISE = re.compile(r"^```\{exercise\}.*\n:label: (\S+)", re.MULTILINE)
SOLUTION = re.compile(r"^```\{solution\} (\S+)\n:class: dropdown", re.MULTILINE)


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_at_least_six_exercises_each_with_a_folded_solution(path: Path) -> None:
    text = "\n".join(markdown(path))
    exercises = EXERCISE.findall(text)
    assert len(exercises) >= 6, f"{path.name} has {len(exercises)} exercises; a chapter needs at least 6"
    assert set(exercises) <= set(SOLUTION.findall(text)), "each exercise needs a {solution} with :class: dropdown"


#: An exercise's level, shown after its title (book/_ext/exercise_levels.py); sphinx-exercise's :class: option.
LEVELED_EXERCISE = re.compile(r"^```\{exercise\}.*\n:label: (\S+)\n:class: (basic|core|challenge)\n", re.MULTILINE)


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_every_exercise_has_one_level(path: Path) -> None:
    text = "\n".join(markdown(path))
    unleveled = set(EXERCISE.findall(text)) - {label for label, _ in LEVELED_EXERCISE.findall(text)}
    assert not unleveled, f"give each a ':class: basic', 'core' or 'challenge' line after its label: {unleveled}"


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_opens_with_learning_objectives(path: Path) -> None:
    opening = "\n".join(markdown(path)[:2])
    assert re.search(r"```\{admonition\} Learning objectives\n(:class: \w+\n)?(\w.*\n)?- .+\n", opening), \
        f"{path.name}: the first markdown cells need a 'Learning objectives' admonition with a bulleted list"


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_closes_with_a_summary_and_further_reading(path: Path) -> None:
    assert headings(path)[-2:] == ["Summary", "Further reading"], \
        f"{path.name} must end with '## Summary' then '## Further reading'"
    reading = "\n".join(markdown(path)).split("## Further reading", 1)[1]
    assert "{cite}" in reading, "further reading cites the bibliography"


# --- glossary terms --------------------------------------------------------------------------------------------

def glossary() -> dict[str, list[str]]:
    """Each glossary entry, as written, with the words a chapter would use for it ("World (Whirl)": World, Whirl)."""
    text = (ROOT / "book" / "glossary.md").read_text().split("```{glossary}", 1)[1].split("```", 1)[0]
    entries = re.findall(r"^(\S.*)\n((?:  .*\n?)+)", text, re.MULTILINE)
    return {head: [n.strip() for n in re.split(r",|\(|\)", head) if n.strip()] for head, _ in entries}


def games_of(head: str) -> set[str]:
    """The games an entry belongs to, read from its definition; an entry naming no game belongs to every chapter."""
    text = (ROOT / "book" / "glossary.md").read_text()
    found = re.search(rf"^{re.escape(head)}\n((?:  .*\n?)+)", text, re.MULTILINE)
    assert found is not None, f"the glossary defines {head}"
    definition = found.group(1).lower()
    return {game for game in GAMES if game in definition}


STRIP = [
    re.compile(r"^~~~.*?^~~~", re.MULTILINE | re.DOTALL),            # code examples
    re.compile(r"\$\$.*?\$\$", re.DOTALL), re.compile(r"\$[^$\n]+\$"),   # math
    re.compile(r"^(#.*|```.*|:\w+:.*)$", re.MULTILINE),            # headings, directive lines and their options
    re.compile(r"\{(glue|glue:\w*|cite|doc|ref|numref|eq|prf:ref)\}`[^`]*`"),
    re.compile(r"`[^`]*`"),   # inline code (after the fences are gone, so that a fence's backticks pair with none)
]
TERM = re.compile(r"\{term\}`(?:[^`<]*<([^>`]+)>|([^`]+))`")


def prose(path: Path) -> str:
    """The chapter's running text, term roles kept, with code, math, headings and directive lines left out."""
    text = "\n".join(markdown(path))
    text = TERM.sub(lambda m: f"\x00{(m.group(1) or m.group(2)).strip().lower()}\x00", text)
    for pattern in STRIP:
        text = pattern.sub(" ", text)
    return text


def first_use(text: str, names: list[str]) -> int | None:
    spots = [m.start() for name in names for m in re.finditer(
        r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, name.split())) + r"(s|es)?(?![\w-])", text, re.IGNORECASE)]
    return min(spots, default=None)


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_glossary_terms_are_linked_where_first_used(path: Path) -> None:
    text = prose(path)
    game = next((g for g in GAMES if path.stem.startswith(g)), None)
    unlinked = []
    for head, names in glossary().items():
        games = games_of(head)
        if games and game not in games:
            continue
        link = text.find(f"\x00{head.lower()}\x00")
        used = first_use(text, names)
        if used is not None and (link < 0 or used < link):
            unlinked.append(f"{head!r} near {text[max(used - 40, 0):used + 40]!r}")
    assert unlinked == [], f"{path.name}: link these with {{term}}`word <Entry>` where first used"


def test_a_fence_does_not_hide_the_text_after_it() -> None:
    text = "```{exercise} Title\n:label: x\n:class: core\nA bet on the house edge.\n```\n`code` here"
    cleaned = text
    for pattern in STRIP:
        cleaned = pattern.sub(" ", cleaned)
    assert "A bet on the house edge." in cleaned and "code" not in cleaned


def test_every_term_link_names_a_glossary_entry() -> None:
    entries = {head.lower() for head in glossary()}
    for path in CHAPTERS:
        for m in TERM.finditer("\n".join(markdown(path))):
            assert (m.group(1) or m.group(2)).strip().lower() in entries, f"{path.name}: {m.group(0)}"


# --- typed results ---------------------------------------------------------------------------------------------

# What the chapter computes and must glue, beyond test_book's TYPED (decimal percents, fractions over 10 or more):
# a ratio ("7.57 times", "roughly eight times larger", "halves the edge"), a fraction that ends a calculation
# ("= -\frac{1}{37}", "-1/37") and a count ("17 in all").
NUMBER = r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred)"
RESULT = re.compile("|".join([
    r"\d+\.\d+\s+times\b",
    rf"\b{NUMBER}\s+times\s+(?:larger|smaller|bigger|more|less|greater|higher|lower|as)\b",
    r"\b(?:halves|halved|doubles|doubled|triples|tripled)\s+(?:the|its|a)\b",
    r"=\s*-?\s*\\frac\{\d+\}\{\d+\}\s*\$",
    r"(?<![\w/.])[-−]\d+/\d+",
    rf"\b{NUMBER}\s+in all\b",
]), re.IGNORECASE)


def typed_results(text: str) -> list[str]:
    text = GLUE.sub("", text)
    return TYPED.findall(text) + RESULT.findall(text)


@pytest.mark.parametrize("text, typed", [
    ("the glued ratio is 7.57 times larger", ["7.57 times"]),
    ("roughly eight times larger", ["eight times larger"]),
    ("$E = 8 \\cdot \\frac{4}{37} - \\frac{33}{37} = -\\frac{1}{37}$", ["= -\\frac{1}{37}$"]),
    ("a value of -3/8 per unit", ["-3/8"]),
    ("17 in all", ["17 in all"]),
    ("which halves the edge", ["halves the"]),
    ("totals made mostly of doubles gain", []),
    ("5.26% or 1/19 or 244/495", ["5.26%", "1/19", "244/495"]),
    ("pays 35 to 1; 3-4-5x allows three times on 4 or 10", []),
    ("{glue:}`roulette_top_ratio` times as much", []),
])
def test_the_typed_result_pattern(text: str, typed: list[object] | list[str]) -> None:
    assert typed_results(text) == typed


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_no_ratio_count_or_result_typed_into_prose(path: Path) -> None:
    typed = [hit for cell in markdown(path) for hit in typed_results(cell)]
    assert typed == [], f"{path.name}: glue these from a computation instead of typing them"


def test_the_glossary_says_a_contract_bet_favours_the_house() -> None:
    from casino_math.craps.line import value_with_point

    assert all(value_with_point(p, "pass") < 0 for p in (4, 5, 6, 8, 9, 10))
    found = re.search(r"^Contract bet\n((?:  .*\n)+)", (ROOT / "book" / "glossary.md").read_text(), re.MULTILINE)
    assert found is not None, "the glossary defines a contract bet"
    entry = found.group(1)
    assert "favours the house" in entry and "favours the player" not in entry


# --- assumptions -----------------------------------------------------------------------------------------------

ASSUMPTION = re.compile(r"^```\{admonition\} Assumption: (.+)\n(?::class: .+\n)?(?::name: (\S+)\n)?", re.MULTILINE)


@pytest.mark.parametrize("path", CHAPTERS, ids=ids(CHAPTERS))
def test_every_assumption_box_is_named_and_collected_in_the_appendix(path: Path) -> None:
    appendix = (ROOT / "book" / "assumptions.md").read_text()
    for title, name in ASSUMPTION.findall("\n".join(markdown(path))):
        assert name, f"{path.name}: the box 'Assumption: {title}' needs a :name: for the appendix to link to"
        assert f"<{name}>`" in appendix, f"book/assumptions.md does not link to {name} ({path.name})"


# --- theorems, proofs and what the exercises ask ---------------------------------------------------------------

STATEMENT = re.compile(r"^```\{prf:(theorem|lemma|proposition|corollary)\}.*\n:label: (\S+)", re.MULTILINE)
PROOF = re.compile(r"^```\{prf:proof\}", re.MULTILINE)
EXERCISE_BODY = re.compile(r"^```\{exercise\}(.*?)^```$", re.MULTILINE | re.DOTALL)
#: The chapters of the games and of the long run: each asks a student for a proof or a derivation by hand.
DERIVING = [p for p in CHAPTERS if p.stem not in ("chance", "foundations")]
#: The chapters in which a student writes a simulation and reports an interval.
SIMULATING = ["foundations", "roulette-variance", "roulette-fairness", "craps-line", "baccarat", "long-run",
              "betting-systems"]
# The rare-events chapter.
SIMULATING += ["rare-events"]
SIMULATING += ["random-walks"]
# The continuous-chance chapter.
SIMULATING += ["continuous"]
# The keno chapter.
SIMULATING += ["keno"]
# The sequential-testing chapter.
SIMULATING += ["roulette-sequential"]


def book_text() -> str:
    return "\n".join(cell for path in CHAPTERS for cell in markdown(path))


def test_the_book_states_its_results_as_theorems_with_proofs() -> None:
    text = book_text()
    assert len(STATEMENT.findall(text)) >= 12, "the book's central results are stated as prf:theorem, lemma, ..."
    assert len(PROOF.findall(text)) >= 8, "and at least eight of them are proved in a prf:proof"


def test_every_theorem_is_referred_to_from_the_prose() -> None:
    text = book_text()
    unused = [label for _, label in STATEMENT.findall(text) if f"{{prf:ref}}`{label}`" not in text
              and f"<{label}>`" not in text]
    assert unused == [], f"refer to each statement where it is used, with {{prf:ref}}: {unused}"


@pytest.mark.parametrize("path", DERIVING, ids=ids(DERIVING))
def test_a_game_or_long_run_chapter_asks_for_a_proof_or_a_derivation(path: Path) -> None:
    bodies = EXERCISE_BODY.findall("\n".join(markdown(path)))
    assert any(re.search(r"\b(prove|derive|show that|show why|by hand)\b", body, re.IGNORECASE) for body in bodies), \
        f"{path.name}: no exercise asks the student to prove or derive a result"


@pytest.mark.parametrize("stem", SIMULATING)
def test_a_chapter_has_the_student_write_a_simulation_and_report_an_interval(stem: str) -> None:
    bodies = EXERCISE_BODY.findall("\n".join(markdown(ROOT / "book" / f"{stem}.ipynb")))
    assert any(re.search(r"simulat", body, re.IGNORECASE)
               and re.search(r"interval|standard error", body, re.IGNORECASE) for body in bodies), \
        f"{stem}: no exercise has the student simulate and report an interval or a standard error"
