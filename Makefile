# The two commands of the README: `make run` and `make test`.
# Each bootstraps .venv (and, as the project grows, the browser bundle) by itself.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
ARGS ?= games

.PHONY: run test lint venv bundle

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@

run: $(STAMP)
	$(BIN)/kifu $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The browser bundle in pyodide/dist/: Pyodide from npm, the core wheel, msgspec's
# wasm wheel and the lock file (incremental: ~0.1 s when nothing changed).
bundle: $(STAMP)
	$(BIN)/python pyodide/build.py

test: lint bundle
	$(BIN)/pytest -n 2
