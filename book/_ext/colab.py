"""Keep a hidden first cell in every chapter that installs casino_math on Colab.

Colab opens a chapter notebook on its own, without the repository, so the
notebook must install the library itself.  The cell does nothing anywhere
else, carries the ``remove-cell`` tag so the site never shows it, and is
written from the one repository URL in ``_config.yml``.  (The site's buttons open the reader's copy of a chapter,
whose cell installs instead the wheel the same build wrote and the site serves: ``reader_code.colab_install``.)

    python book/_ext/colab.py          # add or refresh the cell in every chapter
    python book/_ext/colab.py --check  # exit 1 if any chapter's cell is missing or stale
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[2]
TAG = "colab-install"


def repository_url() -> str:
    """The repository URL set in _config.yml (repository.url)."""
    return yaml.safe_load((ROOT / "_config.yml").read_text())["repository"]["url"].rstrip("/")


def colab_source(url: str) -> str:
    """The install cell's source for the repository at ``url``."""
    return (
        "# On Colab, install casino_math from the book's repository (nothing happens elsewhere).\n"
        "import sys\n"
        "\n"
        'if "google.colab" in sys.modules:\n'
        f'    %pip install --quiet "casino_math[notebook,symbolic] @ git+{url}"'
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
    nb.cells = [c for c in nb.cells if TAG not in c.metadata.get("tags", [])]
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": ["remove-cell", TAG]})
    cell.execution_count = None
    nb.cells.insert(0, cell)
    nbformat.write(nb, path)
    return True


def main(argv: list[str]) -> int:
    source = colab_source(repository_url())
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
