# The README's two commands: `make run` and `make test`. Both install missing Debian
# packages first (scripts/setup.sh, a no-op when everything is present).
SWIFT ?= swift
FORMATTED = Sources Tests Package.swift
PREFIX ?= /usr/local

.PHONY: setup run test lint format build bench man install

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

# The benchmark (all parts, or one: make bench PART=pictures). The pictures part runs the
# release masonry beside the chafa tool, so both are built first.
bench: setup
	$(SWIFT) build -c release --product masonry
	$(SWIFT) run -c release masonry-bench $(PART)

# The manual page, written by the program from the tables its help comes from:
# `make man`, then `man ./masonry.1`.
man: setup
	$(SWIFT) build --product masonry
	./.build/debug/masonry --man > masonry.1

# Installs the release binary and the manual page under $(PREFIX) (default /usr/local;
# DESTDIR is honoured for staging).
install: setup
	$(SWIFT) build -c release --product masonry
	./.build/release/masonry --man > .build/masonry.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 .build/release/masonry $(DESTDIR)$(PREFIX)/bin/masonry
	install -m 644 .build/masonry.1 $(DESTDIR)$(PREFIX)/share/man/man1/masonry.1
