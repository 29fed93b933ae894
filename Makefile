# The two commands of the README: `make run` and `make test`.
# Each bootstraps what it needs by itself: .venv (pip), the browser bundle
# (npm + PyPI), the PWA build (npm) and, for the tests, Debian's Chromium.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
ARGS ?= serve

.PHONY: run test lint venv bundle web chromium bench-browser bench-phone

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@

# `make run` serves the PWA and the API on http://127.0.0.1:8000 (SQLite under data/);
# `make run ARGS="games"` runs any other kifu subcommand.
run: $(STAMP) web
	$(BIN)/kifu $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The browser bundle in pyodide/dist/: Pyodide from npm, the core wheel, msgspec's
# wasm wheel and the lock file (incremental: ~0.1 s when nothing changed).
bundle: $(STAMP)
	$(BIN)/python pyodide/build.py

# The PWA in web/dist/; it precaches pyodide/dist/ and web/engine/, so it builds after them.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web: bundle web/node_modules/.package-lock.json
	cd web && npm run build

# The PWA's JavaScript checks: eslint, tsc (JSDoc types) and the vitest unit tests (web/README.md).
.PHONY: check-web
check-web: web/node_modules/.package-lock.json
	cd web && npm run check

# Browser tests drive Debian's Chromium (Playwright cannot download its own here);
# the IPA font lets screenshots of the Japanese UI show real glyphs.
chromium:
	@test -x /usr/bin/chromium -a -d /usr/share/fonts/opentype/ipafont-gothic || \
	  (apt-get update -qq && apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null)

# Two pytest runs on two workers (this machine's two cores): one run of both parts
# measured slower (27.5 min against ~22) and cannot work as it stands, since the
# browser tests' session-wide Playwright (sync API) leaves an event loop running in the
# worker that tests/pyodide's own Playwright and tests/server's asyncio.run then meet.
test: lint check-web bundle web chromium
	$(BIN)/pytest -n 2
	$(BIN)/pytest e2e -n 2

# Not part of the suite: the browser benchmark (engine boot, replay, bytes on first visit).
bench-browser: bundle chromium
	$(BIN)/python bench/bench_browser.py

# Not part of the suite: a phone's start (9/1.5 Mbit/s, 150 ms, a quarter of the CPU)
# through a shaping relay, every byte counted (bench/bench_phone.py; root, for the cgroup).
bench-phone: web chromium
	$(BIN)/python bench/bench_phone.py
