"""The built site, served on 127.0.0.1, and a headless Chromium to read it with.

These tests read ``_build/html`` as built by ``make strict-book``; ``make
site-test`` builds it first.  Chromium is Debian's (``/usr/bin/chromium``),
driven by the playwright package without a browser download of its own.
Every request that leaves 127.0.0.1 is blocked and counted as a failure: the
site must work offline.

A page is read once in each width and colour mode that a test asks for, and every test that reads it shares that
reading (``read_at``): the tests that take a page as ``path`` are parametrized with :func:`each_page`, whose session
scope has pytest run every test of one page together, from every module, so that a page's readings are closed as
soon as the next page's begin.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypedDict
from urllib.parse import urlparse
from weakref import WeakKeyDictionary

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from toc import toc_pages  # noqa: F401  (the pages under test)

#: The built site under test (set SITE to test another copy, e.g. a deliberately broken one).
SITE = Path(os.environ.get("SITE", ROOT / "_build" / "html"))
SCREENSHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


#: The site's colour modes.
Mode = Literal["light", "dark"]


@dataclass
class Watch:
    """What a page did that a test must see: its uncaught script errors, and the requests it was refused."""

    errors: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)


_WATCHES: WeakKeyDictionary[Page, Watch] = WeakKeyDictionary()


def watch(page: Page) -> Watch:
    """The record kept of ``page``'s errors and refused requests (begun the first time it is asked for)."""
    return _WATCHES.setdefault(page, Watch())


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        pytest.fail(f"{SITE} has no index.html: build the book first (make strict-book)")
    handler = functools.partial(QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium (make chromium does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def axe_script() -> str:
    path = SITE / "_static" / "vendor" / "axe-core" / "axe.min.js"
    if not path.exists():
        pytest.fail(f"{path} is missing: the site's build vendors axe-core (book/_ext/offline_assets.py)")
    return path.read_text()


def each_page(pages: list[str]) -> pytest.MarkDecorator:
    """Parametrize a test by ``path``, one of ``pages``, with every test of the same page run together (the session
    scope makes pytest group the tests of all modules by page)."""
    return pytest.mark.parametrize("path", pages, scope="session")


class Read(TypedDict):
    """A page as read at one width in one colour mode: the page, its console errors, its failed requests, its
    widgets' views."""

    page: Page
    errors: list[str]
    failed: list[str]
    widget_views: int


class Reads:
    """Each page of the site as a reader first sees it, at a width and in a colour mode: loaded once for every test
    that asks, its console errors and failed requests kept, a screenshot of the whole page saved for review.

    Only one page's readings are open at a time: asking for another page closes them (what they recorded is kept, for
    :meth:`of`).  A test that changes what a page shows opens a page of its own instead.
    """

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.reads: dict[tuple[str, int, Mode], Read] = {}
        self.open: list[Page] = []
        self.current = ""

    def __call__(self, path: str, width: int, mode: Mode = "light") -> Read:
        if path != self.current:
            self.close()
            self.current = path
        if (path, width, mode) not in self.reads or self.reads[path, width, mode]["page"].is_closed():
            self.reads[path, width, mode] = self.load(path, width, mode)
        return self.reads[path, width, mode]

    def of(self, path: str) -> dict[tuple[int, Mode], Read]:
        """Every reading made of ``path`` so far, by (width, mode)."""
        return {(w, m): read for (p, w, m), read in self.reads.items() if p == path}

    def close(self) -> None:
        for page in self.open:
            page.close()
        self.open.clear()

    def load(self, path: str, width: int, mode: Mode) -> Read:
        page = self.browser.new_page(viewport={"width": width, "height": 900}, color_scheme=mode)
        self.open.append(page)
        result: Read = {"page": page, "errors": [], "failed": [], "widget_views": 0}
        errors, failed = result["errors"], result["failed"]
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("requestfailed", lambda req: failed.append(f"{req.url} ({req.failure})"))
        page.on("response", lambda resp: failed.append(f"{resp.url} (HTTP {resp.status})") if resp.status >= 400 else None)

        def only_local(route: Route) -> None:
            host = urlparse(route.request.url).hostname
            return route.continue_() if host == "127.0.0.1" else route.abort()

        page.route("**/*", only_local)
        # What comes after the load event is waited for by name: the typeset math, the widgets, a chart.  (The
        # console errors and failed requests are checked last of all, once every check has run on the page.)
        page.goto(f"{self.site_url}/{path}.html", wait_until="load")
        page.evaluate("async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }")
        views = result["widget_views"] = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
        if views:
            page.wait_for_selector(".jupyter-widgets, .widget-box, .widget-inline-hbox", timeout=30_000)
        if page.locator(".live-widget-chart").count():
            page.wait_for_selector(".live-widget-chart svg", timeout=30_000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        dark = "" if mode == "light" else f"-{mode}"
        page.screenshot(path=str(SCREENSHOTS / f"{path.replace('/', '__')}@{width}{dark}.jpg"), full_page=True,
                        type="jpeg", quality=80)  # a page can be 20,000 px long: a JPEG is saved in half the time
        return result


@pytest.fixture(scope="session")
def read_at(browser: Browser, site_url: str) -> Iterator[Reads]:
    """Each page at a width and in a colour mode, read once for every test that asks (:class:`Reads`)."""
    reads = Reads(browser, site_url)
    yield reads
    reads.close()
