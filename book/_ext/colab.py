"""Keep a hidden first cell in every chapter that installs casino_math on Colab.

Colab opens a chapter notebook on its own, without the repository, so the
notebook must install the library itself.  The cell does nothing anywhere
else, carries the ``remove-cell`` tag so the site never shows it, and installs the wheel the book's site serves
(``_static/live/``, where the build writes it: ``live_widgets.py``), of the library's version, at the site's address
read from ``_config.yml`` (``html_baseurl``, or else GitHub Pages' address for the one repository URL), as the
reader's copies of the chapters do (``reader_code.colab_install``): a released build, not whatever the repository's
main branch holds that day.  A new version or address makes every chapter's cell stale until this script runs
(``make notebooks`` runs it).

    python book/_ext/colab.py          # add or refresh the cell in every chapter
    python book/_ext/colab.py --check  # exit 1 if any chapter's cell is missing or stale
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[2]
TAG = "colab-install"


def repository_url() -> str:
    """The repository URL set in _config.yml (repository.url)."""
    return yaml.safe_load((ROOT / "_config.yml").read_text())["repository"]["url"].rstrip("/")


def site_address() -> str:
    """The published site's address, as the build reads it (``reader_notebooks.site_url``): sphinx's
    ``html_baseurl`` if _config.yml sets it, else GitHub Pages' address for the repository."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    base = str(((config.get("sphinx") or {}).get("config") or {}).get("html_baseurl") or "")
    if base:
        return base.rstrip("/") + "/"
    owner, repository = repository_url().split("github.com/")[1].split("/")[:2]
    return f"https://{owner}.github.io/{repository}/"


def wheel_url() -> str:
    """casino_math's wheel, of the library's version, as the book's site serves it."""
    init = (ROOT / "casino_math" / "__init__.py").read_text()
    version = re.search(r'^__version__ = "([^"]+)"', init, re.MULTILINE)
    if version is None:
        raise SystemExit("casino_math/__init__.py sets no __version__")
    return f"{site_address()}_static/live/casino_math-{version[1]}-py3-none-any.whl"


def colab_source(wheel: str) -> str:
    """The install cell's source, installing the wheel at the address ``wheel``.

    >>> print(colab_source("https://a.github.io/b/_static/live/casino_math-0.2.0-py3-none-any.whl"))
    # On Colab, install casino_math (nothing happens elsewhere).
    import sys
    <BLANKLINE>
    if "google.colab" in sys.modules:
        %pip install --quiet "casino_math[notebook,symbolic] @ https://a.github.io/b/_static/live/casino_math-0.2.0-py3-none-any.whl"
    """
    return (
        "# On Colab, install casino_math (nothing happens elsewhere).\n"
        "import sys\n"
        "\n"
        'if "google.colab" in sys.modules:\n'
        f'    %pip install --quiet "casino_math[notebook,symbolic] @ {wheel}"'
    )


def chapters() -> list[Path]:
    """Every notebook under book/ (checkpoints and builds excluded; assignments carry their own cell)."""
    return sorted(
        p for p in (ROOT / "book").rglob("*.ipynb")
        if not {".ipynb_checkpoints", "_build", "assignments"} & set(p.relative_to(ROOT).parts)
    )


def first_cell_is_current(nb, source: str) -> bool:
    cell = nb.cells[0] if nb.cells else None
    return bool(cell and TAG in cell.metadata.get("tags", []) and cell.source == source)


def sync(path: Path, source: str) -> bool:
    """Put the current install cell first in the notebook at ``path``; True if the file changed."""
    nb = nbformat.read(path, as_version=4)
    if first_cell_is_current(nb, source):
        return False
    first = nb.cells[0] if nb.cells else None
    if first is not None and TAG in first.metadata.get("tags", []):
        first.source = source  # the cell keeps its id and its run: only what it installs changes
        nbformat.write(nb, path)
        return True
    nb.cells = [c for c in nb.cells if TAG not in c.metadata.get("tags", [])]
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": ["remove-cell", TAG]})
    cell.execution_count = None
    nb.cells.insert(0, cell)
    nbformat.write(nb, path)
    return True


def main(argv: list[str]) -> int:
    source = colab_source(wheel_url())
    if "--check" in argv:
        stale = [str(p.relative_to(ROOT)) for p in chapters() if not first_cell_is_current(nbformat.read(p, 4), source)]
        for path in stale:
            print(f"{path}: its Colab install cell is missing or stale; run `python book/_ext/colab.py`")
        return 1 if stale else 0
    for path in chapters():
        if sync(path, source):
            print(f"updated {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
