# The House Edge: build the book, run every check, refresh notebook outputs, time the library.
#   make book       build the site into _build/html/
#   make test       unit tests, doctests, nbval on every chapter, and a strict book build
#   make notebooks  re-execute every chapter notebook and save its outputs (after changing casino_math)
#   make bench      print timings (medians over repeated runs)
#   make clean      remove builds and the virtual environment

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NOTEBOOKS := $(shell find book -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' -not -path '*/_build/*')

.PHONY: book test unit nbval strict-book notebooks bench lint clean

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build .
	@echo "The book is built: open $(CURDIR)/_build/html/index.html"

test: unit nbval strict-book
	@echo "All checks passed."

unit: $(STAMP)
	$(BIN)/python -m pytest casino_math tests

nbval: $(STAMP)
	$(BIN)/python -m pytest --nbval --nbval-current-env book

strict-book: $(STAMP)
	$(BIN)/jupyter-book build . -W -n --keep-going

notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.timeout=600 $(NOTEBOOKS)

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

lint: $(STAMP)
	$(BIN)/ruff check casino_math tests benchmarks

clean:
	rm -rf _build $(VENV) *.egg-info
