# Rookery: `make run` serves the demo night, `make test` checks everything.
SHELL := /bin/bash
.DEFAULT_GOAL := help

VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: help venv dev-venv prepare run night dev test lint fmt check pytest e2e bench loadtest loadtest-scale clean

help:
	@echo "make run    install, migrate, load the demo night and serve it on http://$(HOST):$(PORT)"
	@echo "make night  the same, served to every phone in the room (prints the address and a sign-in QR)"
	@echo "make test   lint, Django checks and the whole test suite (browser tests need chromium)"
	@echo "make bench  print the benchmark figures"
	@echo "make loadtest  play a 30-table night against the server and check nothing was lost"
	@echo "make loadtest-scale  ten such nights at once on PostgreSQL, two servers behind Caddy"
	@echo "make dev    like run, but Django's autoreloading development server with DEBUG on"

# The virtualenv, made with the first Python 3.12+ found; stamps re-install
# only when a requirements file changes.
$(PY):
	@py=$$(scripts/find_python.sh) || exit 1; \
	echo "Creating $(VENV) with $$py ($$($$py --version))"; \
	"$$py" -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.runtime: $(PY) requirements.txt
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

$(VENV)/.dev: $(VENV)/.runtime requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

venv: $(VENV)/.runtime
dev-venv: $(VENV)/.dev

# A secret key of this checkout's own, made once and never committed.
.rookery-secret:
	@umask 077; $$(scripts/find_python.sh) -c 'import secrets; print(secrets.token_urlsafe(50))' > $@

prepare: venv .rookery-secret
	@export DJANGO_SECRET_KEY=$$(cat .rookery-secret); \
	$(PY) manage.py migrate --noinput && \
	$(PY) manage.py ensure_host && \
	$(PY) manage.py load_demo && \
	$(PY) manage.py collectstatic --noinput --verbosity 0

# The demo on this computer only (loopback).
run: prepare
	@export DJANGO_SECRET_KEY=$$(cat .rookery-secret); \
	exec $(PY) -m tourney.server.serve --host $(HOST) --port $(PORT)

# A game night: every phone on the room's network can reach it.
night: prepare
	@export DJANGO_SECRET_KEY=$$(cat .rookery-secret); \
	exec $(PY) -m tourney.server.serve --room --port $(PORT)

# Django's autoreloading server, with the task queue's worker beside it (as serve.py
# starts one) so a long seating plan still finishes.
dev: prepare
	@export DJANGO_DEBUG=1; \
	$(PY) manage.py db_worker --interval 0.5 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver $(HOST):$(PORT)

lint: dev-venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

fmt: dev-venv
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

check: dev-venv
	DJANGO_SETTINGS_MODULE=tests.settings $(PY) manage.py check
	DJANGO_SETTINGS_MODULE=tests.settings $(PY) manage.py makemigrations --check --dry-run

pytest: dev-venv
	$(VENV)/bin/pytest $(PYTEST_ARGS)

test: lint check pytest

e2e: dev-venv
	$(VENV)/bin/pytest -m e2e $(PYTEST_ARGS)

bench: dev-venv
	@for script in bench/seating.py bench/seating_grid.py bench/sheet.py bench/page_weight.py bench/poll_bytes.py bench/imports.py bench/rules.py bench/ratings.py; do \
		echo "== $$script"; $(PY) $$script || exit 1; echo; done

# A 30-table night against the real server on loopback (not part of `make test`).
# LOADTEST_DB=postgres uses DATABASE_URL; LOADTEST_ARGS adds options, e.g.
# LOADTEST_ARGS="--nights 10 --servers 2" (ten nights at once, two servers behind Caddy).
# `make loadtest-scale` is that, on PostgreSQL. VIEWERS=500 adds phones on the live
# standings page.
loadtest: dev-venv
	$(PY) bench/loadtest.py --db $(or $(LOADTEST_DB),sqlite) $(if $(VIEWERS),--viewers $(VIEWERS)) $(LOADTEST_ARGS)

loadtest-scale: dev-venv
	$(PY) bench/loadtest.py --db postgres --nights 10 --servers 2 $(if $(VIEWERS),--viewers $(VIEWERS)) $(LOADTEST_ARGS)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
