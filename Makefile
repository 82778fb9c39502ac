# The README's two commands: `make run` and `make test`. Both install missing Debian
# packages first (scripts/setup.sh, a no-op when everything is present).
SWIFT ?= swift
FORMATTED = Sources Tests Package.swift
PREFIX ?= /usr/local

.PHONY: setup run test check lint format build bench man install dist dist-test fuzz fuzz-replay sanitize

setup:
	@./scripts/setup.sh

# The decoder helper and the libraries of its decoder families, loaded from its folder.
HELPER_PRODUCTS = masonry-decoder masonry-decode-heif masonry-decode-jxl masonry-decode-svg \
  masonry-decode-pdf masonry-decode-video

run: setup
	$(SWIFT) build --product masonry
	@for product in $(HELPER_PRODUCTS); do $(SWIFT) build --product $$product || exit 1; done
	./.build/debug/masonry

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

# A failing run ends with every failure's message read back from the xunit report
# (scripts/test-failures.sh says why the console can leave some out).
test: setup lint
	$(SWIFT) build
	$(SWIFT) test --xunit-output .build/test-report.xml \
	  || { ./scripts/test-failures.sh .build/test-report-swift-testing.xml; exit 1; }
	$(MAKE) fuzz-replay
	FUZZ_RUNS=$(FUZZ_CI_RUNS) ./scripts/fuzz.sh
	$(MAKE) dist-test

# While changing code: lint, build and the tests that take no terminal and no sweep of
# thousands of random cases (those marked `.slow` or `.terminal` are left out and listed
# as skipped). `make test` is the whole suite, and what CI runs.
check: setup lint
	$(SWIFT) build
	MASONRY_CHECK=1 $(SWIFT) test --xunit-output .build/check-report.xml \
	  || { ./scripts/test-failures.sh .build/check-report-swift-testing.xml; exit 1; }

# Every fuzz target replays its committed corpus (Tests/FuzzCorpus): each input once
# found by the fuzzer stays a regression test. Built by `swift build`, no libFuzzer.
FUZZ_TARGETS = FuzzCardJSON FuzzCardLines FuzzPropertyList FuzzText FuzzProbe FuzzPictures \
  FuzzCacheFiles FuzzDecoders
# A Debian package and a tarball that need no Swift on the machine (scripts/dist.sh), and
# the package installed into a folder and run there with no Swift on PATH.
dist: setup
	./scripts/dist.sh

dist-test: dist
	./scripts/dist-test.sh

fuzz-replay:
	@for target in $(FUZZ_TARGETS); do ./.build/debug/$$target Tests/FuzzCorpus/$$target || exit 1; done

# Fuzzing with libFuzzer and AddressSanitizer: FUZZ_SECONDS per target (default 60).
# `make test` runs each on FUZZ_CI_RUNS inputs from a fixed seed (repeatable; about a
# minute in all, after the instrumented build).
FUZZ_SECONDS ?= 60
FUZZ_CI_RUNS ?= 100000
fuzz: setup
	./scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Every unit and end-to-end test under AddressSanitizer (Swift and C; leaks too), then under
# UndefinedBehaviorSanitizer (the C targets: Swift has no UBSan; it traps on overflow by
# itself). Not part of `make test`, which it would make three times as long: run it
# before a release and after touching the C targets.
UBSAN_RUNTIME = $(firstword $(wildcard $(dir $(realpath $(shell command -v $(SWIFT))))../lib/clang/*/lib/linux/libclang_rt.ubsan_standalone-x86_64.a))
# LeakSanitizer runs too (at each test process's exit), with the toolchain's own leaks
# suppressed (scripts/lsan-suppressions.txt).
sanitize: setup
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	  $(SWIFT) test --build-path .build/asan --sanitize=address
	$(SWIFT) test --build-path .build/ubsan -Xcc -fsanitize=undefined \
	  -Xcc -fno-sanitize-recover=undefined -Xlinker $(UBSAN_RUNTIME) -Xlinker -lstdc++

format:
	$(SWIFT) format --in-place --recursive $(FORMATTED)

# The benchmark (all parts, or one: make bench PART=pictures). The pictures part runs the
# release masonry beside the chafa tool, so both are built first.
# PART=pixels-real times the first screen of pictures against timg in kitty and xterm
# under Xvfb (scripts/pixels-vs-timg.sh), once the folder it makes is written back (its
# 1,000 new files would otherwise be flushed during the first round, which masonry runs
# first, and that round would time the disk rather than either program).
# PART=pixels-mixed does the same on a folder of 200 files of every format.
# PART=link-real times the first screen over a 200 KB/s link in kitty and xterm under Xvfb
# (scripts/link-real.sh), against timg and chafa behind the same relay.
bench:
	@./scripts/setup.sh bench
	$(SWIFT) build -c release --product masonry
	@for product in $(HELPER_PRODUCTS); do $(SWIFT) build -c release --product $$product || exit 1; done
	@if [ "$(PART)" = pixels-real ] || [ "$(PART)" = pixels-mixed ]; then \
	  $(SWIFT) build -c release --product masonry-bench && \
	  folder=$$(.build/release/masonry-bench $$([ "$(PART)" = pixels-real ] && echo photos || echo mixed)) && \
	  sync && ./scripts/pixels-vs-timg.sh .build/release/masonry "$$folder" 3; \
	  rm -rf "$$(dirname "$$folder")"; \
	elif [ "$(PART)" = link-real ]; then ./scripts/link-real.sh .build/release/masonry 3; \
	else $(SWIFT) run -c release masonry-bench $(PART); fi

# The manual page, written by the program from the tables its help comes from:
# `make man`, then `man ./masonry.1`.
man: setup
	$(SWIFT) build --product masonry
	./.build/debug/masonry --man > masonry.1

# Installs the release binary and the manual page under $(PREFIX) (default /usr/local;
# DESTDIR is honoured for staging). `make dist` builds with RELEASE_FLAGS of its own.
RELEASE_FLAGS ?=
RELEASE_DIR ?= .build/release
install: setup
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product masonry
	@for product in $(HELPER_PRODUCTS); do $(SWIFT) build -c release $(RELEASE_FLAGS) --product $$product || exit 1; done
	$(RELEASE_DIR)/masonry --man > .build/masonry.1
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(RELEASE_DIR)/masonry $(DESTDIR)$(PREFIX)/bin/masonry
	install -d $(DESTDIR)$(PREFIX)/libexec/masonry
	install -m 755 $(RELEASE_DIR)/masonry-decoder $(DESTDIR)$(PREFIX)/libexec/masonry/masonry-decoder
	install -m 644 $(RELEASE_DIR)/libmasonry-decode-*.so $(DESTDIR)$(PREFIX)/libexec/masonry/
	install -m 644 .build/masonry.1 $(DESTDIR)$(PREFIX)/share/man/man1/masonry.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(RELEASE_DIR)/masonry --completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/masonry
	$(RELEASE_DIR)/masonry --completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_masonry
	$(RELEASE_DIR)/masonry --completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/masonry.fish
