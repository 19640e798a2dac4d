"""The live widgets in a browser: how long a reader waits for a first live result, beside Pyodide's own bare start.

The built site (``_build/html``, as ``make strict-book`` builds it) is served on
127.0.0.1 and opened in Debian's headless Chromium, driven by playwright as the
browser tests drive it.  Timed, each as a median over fresh browser profiles:

(a) Pyodide's bare start: ``loadPyodide`` alone, in a module worker on a blank page of the same site, cold (a fresh
    profile) and warm (the same profile, second visit);
(b) a chapter's first live result cold: the page loaded in a fresh profile, the button pressed at once, the time from
    the press to the first live result;
(c) the same, warm: a second visit in the same profile (Pyodide and the wheel in the browser's HTTP cache, the build's
    snapshot of Python kept unzipped in its Cache Storage by the first visit, which waits until it is kept);
(d) the reader of the issue: the widget scrolled into view, three seconds of reading, then the press; the time from
    the press to the first live result (cold and warm).

For (b) and (c), where the wait goes: the time from the press to each stage the widget's note says (loading Python,
starting Python, loading casino_math, computing the first result), and how Python started (from the build's snapshot
or afresh).  Beside them: the Python modules loaded when the first result is shown, and the main thread's longest task while the
long-run chapter's session explorer shows a new result (PerformanceObserver 'longtask').  Ratios are against (a)
timed in the same run.  Without a built site or Chromium the benchmark says so and times nothing.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import statistics
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from timing import python, report

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, Playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("SITE", ROOT / "_build" / "html"))
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Fresh profiles per figure (each cold run downloads and compiles Pyodide: seconds).
REPEAT = int(os.environ.get("BENCH_LIVE_REPEAT", "5"))
#: The chapter and the widget timed (the baccarat chapter's decks explorer, whose start the issue timed).
CHAPTER, WIDGET = "book/baccarat", "baccarat.decks"
#: How long the reader of (d) reads before pressing the button, in ms.
READING = 3000

#: A blank page of the site and the worker it starts: loadPyodide alone, timed inside the page.
BARE_PAGE = "_bench/bare.html"
BARE_HTML = """<!doctype html><title>bare</title><script type="module">
  const root = new URL('../_static/vendor/pyodide/', location.href).href;
  const source = `import {loadPyodide} from '${root}pyodide.mjs';
    const started = performance.now();
    await loadPyodide({indexURL: '${root}', stdout: () => {}, stderr: () => {}});
    postMessage(performance.now() - started);`;
  const started = performance.now();
  const worker = new Worker(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})), {type: 'module'});
  window.bare = new Promise(resolve => { worker.onmessage = () => resolve(performance.now() - started); });
</script>"""

#: Records, in the page, when each widget first says it is live, and every long task.
WATCH_SCRIPT = r"""
window.liveAt = {};
window.longTasks = [];
try {
  new PerformanceObserver(list => list.getEntries().forEach(e => window.longTasks.push([e.startTime, e.duration])))
    .observe({type: 'longtask', buffered: true});
} catch (error) {}
window.stageAt = {};
new MutationObserver(() => {
  for (const c of document.querySelectorAll('[data-live-widget][data-state="live"]')) {
    if (!(c.dataset.liveWidget in window.liveAt)) window.liveAt[c.dataset.liveWidget] = performance.now();
  }
  const note = document.querySelector('.live-widget-note');
  const step = note && /\(step\s(\d)\sof\s\d\)/.exec(note.textContent);
  if (step && !(step[1] in window.stageAt)) window.stageAt[step[1]] = performance.now();
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['data-state']});
"""

PRESS = """widget => {
  const frame = document.querySelector(`[data-live-widget="${widget}"]`).closest('.live-widget');
  const pressed = performance.now();
  frame.querySelector('.live-widget-run').click();
  return pressed;
}"""

LIVE = """widget => document.querySelector(`[data-live-widget="${widget}"]`).dataset.state === 'live'"""


class Handler(http.server.SimpleHTTPRequestHandler):
    """The site's files, and the blank page of (a)."""

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/" + BARE_PAGE:
            body = BARE_HTML.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def served() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextmanager
def profile(p: Playwright) -> Iterator[BrowserContext]:
    """A browser with a fresh profile (its own HTTP cache, Cache Storage and code cache)."""
    with tempfile.TemporaryDirectory(prefix="bench-live-") as folder:
        context = p.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, args=FLAGS,
                                                       viewport={"width": 1280, "height": 900})
        try:
            yield context
        finally:
            context.close()


def opened(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.add_init_script(WATCH_SCRIPT)
    page.goto(url, wait_until="load")
    return page


def bare(context: BrowserContext, site: str) -> float:
    """(a): loadPyodide alone in a module worker, in ms from the worker's creation to Python ready."""
    page = opened(context, f"{site}/{BARE_PAGE}")
    ms = float(page.evaluate("window.bare"))
    page.close()
    return ms


#: The stages of a start, as the note numbers them.
STAGES = ("loading Python", "starting Python", "loading casino_math", "computing")


def first_result(context: BrowserContext, site: str, reading: int | None) -> tuple[float, dict[str, float], str]:
    """(b, c, d): the ms from the press to the widget's first live result; the ms from the press to each stage the
    note said after it; how Python started.

    With ``reading`` None the button is pressed as soon as the page has loaded; otherwise the widget is scrolled
    into view and the button pressed ``reading`` ms later."""
    page = opened(context, f"{site}/{CHAPTER}.html")
    if reading is not None:
        page.locator(f'.live-widget:has([data-live-widget="{WIDGET}"])').scroll_into_view_if_needed()
        page.wait_for_timeout(reading)
    pressed = float(page.evaluate(PRESS, WIDGET))
    page.wait_for_function(LIVE, arg=WIDGET, timeout=120_000, polling=50)
    live = float(page.evaluate("w => window.liveAt[w]", WIDGET))
    stages = {STAGES[int(step) - 1]: max(0.0, at - pressed)
              for step, at in page.evaluate("window.stageAt").items() if 1 <= int(step) <= len(STAGES)}
    started = str(page.evaluate("document.documentElement.dataset.livePython"))
    if started != "afresh":
        until_kept(page)
    page.close()
    return live - pressed, stages, started


#: Whether the worker has kept the build's snapshot, unzipped, in Cache Storage (it does so once Python has started).
KEPT = """async () => { const cache = await caches.open('live-widgets-python');
  const kept = await Promise.all((await cache.keys()).map(async name => (await cache.match(name)).arrayBuffer()));
  return kept.some(bytes => bytes.byteLength > 1e6); }"""


def until_kept(page: Page) -> None:
    """Wait, as a reader still on the page would, until the unzipped snapshot is kept for the next visit (at most
    30 s)."""
    for _ in range(300):
        if page.evaluate(KEPT):
            return
        page.wait_for_timeout(100)


#: What the worker imports to show a widget's first result, run in CPython: the modules then loaded, as JSON.
IMPORTS = """
import json, sys
before = set(sys.modules)
import casino_math.widgets.live as live
live.view_json(sys.argv[1], "{}", "{}")
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def modules_loaded(widget: str) -> list[str]:
    """The modules Python loads (the standard library's and casino_math's) to show ``widget``'s first result."""
    import json
    import subprocess

    out = subprocess.run(python("-c", IMPORTS, widget), check=True, capture_output=True, text=True).stdout
    loaded: list[str] = json.loads(out)
    return loaded


def cold_and_warm(p: Playwright, timed: Callable[[BrowserContext], Any]) -> tuple[list[Any], list[Any]]:
    """``timed`` in a fresh profile, then again in the same profile (a second visit): REPEAT of each."""
    cold, warm = [], []
    for _ in range(REPEAT):
        with profile(p) as context:
            cold.append(timed(context))
            warm.append(timed(context))
    return cold, warm


#: The result's containment undone: the baseline the longest task is compared with.
UNCONTAINED = ".live-widget-result { contain: none !important; }"


def longest_task_on_update(p: Playwright, site: str, style: str = "") -> float:
    """The longest main-thread task, in ms, from a change of the long-run chapter's session explorer to its result
    drawn (the median over three changes: to Dragon Bonus (banker) at mini-baccarat, the slowest setting, then two
    stakes), with ``style`` added to the page."""
    explorer = '[data-live-widget="session.explorer"]'
    idle = f"() => !document.querySelector('{explorer} .live-widget-result[aria-busy]')"
    with profile(p) as context:
        page = opened(context, f"{site}/book/long-run.html")
        if style:
            page.add_style_tag(content=style)
        page.evaluate(PRESS, "session.explorer")
        page.wait_for_function(LIVE, arg="session.explorer", timeout=120_000)
        page.locator(f'{explorer} select[name="game"]').select_option(label="Mini-baccarat")
        page.wait_for_timeout(200)
        page.wait_for_function(idle, timeout=120_000)
        longest = []
        for name, label in (("baccarat_bet", "Dragon Bonus (banker)"), ("stake", "$5"), ("stake", "$25")):
            since = float(page.evaluate("performance.now()"))
            page.locator(f'{explorer} select[name="{name}"]').select_option(label=label)
            page.wait_for_timeout(200)
            page.wait_for_function(idle, timeout=120_000)
            page.wait_for_timeout(500)  # the result drawn, and its chart
            tasks = page.evaluate("since => window.longTasks.filter(([t]) => t >= since).map(([, d]) => d)", since)
            longest.append(max(tasks, default=0.0))
        return statistics.median(longest)


def main() -> None:
    if not (SITE / "index.html").exists() or not Path(CHROMIUM).exists():
        print(f"(not timed: needs the built site in {SITE} (make strict-book) and Chromium at {CHROMIUM})")
        return
    from playwright.sync_api import sync_playwright

    with served() as site, sync_playwright() as p:
        bare_cold, bare_warm = cold_and_warm(p, lambda c: bare(c, site))
        at_once_cold_runs, at_once_warm_runs = cold_and_warm(p, lambda c: first_result(c, site, None))
        read_cold_runs, read_warm_runs = cold_and_warm(p, lambda c: first_result(c, site, READING))
        longest = longest_task_on_update(p, site)
        uncontained = longest_task_on_update(p, site, UNCONTAINED)
    a_cold, a_warm = statistics.median(bare_cold), statistics.median(bare_warm)
    at_once_cold, at_once_warm, read_cold, read_warm = ([ms for ms, _, _ in runs] for runs in (
        at_once_cold_runs, at_once_warm_runs, read_cold_runs, read_warm_runs))
    rows = [("(b) first result, pressed at once, cold", at_once_cold, a_cold),
            ("(c) first result, pressed at once, warm", at_once_warm, a_warm),
            ("(d) first result, pressed after 3 s in view, cold", read_cold, a_cold),
            ("(d) first result, pressed after 3 s in view, warm", read_warm, a_warm)]
    report("(a) Pyodide's bare start in a worker, cold", a_cold / 1000)
    report("(a) Pyodide's bare start in a worker, warm", a_warm / 1000)
    for name, runs, baseline in rows:
        ms = statistics.median(runs)
        report(name, ms / 1000, f"{ms / baseline:.2f} x (a) {'cold' if baseline == a_cold else 'warm'}")
    for name, runs in (("(b) cold", at_once_cold_runs), ("(c) warm", at_once_warm_runs)):
        started = sorted({how for _, _, how in runs})
        for stage in STAGES:
            times = [stages[stage] for _, stages, _ in runs if stage in stages]
            if times:
                report(f"  {name}: the press to '{stage}' (Python from: {'/'.join(started)})",
                       statistics.median(times) / 1000)
    for widget in (WIDGET, "session.explorer"):
        modules = modules_loaded(widget)
        print(f"{'modules imported for the first result of ' + widget:<60} {len(modules):>10}     "
              f"casino_math's: {sum(m.startswith('casino_math') for m in modules)}")
    report("longest main-thread task as the session explorer updates", longest / 1000)
    report("  the same with the result's containment undone", uncontained / 1000)


if __name__ == "__main__":
    main()
