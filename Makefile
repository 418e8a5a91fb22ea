# Two commands do all set-up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DB     ?= sqlite:///muertos.db
# The tests' worker processes: `make test JOBS=4` on a bigger machine.
JOBS   ?= 2

# Python writes and reuses its bytecode: a machine that says PYTHONDONTWRITEBYTECODE would make
# every test process (two workers, the servers and subprocesses the tests start) compile the
# project again, and pytest rewrite every test module again, each time. The install compiles
# nothing (--no-compile): a module is compiled once, when something first imports it, instead
# of every file of torch, ray and the rest (a fresh install took 71 s instead of 229 s here).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run play test lint typecheck unit bench bench-speed bench-strength install clean

# The compiled kernels (pyproject.toml's [tool.muertos] kernels) are rebuilt when one changes.
KERNELS := $(shell sed -n '/^kernels = \[/,/^\]/s/^ *"\(.*\)",*$$/\1/p' pyproject.toml)

$(STAMP): pyproject.toml setup.py $(KERNELS)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[dev,web,sim,cluster,rl,train]'
	@touch $(STAMP)

install: $(STAMP)

## The main job: the web table at http://127.0.0.1:8000 on an embedded SQLite database.
run: $(STAMP)
	$(BIN)/muertos serve --db $(DB)

## A terminal game of Ofrenda against a bot.
play: $(STAMP)
	$(BIN)/muertos play ofrenda --players 2 --seats human,greedy

## Everything CI checks: lint, then types beside every test (mypy takes one core while the
## tests wait on the browser; the two print as they go).
test: lint
	$(MAKE) --no-print-directory -j2 typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples setup.py conftest.py
	$(BIN)/ruff format --check src tests benchmarks examples setup.py conftest.py

typecheck: $(STAMP)
	$(BIN)/mypy

# --dist worksteal: each worker starts on a contiguous half of the tests and an idle worker takes
# tests from a busy one at the end, so both end together (the default left one idle for 45 s).
# Measured here, one run after the other: 480 s instead of 568 s, 637 s of CPU instead of 727 s.
unit: $(STAMP)
	$(BIN)/pytest -n $(JOBS) --dist worksteal src tests

bench: bench-speed bench-strength bench-sim

bench-speed: $(STAMP)
	$(BIN)/python benchmarks/speed.py

bench-strength: $(STAMP)
	$(BIN)/python benchmarks/strength.py --sample 0.25  # the full samples of issue 24 take hours: drop --sample

bench-sim: $(STAMP)
	$(BIN)/python benchmarks/sim_scaling.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
