# The House Edge: build the book, run every check, refresh notebook outputs, time the library.
#   make book       build the site into _build/html/
#   make test       ruff, mypy, unit tests, doctests, nbval on every chapter, a strict book build, the site in a browser,
#                   the reader's notebooks in JupyterLab, the PDF
#   make pdf        build the whole book as one PDF: _build/latex/the-house-edge.pdf
#   make notebooks  re-execute every chapter notebook and save its outputs, regenerate the assignments
#   make bench      print timings (medians over repeated runs)
#   make clean      remove builds and the virtual environment

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The chapters; the assignments under book/assignments/ are generated (python -m casino_math.classroom build
# --course book/assignments).
NOTEBOOKS := $(shell find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' -not -path '*/_build/*' -not -path 'book/assignments/*')

.PHONY: book pdf pdf-test pdf-deps test lint typecheck unit package-test nbval strict-book site-test lab-test site-deps notebooks bench clean

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build .
	@echo "The book is built: open $(CURDIR)/_build/html/index.html"

test: lint typecheck unit package-test nbval strict-book site-test lab-test pdf-test
	@echo "All checks passed."

# The unit tests and nbval run on every core (pytest-xdist; nbval keeps each notebook's cells together on one
# worker).  The site test runs on one: Chromium keeps both cores of a 2-core machine busy, and two browsers side by
# side were slower there than one.
PARALLEL := -n auto

unit: $(STAMP) site-deps
	$(BIN)/python -m pytest $(PARALLEL) casino_math tests --ignore=tests/browser --ignore=tests/package --ignore=tests/pdf \
	  --ignore=tests/jupyterlab

# casino_math as a package: python -m build makes the wheel and sdist, a fresh virtual environment installs the
# wheel (pip fetches numpy there), and its command line and doctests are run from it.
package-test: $(STAMP)
	$(BIN)/python -m pytest tests/package

nbval: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL) --dist loadscope --nbval --nbval-current-env book

# The tests build the site and the PDF from the chapters' saved outputs, which nbval has just re-run in fresh kernels
# and compared (an error, a changed number or a changed table fails it), so the chapters execute once per test run.
# (`make book` and `make pdf` execute afresh, as _config.yml says.)
TEST_CONFIG := _config.test.yml

$(TEST_CONFIG): _config.yml
	sed -e 's|^\(  execute_notebooks:\) force.*|\1 "off"   # nbval checks the saved outputs|' $< > $@
	grep -q 'execute_notebooks: "off"' $@

strict-book: $(STAMP) site-deps $(TEST_CONFIG)
	$(BIN)/jupyter-book build . --all -W -n --keep-going --config $(TEST_CONFIG)

# The built site, served on 127.0.0.1 and read by headless Chromium: every page of the table of contents loads
# offline with no console errors, math typeset, widgets rendered, links resolved, alt text, no serious axe-core
# violations.  Screenshots go to _build/screenshots/.
site-test: strict-book
	$(BIN)/python -m pytest tests/browser

# The reader's notebooks the site serves (_build/html/notebooks/, written by book/_ext/reader_notebooks.py) as a
# student runs them: one headless JupyterLab and one Chromium open each in turn and run all its cells; no error, every
# widget drawn and answering a moved control, every chart drawn, no MyST left raw, the tab alive.  The kernel is a
# reader's Python, not the one that saved the notebooks: Debian's python3 in a virtual environment the test makes
# once (_build/reader-python/, about a minute; pip fetches its pinned packages) with the site's wheel; opening a
# notebook there may change only its Python version.  Screenshots and each notebook's time go to
# _build/screenshots/jupyterlab/.
lab-test: strict-book
	$(BIN)/python -m pytest tests/jupyterlab

# npm fetches the site's pinned JavaScript (book/_ext/offline_assets.py); Debian's Chromium runs the site tests;
# bubblewrap is the grader's sandbox (casino_math/classroom), which the unit tests exercise.
site-deps:
	@command -v npm >/dev/null && command -v chromium >/dev/null && command -v bwrap >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && apt-get install -y -qq chromium bubblewrap $$(command -v npm >/dev/null || echo npm); \
	  else \
	    echo "The tests need npm, Debian's chromium and bubblewrap: sudo apt-get install chromium npm bubblewrap"; exit 1; \
	  fi; }

# The PDF edition, with LaTeX from Debian's packages (xelatex; poppler-utils for the PDF test).  Build it before
# `make book` and the site serves it and links it from every page's footer.
PDF_PACKAGES := latexmk texlive-latex-recommended texlive-fonts-recommended texlive-latex-extra texlive-xetex \
                tex-gyre fonts-freefont-otf poppler-utils

pdf: $(STAMP) pdf-deps
	$(BIN)/jupyter-book build . --builder pdflatex
	@echo "The PDF is built: $(CURDIR)/_build/latex/the-house-edge.pdf"

# The PDF's text and pages: chapter titles, no widget repr, no unresolved reference; pages to _build/pdf-pages/.
pdf-test: strict-book pdf-deps
	$(BIN)/jupyter-book build . --builder pdflatex --config $(TEST_CONFIG)
	$(BIN)/python -m pytest tests/pdf

pdf-deps:
	@command -v xelatex >/dev/null && command -v latexmk >/dev/null && command -v pdftotext >/dev/null \
	  && fc-list | grep -q FreeSerif && kpsewhich tabulary.sty >/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(PDF_PACKAGES); \
	  else \
	    echo "The PDF needs Debian's LaTeX: sudo apt-get install --no-install-recommends $(PDF_PACKAGES)"; exit 1; \
	  fi; }

notebooks: $(STAMP)
	$(BIN)/python book/_ext/colab.py
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.timeout=600 $(NOTEBOOKS)
	$(BIN)/python book/_ext/saved_notebooks.py
	$(BIN)/python -m casino_math.classroom build --course book/assignments

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

lint: $(STAMP)
	$(BIN)/ruff check casino_math tests benchmarks book/_ext

# mypy's settings (strict on casino_math, the tests and the benchmarks) are in pyproject.toml.  The JupyterLab tests
# have a conftest of their own, so a second run checks them, given by name (pyproject's exclude hides their folder).
typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy $(wildcard tests/jupyterlab/*.py)

clean:
	rm -rf _build $(VENV) *.egg-info $(TEST_CONFIG)
