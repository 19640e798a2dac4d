"""The bibliography parses as BibTeX, and every work a chapter cites is in it."""

import json
import re
from pathlib import Path

from pybtex.database import parse_file

BOOK = Path(__file__).resolve().parents[1] / "book"
CITE = re.compile(r"\{cite(?::[a-z]+)?\}`([^`]+)`")


def cited() -> set[str]:
    """Every key cited in the chapters' and pages' prose."""
    texts = [path.read_text(encoding="utf-8") for path in BOOK.glob("*.md")]
    for path in BOOK.glob("*.ipynb"):
        texts += ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
                  if cell["cell_type"] == "markdown"]
    return {key.strip() for text in texts for keys in CITE.findall(text) for key in keys.split(",")}


def test_every_entry_parses_and_every_cited_key_is_an_entry() -> None:
    entries = parse_file(str(BOOK / "references.bib")).entries  # a brace left open is a syntax error here
    assert len(entries) >= 30
    missing = cited() - set(entries)
    assert not missing, f"cited but not in references.bib: {sorted(missing)}"
