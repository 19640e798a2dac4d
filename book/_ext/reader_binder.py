"""Binder's environment: the packages a reader's notebook needs, and everything they pull in, each pinned.

``.binder/requirements.txt`` names what the chapters need to run in JupyterLab (above its marker line), and below
it every package those pull in, each pinned to the version in the book's ``requirements.txt`` (the environment the
book is built and tested in), so that Binder installs nothing newer than what was tested::

    python book/_ext/reader_binder.py          # rewrite the pinned part of .binder/requirements.txt
    python book/_ext/reader_binder.py --check  # exit 1 if it is not what the named packages pull in

The published site's own ``.binder/`` (written by the build, :func:`write_binder`) is for the reader's copies: it
leaves out myst-nb, which only the chapters' glue needed, and jupyterlab-myst, which renders MyST sources, and it
pins what the rest pull in the same way.  Dependencies are read from the installed packages' metadata, so both run
in the book's own environment.
"""

from __future__ import annotations

import sys
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / ".binder" / "requirements.txt"
#: The line after which .binder/requirements.txt is written by this module.
MARKER = "# What those pull in, pinned as in requirements.txt (python book/_ext/reader_binder.py writes this part):"
#: What the chapters' MyST sources need and the reader's copies do not.
SOURCES_ONLY = frozenset({"myst-nb", "jupyterlab-myst"})


class PinError(Exception):
    """A package Binder would install has no pin in the book's requirements.txt."""


def pins(requirements: str) -> dict[str, str]:
    """Each pinned package of a requirements file, by its canonical name: its line without a comment.

    >>> pins("# notes\\nMarkupSafe==3.0.4\\njupyterlab-myst==2.7.0   # renders MyST\\n")
    {'markupsafe': 'MarkupSafe==3.0.4', 'jupyterlab-myst': 'jupyterlab-myst==2.7.0'}
    """
    found: dict[str, str] = {}
    for line in requirements.splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            found[canonicalize_name(Requirement(line).name)] = line
    return found


def pulled_in(names: list[str]) -> set[str]:
    """The canonical names of ``names`` and of every package they need, as installed here (markers evaluated for this
    Python and platform, extras followed)."""
    seen: set[tuple[str, str]] = set()
    todo = [(canonicalize_name(Requirement(name).name), extra) for name in names for extra in
            ("", *Requirement(name).extras)]
    while todo:
        name, extra = todo.pop()
        if (name, extra) in seen:
            continue
        seen.add((name, extra))
        try:
            requires = distribution(name).requires or []
        except PackageNotFoundError as error:
            raise PinError(f"{name} is not installed here: install requirements.txt to pin Binder's packages") from error
        for text in requires:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": extra}):
                todo += [(canonicalize_name(requirement.name), e) for e in ("", *requirement.extras)]
    return {name for name, _ in seen}


def pinned(named: dict[str, str], book: dict[str, str]) -> list[str]:
    """The pins of everything the ``named`` packages pull in (they themselves excluded), in name order."""
    missing = sorted(pulled_in(list(named.values())) - set(book))
    if missing:
        raise PinError(f"requirements.txt pins no version of {', '.join(missing)}, which Binder would install")
    return [book[name] for name in sorted(pulled_in(list(named.values())) - set(named))]


def repository_requirements(root: Path = ROOT) -> str:
    """.binder/requirements.txt as it should read: its named packages as written, then what they pull in, pinned."""
    text = (root / ".binder" / "requirements.txt").read_text()
    head = text.split(MARKER, 1)[0].rstrip("\n")
    lines = pinned(pins(head), pins((root / "requirements.txt").read_text()))
    return "".join(f"{line}\n" for line in [head, MARKER, *lines])


def site_requirements(root: Path = ROOT) -> str:
    """The site's .binder/requirements.txt, for the reader's copies: without what only the sources need."""
    named = {name: line for name, line in pins((root / ".binder" / "requirements.txt").read_text().split(MARKER)[0]).items()
             if name not in SOURCES_ONLY}
    lines = pinned(named, pins((root / "requirements.txt").read_text()))
    header = ("# Binder, for the reader's notebooks of the book's site: what they need to run in JupyterLab, then what\n"
              "# that pulls in, each pinned as the book was built and tested.  (postBuild installs casino_math.)\n")
    return header + "".join(f"{line}\n" for line in [*named.values(), *lines])


def write_binder(root: Path, out: Path, wheel: Path) -> None:
    """Binder's configuration for the published site: the reader's environment (:func:`site_requirements`), with
    casino_math from the wheel the site serves (the site has no sources to install it from).  jupyterlab-myst is left
    out: on the reader's copies it showed the title's HTML as text, every solution unfolded, its math as LaTeX."""
    binder = out / ".binder"
    binder.mkdir(exist_ok=True)
    (binder / "runtime.txt").write_text((root / ".binder" / "runtime.txt").read_text())
    (binder / "requirements.txt").write_text(site_requirements(root))
    post_build = binder / "postBuild"
    post_build.write_text("#!/bin/bash\n# Binder: install casino_math from the wheel this site serves.\nset -euo pipefail\n"
                          f"python -m pip install --no-deps {wheel.relative_to(out)}\n")
    post_build.chmod(0o755)


def main(argv: list[str]) -> int:
    wanted = repository_requirements()
    if "--check" in argv:
        if BINDER.read_text() != wanted:
            print(".binder/requirements.txt does not pin what its packages pull in; run "
                  "`python book/_ext/reader_binder.py`")
            return 1
        return 0
    BINDER.write_text(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
