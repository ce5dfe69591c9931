# minigrad: two commands do everything.
#
#   make lab    set up, then start JupyterLab on the lessons in notebooks/
#               (make lab LANG_COURSE=zh: the Chinese course in notebooks/zh/)
#   make test   set up, then run the linter and every test (notebooks included)
#
#   make book   build the course website (both languages) into _build/book/, from the
#               stored notebooks; open _build/book/index.html, no server or network needed
#
# Other targets: make lint, make bench, make clean, make distclean.
#   make classroom        the course's JupyterHub on http://127.0.0.1:8765, for trying only
#   make classroom-check  a class of 30 students on this machine, each their own Unix
#                         user (as root; CLASSROOM_STUDENTS=30)
# Options: make test BROWSER_TESTS=0 skips the real-browser tests (no Chromium needed);
#          make lab LAB_ARGS="--no-browser --port 8899" passes options to JupyterLab.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BROWSER_TESTS ?= 1
LAB_ARGS ?=
# en: the English course in notebooks/; zh: the Chinese one (中文版) in notebooks/zh/
LANG_COURSE ?= en
# JupyterLab opens on the lessons (on the repository until notebooks/ exists).
ifeq ($(LANG_COURSE),zh)
LAB_DIR := notebooks/zh
# JupyterLab's own menus in Chinese too (the language pack comes with the lab extra)
LAB_SETTINGS := JUPYTERLAB_SETTINGS_DIR=$(CURDIR)/lab/settings-zh
else ifeq ($(LANG_COURSE),en)
LAB_DIR := $(if $(wildcard notebooks),notebooks,.)
else
$(error LANG_COURSE must be en or zh, not $(LANG_COURSE))
endif

# A learner's JupyterLab: no news pop-up, and none of nbgrader's teacher tools (lab/config)
LAB_CONFIG := JUPYTER_CONFIG_PATH=$(CURDIR)/lab/config

# The stamps remember which extras are installed; they are redone when pyproject.toml changes.
LAB_STAMP := $(VENV)/.installed-lab
TEST_STAMP := $(VENV)/.installed-test
BOOK_STAMP := $(VENV)/.installed-book
# npm ci brings the JavaScript the website serves itself (MathJax), pinned by package-lock.json
NPM_STAMP := node_modules/.package-lock.json

ifeq ($(shell id -u),0)
ROOT_FLAG := --allow-root
endif

ifeq ($(BROWSER_TESTS),0)
TEST_SYSTEM_DEPS := graphviz cjk-font
PYTEST_BROWSER_ARGS := -m "not browser"
else
TEST_SYSTEM_DEPS := graphviz cjk-font chromium
PYTEST_BROWSER_ARGS :=
endif

NBVAL_ARGS := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

.PHONY: help lab test book lint bench clean distclean system-deps-test system-deps-book classroom classroom-check

help:
	@echo "make lab    set up .venv and start JupyterLab on notebooks/ (LANG_COURSE=zh: notebooks/zh/)"
	@echo "make test   set up .venv, run ruff, the layers check and all tests (BROWSER_TESTS=0 skips browser tests)"
	@echo "make book   build the course website into _build/book/ (open its index.html)"
	@echo "make lint   run ruff"
	@echo "make classroom        start the course's JupyterHub on 127.0.0.1 (for trying only)"
	@echo "make classroom-check  play a class of CLASSROOM_STUDENTS (30) students, as root"
	@echo "make bench  run the benchmarks"
	@echo "make clean  remove caches and build files (distclean also removes .venv)"

# --- set-up -----------------------------------------------------------------

$(BIN)/python:
	@# Debian's python3 needs the python3-venv package for this.
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV) \
		&& scripts/ensure_system_deps.sh python-venv && $(PYTHON) -m venv $(VENV); }

$(LAB_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[lab]'
	touch $@

$(TEST_STAMP): pyproject.toml classroom/package-lock.json | $(BIN)/python
	$(BIN)/python -m pip install -e '.[test,lab,book,classroom]'
	scripts/ensure_system_deps.sh node
	cd classroom && npm ci --no-audit --no-fund
	touch $@ $(LAB_STAMP) $(BOOK_STAMP) $(CLASSROOM_STAMP)

$(BOOK_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -e '.[book]'
	touch $@

$(NPM_STAMP): package.json package-lock.json
	scripts/ensure_system_deps.sh npm
	npm ci --no-audit --no-fund
	touch $@

system-deps-test:
	scripts/ensure_system_deps.sh $(TEST_SYSTEM_DEPS)

# --- the two main commands ---------------------------------------------------

# No system package: without graphviz's `dot`, figures are drawn by the pip package
# graphviz-pure (or in the browser). The tests compare both, so they want `dot`.
lab: $(LAB_STAMP)
ifeq ($(LANG_COURSE),zh)
	@# Chinese labels in the figures need a CJK font; without one, say how to get it and go on.
	scripts/ensure_system_deps.sh cjk-font || true
endif
	MINIGRAD_LANG=$(LANG_COURSE) $(LAB_SETTINGS) $(LAB_CONFIG) $(BIN)/jupyter lab --notebook-dir=$(LAB_DIR) $(ROOT_FLAG) $(LAB_ARGS)

test: system-deps-test $(TEST_STAMP) $(NPM_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	@# the course website, built as `make book` does; tests/book/ checks this build
	$(BIN)/python book/build.py
	MINIGRAD_BOOK_DIR=_build/book $(BIN)/python -m pytest $(PYTEST_BROWSER_ARGS)
	@if ls notebooks/*.ipynb >/dev/null 2>&1; then \
		echo "Running the notebooks with nbval"; \
		status=0; $(BIN)/python -m pytest $(NBVAL_ARGS) notebooks/ || status=$$?; \
		if [ $$status -eq 5 ]; then echo "nbval collected no cells"; \
		elif [ $$status -ne 0 ]; then exit $$status; fi; \
	else \
		echo "No notebooks/*.ipynb yet: skipping nbval"; \
	fi

# --- the course website --------------------------------------------------------

book: $(BOOK_STAMP) $(NPM_STAMP)
	$(BIN)/python book/build.py

# --- a class on JupyterHub (classroom/) ---------------------------------------

# The hub, nbgrader and nbgitpuller from the classroom extra; the proxy from npm.
CLASSROOM_STAMP := $(VENV)/.installed-classroom
CLASSROOM_STUDENTS ?= 30

$(CLASSROOM_STAMP): pyproject.toml classroom/package-lock.json | $(BIN)/python
	$(BIN)/python -m pip install -e '.[lab,classroom]'
	scripts/ensure_system_deps.sh node
	cd classroom && npm ci --no-audit --no-fund
	touch $@

# FOR TRYING ONLY: any name logs in, every server runs as you. Ctrl+C stops it.
classroom: $(CLASSROOM_STAMP)
	$(BIN)/python classroom/serve.py

# The class as it is set up for real (each student a Unix user of their own): as root.
classroom-check: $(CLASSROOM_STAMP)
	$(BIN)/python classroom/class_check.py --students $(CLASSROOM_STUDENTS)

# --- other targets -----------------------------------------------------------

lint: $(TEST_STAMP)
	$(BIN)/ruff check .

# The peers (MyGrad, HIPS autograd, micrograd) come from the bench extra.
BENCH_STAMP := $(VENV)/.installed-bench

$(BENCH_STAMP): pyproject.toml $(TEST_STAMP)
	$(BIN)/python -m pip install -e '.[test,bench]'
	touch $@

bench: $(BENCH_STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf build dist _build *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -print -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules
