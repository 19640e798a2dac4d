"""Finding one's way around the book, as a reader does with a finger or a mouse: the buttons that are seen work.

At a phone's 390 px the menu button opens the table of contents as a drawer, and the "on this page" button the
page's sections; a link in the drawer can be pressed; Escape or a tap beside the drawer closes it.  At a laptop's
1280 px the menu button hides the sidebar, and a second press shows it again.  Each in the light and the dark
theme.  A click anywhere on a solution's title opens it, with no error and without scrolling the page away.
Screenshots of each state go to ``_build/screenshots/navigation/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from conftest import SCREENSHOTS, Mode, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

#: Opens a page of the book: its path, the window's width, the colour mode.
Reader = Callable[[str, int, Mode], "Page"]

#: A chapter with a table of contents, sections, exercises and their solutions.
CHAPTER = "book/roulette"
MODES: tuple[Mode, ...] = ("light", "dark")
SHOTS = SCREENSHOTS / "navigation"


@pytest.fixture
def reader(browser: Browser, site_url: str) -> Iterator[Reader]:
    """A page of the book at a width and in a colour mode, its errors kept."""
    pages: list[Page] = []

    def open_(path: str, width: int, mode: Mode) -> Page:
        page = browser.new_page(viewport={"width": width, "height": 844 if width < 600 else 900}, color_scheme=mode)
        errors = watch(page).errors
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{site_url}/{path}.html", wait_until="load")
        assert page.evaluate("document.documentElement.dataset.theme") == mode
        pages.append(page)
        return page

    yield open_
    for page in pages:
        page.close()


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def visible_toggle(page: Page, kind: str) -> Locator:
    """The one button of this kind (primary: the menu; secondary: "on this page") that the reader sees."""
    buttons = page.locator(f".{kind}-toggle:visible")
    assert buttons.count() == 1, f"{buttons.count()} visible {kind} toggles"
    return buttons.first


def drawer_state(page: Page, dialog: str) -> dict[str, Any]:
    """Whether the drawer is open and on screen, and whether its first link is what a tap at its centre reaches."""
    state: dict[str, Any] = page.evaluate(
        """id => { const d = document.getElementById(id); const r = d.getBoundingClientRect();
             const link = [...d.querySelectorAll('a[href]')].find(a => a.getBoundingClientRect().height > 0);
             let reachable = false;
             if (link) { const b = link.getBoundingClientRect();
               reachable = link.contains(document.elementFromPoint(b.left + Math.min(b.width / 2, 20), b.top + b.height / 2)); }
             return {open: d.open, width: r.width, right: r.right, left: r.left,
                     shown: getComputedStyle(d).visibility === 'visible' && r.width > 100, reachable,
                     link: link ? link.getAttribute('href') : null}; }""",
        dialog,
    )
    return state


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind, dialog", [("primary", "pst-primary-sidebar-modal"),
                                         ("secondary", "pst-secondary-sidebar-modal")], ids=["menu", "on-this-page"])
def test_a_phones_drawer_opens_and_closes(reader: Reader, kind: str, dialog: str, mode: Mode) -> None:
    page = reader(CHAPTER, 390, mode)
    visible_toggle(page, kind).click()
    state = drawer_state(page, dialog)
    assert state["open"] and state["shown"] and state["reachable"], state
    assert state["left"] >= 0 and state["right"] <= 390 + 1, state
    shoot(page, f"{kind}-drawer-open@390-{mode}")
    page.keyboard.press("Escape")
    assert not drawer_state(page, dialog)["open"]
    # Again, closed this time by a tap on the page beside the drawer.
    visible_toggle(page, kind).click()
    state = drawer_state(page, dialog)
    assert state["open"]
    beside = 5 if kind == "secondary" else 385  # the menu opens from the left, "on this page" from the right
    page.mouse.click(beside, 800)
    assert not drawer_state(page, dialog)["open"]
    # And a link in the drawer takes the reader where it says.
    visible_toggle(page, kind).click()
    link = page.locator(f"#{dialog} a[href]:visible").first
    href = link.get_attribute("href")
    assert href is not None
    link.click()
    page.wait_for_load_state("load")
    if href.startswith("#"):
        assert page.evaluate("location.hash") == href
    else:
        assert page.url.split("#")[0].endswith(href.split("#")[0].lstrip("./").split("/")[-1])
    assert watch(page).errors == []


@pytest.mark.parametrize("mode", MODES)
def test_a_laptops_menu_button_hides_and_shows_the_sidebar(reader: Reader, mode: Mode) -> None:
    page = reader(CHAPTER, 1280, mode)
    sidebar = page.locator("#pst-primary-sidebar")
    article = page.locator("article.bd-article")
    assert sidebar.is_visible()
    box = article.bounding_box()
    assert box is not None
    width = box["width"]
    visible_toggle(page, "primary").click()
    sidebar.wait_for(state="hidden", timeout=30_000)  # the sidebar slides away (a ceiling for a hang)
    page.wait_for_function("w => document.querySelector('article.bd-article').getBoundingClientRect().width > w",
                           arg=width + 100, timeout=30_000)  # and the text takes the room
    assert page.locator("#pst-primary-sidebar-modal").evaluate("d => d.open") is False  # no drawer over the page
    shoot(page, f"primary-hidden@1280-{mode}")
    visible_toggle(page, "primary").click()
    sidebar.wait_for(state="visible", timeout=30_000)
    assert watch(page).errors == []


@pytest.mark.parametrize("width", [390, 1280])
def test_a_click_anywhere_on_a_solutions_title_opens_it(reader: Reader, width: int) -> None:
    page = reader(CHAPTER, width, "light")
    solution = page.locator(".solution.dropdown").first
    title = solution.locator(".admonition-title")
    title.scroll_into_view_if_needed()
    content = solution.locator("section").first
    assert not content.is_visible()
    before = page.evaluate("scrollY")
    title.get_by_text("Exercise", exact=False).first.click()  # the middle of the title, where its link was
    assert content.is_visible()
    assert abs(page.evaluate("scrollY") - before) < 5
    title.click(position={"x": 5, "y": 5})
    assert not content.is_visible()
    assert watch(page).errors == []


# --- The first screen --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [390, 1280])
def test_the_home_page_opens_with_the_book_and_the_edition_is_in_the_footer(reader: Reader, width: int) -> None:
    page = reader("book/intro", width, "light")
    first = page.locator("article.bd-article p").first.inner_text()
    assert "built from" not in first and "casino_math" not in first
    assert page.locator("article.bd-article", has_text="This edition").count() == 0
    assert "built from" in page.locator(".edition-line").inner_text()
    shoot(page, f"home@{width}")


#: What page chrome says: the launch buttons, the source and download menus, the theme's buttons.
CHROME = re.compile(r"\b(Binder|Colab|Repository|Open issue|Download source|Download notebook|\.ipynb|\.pdf|"
                    r"Fullscreen mode|Skip to main content)\b")


def test_search_snippets_quote_the_text_not_the_page_chrome(reader: Reader) -> None:
    page = reader("search", 1280, "light")
    page.goto(page.url.split("?")[0] + "?q=house+edge", wait_until="load")
    page.wait_for_selector("#search-results .search li p.context", timeout=30_000)
    page.wait_for_function("() => !document.querySelector('#search-progress') || "
                           "/Search finished|found/i.test(document.querySelector('#search-progress').textContent)",
                           timeout=60_000)
    snippets = page.locator("#search-results li p.context").all_inner_texts()
    assert len(snippets) >= 5
    assert [s for s in snippets if CHROME.search(s)] == []
    assert all("house" in s.lower() or "edge" in s.lower() for s in snippets)  # each quotes the words searched for
    shoot(page, "search@1280")
    assert watch(page).errors == []
