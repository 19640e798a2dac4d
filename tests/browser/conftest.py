"""The built site, served on 127.0.0.1, and a headless Chromium to read it with.

These tests read ``_build/html`` as built by ``make strict-book``; ``make
site-test`` builds it first.  Chromium is Debian's (``/usr/bin/chromium``),
driven by the playwright package without a browser download of its own.
Every request that leaves 127.0.0.1 is blocked and counted as a failure: the
site must work offline.
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
from typing import TYPE_CHECKING, Literal
from weakref import WeakKeyDictionary

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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
