# Burkozel — build, play and test on a fresh Debian machine with nothing installed by hand.
#
#   make play        build site/ and serve it at http://127.0.0.1:$(PORT)/
#   make test        unit tests (tests/) + browser tests (e2e/) in Debian's Chromium,
#                    and a smoke run in Firefox ESR and WebKitGTK
#   make site        (re)build the static site folder site/ (incremental)
#   make bench-start startup benchmark (cold/warm start, bytes, first paint)
#   make bench-lighthouse  Lighthouse scores of the menu, a table in play and the second visit
#   make bench-css   how much of table.css each screen uses, from the menu on
#   make bench-layout  layout shift (CLS) over a boot and whole deals, phone and desktop
#   make bench-bots-browser  bot decision times in Chromium vs CPython, long tasks in play
#   make bench-relay relay events and bytes each page publishes per deal and idle minute (online play)
#   make bench-open  open tables' events a minute per page through a real relay («Найти игру»)
#   make bench-signing  Ed25519 and X25519 in the page's Python worker (open tables' keys), ms
#   make bench       engine throughput and fuzzing; make bench-bots: the bot arena
#   make bench-house throughput with the house rules; make bench-bots-bura5: bura5's arena
#   make bench-regret  the hard bot's regret against many-world move values (no games)
#   make screenshots the README's pictures of the table (docs/*.png)
#
# Every tool the targets need is installed by the targets themselves: a venv
# with pinned test tools (requirements-dev.txt), node_modules from the pinned
# lock file (only the Pyodide/PyScript runtime files go into the site; the
# dev packages drive Firefox and run Lighthouse), and Debian's chromium,
# firefox-esr and WebKitGTK driver packages when they are missing.

SHELL := /bin/bash
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PORT ?= 8000
PYTHON ?= python3
PYTEST_ARGS ?=
# pytest-xdist workers for `make test`, each a whole test file at a time (module fixtures
# stay together), the files marked long_file first (e2e/conftest.py); TEST_WORKERS=0 runs
# the suite in one process.
TEST_WORKERS ?= 2
VENV := .venv
VPY := $(VENV)/bin/python
STAMPS := .stamps
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The engine is imported from the checkout (no install step needed).
export PYTHONPATH := $(CURDIR)$(if $(PYTHONPATH),:$(PYTHONPATH))
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# Everything the site is built from; a change to any of these rebuilds site/.
# (The folders are listed too: their mtime changes when a file is deleted.)
SITE_SOURCES := index.html pyscript.toml manifest.webmanifest sw.js tools/build_site.py tools/prerender.py tools/stdlib_trim.py tools/bytecode.py tools/relay_client.mjs \
	$(shell find web burkozel -not -path '*/__pycache__*' -not -name '*.py[co]' 2>/dev/null)

.PHONY: help play test site venv node chromium firefox webkit bench bench-house bench-bots-bura5 bench-bots bench-bots-two bench-bots-pot bench-bots-hands bench-bots-legal test-hostile bench-bots-browser bench-relay bench-open bench-signing bench-regret bench-start bench-lighthouse bench-css bench-layout screenshots icons clean distclean

help:
	@echo "make play         build the site and serve it at http://127.0.0.1:$(PORT)/"
	@echo "make test         run tests/ and e2e/ (installs venv, node_modules, chromium, firefox-esr, webkit2gtk-driver, site)"
	@echo "make site         build site/ (what GitHub Pages serves)"
	@echo "make bench-start  startup benchmark against the built site"
	@echo "make bench-lighthouse  Lighthouse (mobile and desktop) on the menu, a table in play, the second visit"
	@echo "make bench-css    how much of table.css each screen uses, from the menu on"
	@echo "make bench-layout layout shift (CLS) over a boot and whole deals, at phone and desktop sizes"
	@echo "make bench-bots-browser  bot decision times and long tasks in Chromium"
	@echo "make bench-relay  relay events and bytes per deal and idle minute, each table and way (online play)"
	@echo "make bench-open   open tables' events a minute per page, through a real relay"
	@echo "make bench-signing  open tables' signatures and boxes timed in Pyodide and CPython"
	@echo "make bench        random-play throughput and a fuzzing run of the engine"
	@echo "make bench-bots   the bot arena: duplicate deals for every strength target (slow)"
	@echo "make bench-bots-two  the same for the two-player tables (duel, bura31) and their ceilings"
	@echo "make bench-bots-pot  the same for «Бура на кон» (bura_pot, three seats, chips per deal) and its ceilings"
	@echo "make bench-bots-hands  the arena's hard-hands reference (sees every hand, not the stock)"
	@echo "make bench-bots-legal  every level through thousands of random deals of every format and combination set"
	@echo "make test-hostile  the hostile online guest's test with 10,000 messages (make test sends 2,500)"
	@echo "make bench-house  random-play throughput with each house rule on and at bura5"
	@echo "make bench-bots-bura5  bura5's arena: medium vs easy, hard vs medium, the ceiling"
	@echo "make bench-regret the hard bot's choices against many-world move values (minutes)"
	@echo "make screenshots  redraw the README's pictures (docs/table-*.png)"
	@echo "make icons        redraw web/icons/ from tools/make_icons.py"
	@echo "make clean        remove site/ and build stamps"

# --- tools --------------------------------------------------------------------

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q -r requirements-dev.txt
	@touch $@

node: node_modules/.stamp
# No browser is downloaded: puppeteer-core and Lighthouse use the system's.
node_modules/.stamp: package.json package-lock.json
	PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# BURKOZEL_CHROMIUM may name another Chromium/Chrome binary (e.g. on GitHub's Ubuntu runners).
chromium:
	@if [ -n "$$BURKOZEL_CHROMIUM" ] && [ -x "$$BURKOZEL_CHROMIUM" ]; then :; \
	elif [ ! -x /usr/bin/chromium ]; then \
		echo "Installing Debian's chromium (needed by the browser tests)…"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; \
	fi

# Firefox ESR, driven over WebDriver BiDi by puppeteer-core (e2e/firefox_bridge.mjs);
# BURKOZEL_FIREFOX may name another Firefox binary (Ubuntu has no firefox-esr package).
firefox:
	@if [ -n "$$BURKOZEL_FIREFOX" ] && [ -x "$$BURKOZEL_FIREFOX" ]; then :; \
	elif [ ! -x /usr/bin/firefox-esr ]; then \
		echo "Installing Debian's firefox-esr (needed by the engine smoke tests)…"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y firefox-esr; \
	fi

# WebKitGTK: WebKitWebDriver and its MiniBrowser on an Xvfb display; `locales`
# holds the sources the tests compile the browser's Russian locale from.
webkit:
	@if [ ! -x /usr/bin/WebKitWebDriver ] || ! command -v Xvfb >/dev/null || ! command -v localedef >/dev/null; then \
		echo "Installing Debian's webkit2gtk-driver and xvfb (needed by the engine smoke tests)…"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y webkit2gtk-driver xvfb xauth locales; \
	fi

# --- site ---------------------------------------------------------------------

site: node_modules/.stamp
	@[ -f site/sw.js ] || rm -f $(STAMPS)/site
	@$(MAKE) --no-print-directory -s $(STAMPS)/site

$(STAMPS)/site: $(SITE_SOURCES) node_modules/.stamp
	$(PYTHON) tools/build_site.py
	@mkdir -p $(STAMPS) && touch $@

play: site
	@echo "Буркозёл: http://127.0.0.1:$(PORT)/  (Ctrl+C to stop)"
	$(PYTHON) e2e/serve.py --port $(PORT) --quiet

# --- tests and benchmarks -----------------------------------------------------

test: venv node chromium firefox webkit site
	$(VPY) -m pytest --durations=30 -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS) $(wildcard tests) e2e

bench-start: venv chromium site
	$(VPY) bench/startup.py

# Lighthouse 12.2.3 (pinned in package.json) in Debian's headless Chromium; LIGHTHOUSE_ARGS adds e.g. --runs 3.
bench-lighthouse: venv node chromium site
	$(VPY) bench/lighthouse.py $(LIGHTHOUSE_ARGS)

bench-css: venv chromium site
	$(VPY) bench/css_coverage.py

bench-layout: venv chromium site
	nice $(VPY) bench/layout_shift.py

bench-bots-browser: venv chromium site
	$(VPY) bench/bot_speed.py

# Online play through the e2e tests' fake relay (nothing leaves the machine); RELAY_ARGS adds
# e.g. --tables duel --ways relay --idle 30, or --site DIR to measure another build.
bench-relay: venv chromium site
	nice $(VPY) bench/relay_events.py $(RELAY_ARGS)

bench-open: venv chromium site
	nice $(VPY) bench/open_tables.py $(OPEN_ARGS)

bench-signing: venv chromium site
	nice $(VPY) bench/signing_speed.py

bench:
	$(PYTHON) -m burkozel bench
	$(PYTHON) bench/fuzz_engine.py --rounds 5000

# The bots' strength targets (bench/README.md), each a duplicate-deal arena; the
# hard runs take tens of minutes on two cores. ARENA_ARGS adds e.g. --iterations 450 (the table's count).
# hard-cheat's one world is the true position, so every rollout of a move is the same: 40 are plenty.
# hard-hands sees every hand but not the stock's order (the most inference could give): bench-bots-hands;
# there too hard-bayes, fair but knowing the other seat plays medium (the exact posterior of its hand).
ARENA := $(PYTHON) -m burkozel arena --workers 2 $(ARENA_ARGS)
bench-bots:
	$(ARENA) --format pairs --seats medium,easy,medium,easy --deals 2000 --seed 1
	$(ARENA) --format pairs --seats hard,medium,hard,medium --deals 2000 --seed 9
	$(ARENA) --format four --seats hard,medium,medium,medium --deals 300 --seed 3
	$(ARENA) --format three --seats hard,medium,medium --deals 150 --seed 10
	$(ARENA) --format three --seats hard,medium,medium --deals 150 --seed 11
	$(ARENA) --format pairs --seats hard-cheat,medium,hard-cheat,medium --deals 2000 --seed 9 --iterations 40
	$(ARENA) --format four --seats hard-cheat,medium,medium,medium --deals 300 --seed 3 --iterations 40
	$(ARENA) --format three --seats hard-cheat,medium,medium --deals 150 --seed 10 --iterations 40
	$(ARENA) --format three --seats hard-cheat,medium,medium --deals 150 --seed 11 --iterations 40

# The two-player tables: medium vs easy, hard vs medium at the table's count (450 rollouts;
# in bura31 450 tree iterations), and the ceiling: the same search on the true position (hard-cheat).
# Every deal is played twice, the hands swapped.
bench-bots-two:
	$(ARENA) --format duel --seats medium,easy --deals 2000 --seed 1
	$(ARENA) --format bura31 --seats medium,easy --deals 2000 --seed 1
	$(ARENA) --format duel --seats hard-cheat,medium --deals 500 --seed 9 --iterations 40
	$(ARENA) --format bura31 --seats hard-cheat,medium --deals 500 --seed 9 --iterations 40
	$(ARENA) --format duel --seats hard,medium --deals 2000 --seed 9 --iterations 450
	$(ARENA) --format bura31 --seats hard,medium --deals 2000 --seed 9 --iterations 450

# «Бура на кон» with three seats (every deal in its 6 seatings), chips won per deal: medium vs
# two easy, the betting medium vs two that never raise and always accept («даве» on), hard vs
# two medium; each beside its ceiling (hard-cheat: the search on the true position).  The hard
# runs are slow (hours at 2,000 deals): bench/README.md has the figures at fewer deals.
bench-bots-pot:
	$(ARENA) --format bura_pot --seats medium,easy,easy --deals 2000 --seed 1
	$(ARENA) --format bura_pot --seats medium,medium-nobet,medium-nobet --deals 2000 --seed 1 --dave
	$(ARENA) --format bura_pot --seats hard-cheat,easy,easy --deals 2000 --seed 1 --iterations 100
	$(ARENA) --format bura_pot --seats hard-cheat,medium-nobet,medium-nobet --deals 2000 --seed 1 --iterations 100 --dave
	$(ARENA) --format bura_pot --seats hard-cheat,medium,medium --deals 2000 --seed 1 --iterations 100
	$(ARENA) --format bura_pot --seats hard,medium,medium --deals 2000 --seed 1 --iterations 450

# Every level through thousands of random deals of every format and combination set,
# every move checked by the engine (~10 min): the large count of tests/test_bots.py's legal-play test.
bench-bots-legal:
	$(PYTHON) bench/bot_legality.py --workers 2 --house-deals 100

test-hostile: venv
	BURKOZEL_HOSTILE_MESSAGES=10000 $(VPY) -m pytest -q -s -p no:cacheprovider \
		tests/test_online_wire.py -k test_a_hostile_guest_changes_the_match_only_by_legal_moves_of_its_own_seat

# The house rules (RULES-house.md): random-play throughput with each switch on and at bura5
# (BENCH_ARGS="--cpu" on a loaded machine), and bura5's arena: medium vs easy, hard vs medium at
# 450 rollouts, the ceiling (hard-cheat).
bench-house:
	$(PYTHON) -m burkozel bench --formats bura5 $(BENCH_ARGS)
	$(PYTHON) -m burkozel bench --formats bura5 --house '{"spades": false, "six": "no_tricks"}' $(BENCH_ARGS)
	$(PYTHON) -m burkozel bench --formats four,three --house '{"elimination": true, "six": "no_tricks"}' $(BENCH_ARGS)
	$(PYTHON) -m burkozel bench --formats bura31,bura_pot --house '{"redeal": true, "both_bura": "top"}' --combos moscow_lead,small_moscow,molodka $(BENCH_ARGS)
	$(PYTHON) -m burkozel bench --formats bura31,bura_pot --house '{"no_trump": true}' --combos molodka $(BENCH_ARGS)
	$(PYTHON) -m burkozel bench --formats bura31 --house '{"open": [0], "open_four": true, "handicap": 5}' $(BENCH_ARGS)
	$(PYTHON) -m burkozel bench --formats bura31,bura5 --house '{"match": "robber11", "next_dealer": "winner"}' $(BENCH_ARGS)

bench-bots-bura5:
	$(ARENA) --format bura5 --seats medium,easy --deals 2000 --seed 1
	$(ARENA) --format bura5 --seats hard-cheat,medium --deals 500 --seed 9 --iterations 40
	$(ARENA) --format bura5 --seats hard,medium --deals 2000 --seed 9 --iterations 450

bench-bots-hands:
	$(ARENA) --format four --seats hard-hands,medium,medium,medium --deals 300 --seed 3 --iterations 450
	$(ARENA) --format three --seats hard-hands,medium,medium --deals 150 --seed 10 --iterations 450
	$(ARENA) --format pairs --seats hard-hands,medium,hard-hands,medium --deals 400 --seed 9 --iterations 450
	$(ARENA) --format bura31 --seats hard-hands,medium --deals 300 --seed 71 --iterations 450
	$(ARENA) --format bura31 --seats hard-bayes,medium --deals 300 --seed 71 --iterations 450

# The move values are kept in .stamps/ (~6 min a format to compute, then seconds):
# REGRET_ARGS="--set EXTRA_DISCARDS=0" compares a setting on the same values.
bench-regret: venv
	@mkdir -p $(STAMPS)
	$(VPY) research/bot_regret.py --format pairs --cache $(STAMPS)/regret-pairs.pkl $(REGRET_ARGS)
	$(VPY) research/bot_regret.py --format four --cache $(STAMPS)/regret-four.pkl $(REGRET_ARGS)

screenshots: venv chromium site
	$(VPY) e2e/screenshots.py

icons:
	$(PYTHON) tools/make_icons.py

clean:
	rm -rf site $(STAMPS)

distclean: clean
	rm -rf $(VENV) node_modules
