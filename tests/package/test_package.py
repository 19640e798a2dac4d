"""casino_math as a package anyone can install: the wheel and sdist, their contents, and a fresh install that works.

Run by ``make package-test`` (part of ``make test``): it builds with ``python -m build``, installs the wheel
into a new virtual environment (pip fetches numpy there), and runs the command line and doctests from it.
"""

import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Nothing a teacher keeps: answer keys, assignment sources, solution notebooks, any notebook at all.
TEACHER_MATERIAL = re.compile(r"(questions|solutions|assignments|answer|/source/|\.ipynb$)", re.IGNORECASE)
# Modules whose doctests the installed wheel must pass (they need no book and no plotting library).
DOCTESTED = ["casino_math.distribution", "casino_math.bets", "casino_math.rules", "casino_math.craps.line",
             "casino_math.baccarat.deal", "casino_math.baccarat.eor", "casino_math.cli"]


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True)
    return out


@pytest.fixture(scope="module")
def fresh(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    env = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
    python = env / "bin" / "python"
    wheel = next(dist.glob("*.whl"))
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
                   check=True, capture_output=True)
    return python


def test_the_build_makes_one_wheel_and_one_sdist(dist: Path) -> None:
    assert sorted(p.suffix for p in dist.iterdir()) == [".gz", ".whl"]


def test_the_wheel_holds_the_library_and_no_teacher_material(dist: Path) -> None:
    names = zipfile.ZipFile(next(dist.glob("*.whl"))).namelist()
    assert "casino_math/cli.py" in names and "casino_math/baccarat/deal.py" in names
    assert [n for n in names if TEACHER_MATERIAL.search(n)] == []


def test_the_sdist_holds_the_library_and_no_teacher_material(dist: Path) -> None:
    with tarfile.open(next(dist.glob("*.tar.gz"))) as sdist:
        names = sdist.getnames()
    assert any(n.endswith("casino_math/cli.py") for n in names)
    assert [n for n in names if TEACHER_MATERIAL.search(n)] == []


def test_the_metadata_is_complete(dist: Path) -> None:
    wheel = zipfile.ZipFile(next(dist.glob("*.whl")))
    metadata = wheel.read(next(n for n in wheel.namelist() if n.endswith("METADATA"))).decode()
    for line in ("Requires-Python: >=3.11", "License: MIT", "Provides-Extra: symbolic", "Provides-Extra: plots",
                 "Provides-Extra: notebook", "Classifier: Programming Language :: Python :: 3.11"):
        assert line in metadata
    assert "# casino_math" in metadata  # the long description is the library's own README


def test_the_installed_command_line_answers(fresh: Path) -> None:
    result = subprocess.run([str(fresh), "-m", "casino_math", "edges", "--game", "craps", "--format", "json"],
                            capture_output=True, text=True, check=True, cwd=fresh.parent)
    report = json.loads(result.stdout)
    assert {row["bet"]: row["house_edge"] for row in report["bets"]}["pass"] == "7/495"   # 1.41%: Oxford's pass line
    script = subprocess.run([str(fresh.parent / "casino-math"), "--help"], capture_output=True, text=True, check=True)
    assert "edges" in script.stdout


def test_the_installed_library_passes_its_doctests(fresh: Path) -> None:
    code = ("import doctest, importlib, sys\n"
            f"failed = sum(doctest.testmod(importlib.import_module(m)).failed for m in {DOCTESTED!r})\n"
            f"failed += doctest.testfile({str(ROOT / 'casino_math' / 'README.md')!r}, module_relative=False).failed\n"
            "print(importlib.import_module('casino_math').__file__)\n"
            "sys.exit(failed)")
    result = subprocess.run([str(fresh), "-c", code], capture_output=True, text=True, cwd=fresh.parent, check=False)
    assert result.returncode == 0, result.stdout[-3000:]
    assert str(fresh.parent.parent) in result.stdout  # the installed copy, not the checkout
