"""The build side of the live widgets: casino_math's wheel for the browser, and no CDN fallback without npm."""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import live_widgets
import offline_assets


def test_without_npm_the_build_stops_and_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    pyodide = next(p for p in offline_assets.PACKAGES if p.name == "pyodide")
    with pytest.raises(ExtensionError) as error:
        offline_assets.fetch(pyodide, tmp_path / "packages")
    assert str(error.value) == offline_assets.NO_NPM
    assert offline_assets.NO_NPM.startswith("npm is not installed: ") and "install npm" in offline_assets.NO_NPM


def test_pyodide_is_pinned_by_version_and_integrity() -> None:
    pyodide = next(p for p in offline_assets.PACKAGES if p.name == "pyodide")
    assert pyodide.version.startswith("314.0.") and pyodide.integrity.startswith("sha512-")
    assert pyodide.target == "pyodide" and live_widgets.runtime_config("w.whl", 0).count("_static/vendor/pyodide/") == 1


def test_the_wheel_holds_the_library_and_nothing_of_the_book(tmp_path: Path) -> None:
    wheel = live_widgets.build_wheel(ROOT, tmp_path / "live")
    names = zipfile.ZipFile(wheel).namelist()
    assert "casino_math/widgets/live.py" in names and "casino_math/baccarat/deal.py" in names
    assert not [n for n in names if n.startswith(("tests/", "book/")) or n.endswith(".ipynb")]
    assert [p.name for p in (tmp_path / "live").iterdir()] == [wheel.name]


def test_the_chart_library_is_pinned_and_loads_in_order() -> None:
    vega = {p.name: p for p in offline_assets.PACKAGES if p.name.startswith("vega")}
    assert sorted(vega) == ["vega", "vega-embed", "vega-lite"]
    assert all(p.integrity.startswith("sha512-") and p.serve.endswith(".min.js") for p in vega.values())
    # vega-lite needs vega, vega-embed needs both: the runtime loads them in this order, from the site.
    assert json.loads(live_widgets.runtime_config("w.whl", 0).removeprefix("window.LIVE_WIDGETS = ").rstrip(";"))["vega"] == [
        "_static/vendor/vega/vega.min.js", "_static/vendor/vega-lite/vega-lite.min.js",
        "_static/vendor/vega-embed/vega-embed.min.js"]


def test_the_same_sources_make_the_same_wheel(tmp_path: Path) -> None:
    # So that a rebuild finds its snapshot of Python made, and a reader's cached wheel stays valid.
    first = live_widgets.build_wheel(ROOT, tmp_path / "first")
    second = live_widgets.build_wheel(ROOT, tmp_path / "second")
    assert first.read_bytes() == second.read_bytes()


def test_the_snapshot_computes_the_starting_view_of_every_chapters_widget() -> None:
    views = live_widgets.chapter_views(ROOT / "book")
    assert ["baccarat.decks", {"rules": "oxford"}] in views
    assert len(views) == len({json.dumps(v, sort_keys=True) for v in views})
    from casino_math.widgets.live import MODULES

    assert {name.split(".")[0] for name, _ in views} <= set(MODULES)


def test_the_runtime_is_told_the_snapshot_and_the_wheel_it_was_made_with() -> None:
    config = json.loads(live_widgets.runtime_config("w.whl", 21_000_000, ("python-1.snapshot.gz", "ab"))
                        .removeprefix("window.LIVE_WIDGETS = ").rstrip(";"))
    assert config["snapshot"] == {"path": "_static/live/python-1.snapshot.gz", "wheel": "ab"}
    assert config["bytes"] == 21_000_000 and config["wheel"] == "_static/live/w.whl"
    assert "snapshot" not in json.loads(live_widgets.runtime_config("w.whl", 0)
                                        .removeprefix("window.LIVE_WIDGETS = ").rstrip(";"))


def test_without_node_the_build_warns_and_the_site_starts_python_afresh(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    wheel = live_widgets.build_wheel(ROOT, tmp_path / "live")
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    (pyodide / "package.json").write_text('{"version": "314.0.7"}')
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    warned: list[str] = []
    monkeypatch.setattr(live_widgets.logger, "warning", lambda message, *args: warned.append(message % args))
    assert live_widgets.make_snapshot(pyodide, wheel, [], tmp_path / "snapshots") is None
    assert len(warned) == 1 and warned[0].startswith("node is not installed: ")
