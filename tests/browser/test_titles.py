"""Each page's browser title: the page's own title, then the book's, never the book's title twice."""

from __future__ import annotations

import html
import re

import pytest
from conftest import SITE
from toc import toc_pages

SEPARATOR = " \u2014 "


def browser_title(page: str) -> str:
    text = (SITE / f"{page}.html").read_text(encoding="utf-8")
    found = re.search(r"<title>(.*?)</title>", text, re.DOTALL)
    assert found, f"{page}.html has no <title>"
    return html.unescape(found.group(1)).strip()


@pytest.mark.parametrize("page", toc_pages())
def test_title_names_the_page_once(page: str) -> None:
    parts = browser_title(page).split(SEPARATOR)
    assert len(parts) == len(set(parts)), f"{page}: the browser title repeats itself: {SEPARATOR.join(parts)!r}"


def test_home_page_title_names_the_book_once() -> None:
    book = browser_title("book/chance").split(SEPARATOR)[-1]
    assert browser_title("book/intro") == f"Home{SEPARATOR}{book}"
