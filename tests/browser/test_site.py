"""Every page of the table of contents, read in a real browser, offline.

For each page: it loads with no console errors and no failed requests (any
request leaving 127.0.0.1 is blocked, and so fails); its math is typeset by the
self-hosted MathJax; every embedded widget renders; every internal link
resolves; every image has real alt text; no control of a live widget is enabled
before it runs live; axe-core finds no serious or critical accessibility violation.  A screenshot of each page is saved under
``_build/screenshots/`` for review.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from conftest import SCREENSHOTS, SITE, toc_pages

PAGES = toc_pages()
RAW_MATH = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$\$|\\frac|\\dfrac")


@pytest.fixture(scope="module")
def loaded(browser, site_url):
    """Load each page once and keep what the checks need."""
    results = {}

    def load(page_path: str) -> dict:
        if page_path in results:
            return results[page_path]
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors, failed = [], []
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("requestfailed", lambda req: failed.append(f"{req.url} ({req.failure})"))
        page.on("response", lambda resp: failed.append(f"{resp.url} (HTTP {resp.status})") if resp.status >= 400 else None)

        def only_local(route):
            host = urlparse(route.request.url).hostname
            return route.continue_() if host == "127.0.0.1" else route.abort()

        page.route("**/*", only_local)
        page.goto(f"{site_url}/{page_path}.html", wait_until="networkidle")
        page.evaluate("async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }")
        widget_views = page.locator('script[type="application/vnd.jupyter.widget-view+json"]').count()
        if widget_views:
            page.wait_for_selector(".jupyter-widgets, .widget-box, .widget-inline-hbox", timeout=30_000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / (page_path.replace("/", "__") + ".png")), full_page=True)
        results[page_path] = {"page": page, "errors": errors, "failed": failed, "widget_views": widget_views}
        return results[page_path]

    yield load
    for result in results.values():
        result["page"].close()


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_without_errors_or_failed_requests(loaded, path):
    result = loaded(path)
    assert not result["failed"], f"failed or external requests on {path}:\n" + "\n".join(result["failed"])
    assert not result["errors"], f"console errors on {path}:\n" + "\n".join(result["errors"])


@pytest.mark.parametrize("path", PAGES)
def test_math_is_typeset(loaded, path):
    page = loaded(path)["page"]
    untypeset = page.evaluate(
        "() => [...document.querySelectorAll('.math')].filter(e => !e.querySelector('mjx-container'))"
        " .map(e => e.textContent.slice(0, 60))"
    )
    assert untypeset == [], f"math left as source on {path}"
    prose = page.evaluate(
        "() => { const main = document.querySelector('main') || document.body;"
        " const copy = main.cloneNode(true);"
        " copy.querySelectorAll('pre, code, script, style, mjx-container, .cell_input').forEach(e => e.remove());"
        " return copy.innerText; }"
    )
    leftovers = RAW_MATH.findall(prose)
    assert leftovers == [], f"raw LaTeX in the visible text of {path}"
    if "mjx-container" in (SITE / f"{path}.html").read_text() or page.locator(".math").count():
        assert page.locator("mjx-container").count() > 0


@pytest.mark.parametrize("path", PAGES)
def test_every_widget_renders(loaded, path):
    result = loaded(path)
    if result["widget_views"] == 0:
        return
    rendered = result["page"].evaluate(
        "() => [...document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]')]"
        " .filter(s => s.parentElement.querySelector('.jupyter-widgets, .widget-box, .widget-inline-hbox')).length"
    )
    assert rendered == result["widget_views"], f"{result['widget_views'] - rendered} widget(s) did not render on {path}"


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs, self.ids, self.images = [], set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.mark.parametrize("path", PAGES)
def test_internal_links_resolve(path):
    source = SITE / f"{path}.html"
    broken = []
    for href in _parse(source).hrefs:
        if urlparse(href).scheme or href.startswith(("mailto:", "javascript:")):
            continue
        target, fragment = urldefrag(urljoin(source.as_uri(), href))
        target_path = Path(urlparse(target).path)
        if target_path.is_dir():
            target_path = target_path / "index.html"
        if not target_path.exists() or fragment and target_path.suffix == ".html" and fragment not in _parse(target_path).ids:
            broken.append(href)
    assert broken == [], f"broken internal links on {path}"


@pytest.mark.parametrize("path", PAGES)
def test_every_image_has_alt_text(path):
    missing = []
    for image in _parse(SITE / f"{path}.html").images:
        alt = (image.get("alt") or "").strip()
        src = image.get("src") or ""
        if not alt or alt == src or alt.endswith((".png", ".svg", ".jpg", ".jpeg")):
            missing.append(src)
    assert missing == [], f"images without alt text on {path}"


@pytest.mark.parametrize("path", PAGES)
def test_no_serious_accessibility_violations(loaded, axe_script, path):
    page = loaded(path)["page"]
    page.add_script_tag(content=axe_script)
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        " .filter(v => v.impact === 'serious' || v.impact === 'critical')"
        " .map(v => `${v.id} (${v.impact}): ${v.nodes.length} element(s), e.g. ${v.nodes[0].target}`)"
    )
    assert violations == [], f"accessibility violations on {path}"


@pytest.mark.parametrize("path", PAGES)
def test_no_enabled_control_in_a_widget_that_is_not_live(loaded, path):
    # Until a widget runs live nothing computes behind its controls, so none may be movable.
    enabled = loaded(path)["page"].evaluate(
        "() => [...document.querySelectorAll('[data-live-widget]:not([data-state=\"live\"])')]"
        " .flatMap(w => [...w.querySelectorAll('input, select, button, textarea')]"
        "   .filter(e => !e.disabled).map(e => `${w.dataset.liveWidget}: ${e.name || e.outerHTML.slice(0, 60)}`))"
    )
    assert enabled == [], f"enabled controls in a widget that is not live on {path}"
