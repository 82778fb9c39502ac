# The README's two commands: `make run` and `make test`. Both install missing Debian
# packages first (scripts/setup.sh, a no-op when everything is present).
SWIFT ?= swift
FORMATTED = Sources Tests Package.swift

.PHONY: setup run test lint format build bench

setup:
	@./scripts/setup.sh

run: setup
	$(SWIFT) build --product masonry
	./.build/debug/masonry

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

test: setup lint
	$(SWIFT) build
	$(SWIFT) test

format:
	$(SWIFT) format --in-place --recursive $(FORMATTED)

bench: setup
	$(SWIFT) run -c release masonry-bench
