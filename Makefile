# CareKit for Swift on Linux.
#   make run    builds and starts the ZombieKit demo care app at http://127.0.0.1:8080/
#   make test   runs every test: Swift tests, browser tests in Chromium, a benchmark smoke run
SWIFT ?= swift
PORT ?= 8080
STORE ?= $(HOME)/.local/share/CareKit/zombiekit-demo.sqlite

.PHONY: deps test-deps build run test test-steps check-generated check-translations lint lint-assets format swift-tests browser-tests interop-tests bench bench-quick clean

deps:
	scripts/install-deps

test-deps:
	scripts/install-deps --test

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run carekit serve --demo --port $(PORT) --store "$(STORE)"

# Files written by a generator must be what the generator writes today: the store's protocol
# lattice, and the module graph in docs/ARCHITECTURE.md (from Package.swift).
check-generated:
	python3 scripts/dev/gen-store-protocols.py --check
	python3 scripts/dev/gen-module-graph.py --check

# The translations are gettext files (Sources/*/Resources/Localization): GNU gettext's own
# checker reads each catalog (its header, its plural forms and, for texts flagged
# python-brace-format, the {placeholders} against the English) and each template; any
# complaint, warnings included, fails the step. Which texts exist is TranslationTableTests' job.
check-translations: test-deps
	@for file in Sources/*/Resources/Localization/*.po Sources/*/Resources/Localization/*.pot; do \
	  case "$$file" in *.pot) checks=--check-format ;; *) checks=--check ;; esac; \
	  complaints=$$(msgfmt $$checks --output-file=/dev/null "$$file" 2>&1) && [ -z "$$complaints" ] \
	    || { echo "$$file:"; echo "$$complaints"; exit 1; }; \
	done

# The toolchain's formatter, with the repository's .swift-format: `make format` rewrites,
# `make lint` (part of `make test`) fails on any difference.
SOURCES = Sources Tests Examples Benchmarks Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SOURCES)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(SOURCES)

# The JavaScript and CSS the apps serve (the targets' Resources/ folders): ESLint with
# .eslintrc.json, esbuild's and tinycss2's CSS parsers; any finding fails (scripts/lint-assets).
lint-assets: test-deps
	scripts/lint-assets

# One test at a time: tests that open thousands of sockets and tests that start processes
# crashed Foundation's Process.run when they ran together, and lock-racing tests timed out
# on two busy cores. Each test still runs its own concurrency (threads, processes) in full.
swift-tests: test-deps
	$(SWIFT) build --build-tests
	@# A test that hangs fails the run after 20 minutes instead of stalling CI; output is
	@# line-buffered so the log shows the test that was running, and no test reads our input.
	@# scripts/with-postgres gives the tests a throwaway PostgreSQL; the sync server's and the
	@# care team dashboard's suites run a second time on it (CAREKIT_SYNC_STORAGE=postgres) and
	@# must pass the same.
	@# scripts/swift-test-run names the test that was running when a run fails, and runs a
	@# process that crashed once more (see the script).
	SWIFT="$(SWIFT)" timeout --kill-after=30 1200 scripts/with-postgres sh -c 'scripts/swift-test-run --skip-build --no-parallel \
	  && CAREKIT_SYNC_STORAGE=postgres scripts/swift-test-run --skip-build --no-parallel --filter "CareKitSyncServerTests|CareKitTeamTests"' </dev/null \
	  || { status=$$?; [ $$status -eq 124 ] && echo "swift-tests: still running after 20 minutes; the last test started above hangs" >&2; exit $$status; }

browser-tests: test-deps
	$(SWIFT) build
	CAREKIT_BIN="$$($(SWIFT) build --show-bin-path)/carekit" scripts/browser-tests

# Files the project writes, read by independent implementations (Python packages from PyPI).
interop-tests: test-deps
	$(SWIFT) build
	CAREKIT_BIN="$$($(SWIFT) build --show-bin-path)/carekit" scripts/interop-tests

# A benchmark smoke run (small sizes, debug build): it must run and delete only what it
# created (part 9 its own database on a throwaway PostgreSQL); its timings mean nothing.
bench-quick: test-deps
	$(SWIFT) build
	scripts/with-postgres scripts/bench-smoke "$$($(SWIFT) build --show-bin-path)/carekit-bench"

# Every test removes what it makes: the steps run with a temporary directory of their own,
# and anything left in it fails the run (scripts/leaves-tmp-clean).
test:
	scripts/leaves-tmp-clean $(MAKE) test-steps

test-steps: check-generated check-translations lint lint-assets swift-tests browser-tests interop-tests bench-quick

# The full benchmark, in release mode (several minutes); part 7 needs wrk, part 9 a
# PostgreSQL (scripts/with-postgres starts a throwaway one).
bench: test-deps
	$(SWIFT) build -c release
	scripts/with-postgres "$$($(SWIFT) build -c release --show-bin-path)/carekit-bench"

clean:
	rm -rf .build .venv-browser .venv-interop .venv-interop-r4
