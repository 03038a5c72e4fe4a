# NoteStore: `make demo` and `make test` are the two commands a newcomer runs.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
FUZZ_SECONDS ?= 60
SYNC_FUZZ_ROUNDS ?= 200
# make install: where, and how the installed binary is built.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_CONFIGURATION ?= release
# The Swift runtime and Foundation are linked into every release build of notes (Package.swift,
# the notes target), so the installed binary runs without the toolchain's libraries and
# starts in about half the CPU time (no 14 shared objects to load and bind); the benchmarks
# time the same kind of binary. INSTALL_BUILD_FLAGS adds build flags of your own.
# The binary stays position-independent: `-Xlinker -no-pie` would save its 100,000 relative
# relocations at start (2-3 ms of CPU) but load its code at a fixed address, and a tool
# that parses what any remote sends keeps address randomisation for its own image too.
INSTALL_BUILD_FLAGS ?= --static-swift-stdlib

.PHONY: all build release demo test deps deps-test corpus-check fuzz fuzz-rtf fuzz-sync bench bench-quick clean man install

all: build

deps:
	@Scripts/install-deps.sh build

deps-test:
	@Scripts/install-deps.sh test

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release

demo: build
	@Scripts/demo.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/notes"

test: deps-test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	@Scripts/run-tests.sh $(SWIFT) $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory corpus-check
	$(MAKE) --no-print-directory fuzz-rtf
	$(SWIFT) build -c release $(SWIFT_FLAGS)

corpus-check: deps
	@Scripts/corpus-check.sh

# The long runs: libFuzzer on the RTF reader, and SYNC_FUZZ_ROUNDS rounds of hostile
# trees and kill -9 during sync (`make test` runs 20 of those among the unit tests).
fuzz: fuzz-rtf fuzz-sync

.PHONY: peer-corpus-check
peer-corpus-check: deps-test
	@Scripts/peer-corpus-check.sh

fuzz-rtf: deps
	@Scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-sync: deps-test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	NOTES_SYNC_FUZZ_ROUNDS=$(SYNC_FUZZ_ROUNDS) $(SWIFT) test --skip-build --filter SyncFuzzTests

# The 100,000-note table too: make bench BENCH_HUGE=1 HUGE_STORE=/path/to/store (a store made
# before by gen_store.py; as root it is overlay-mounted, never copied: see all.sh).
bench: deps
	@Benchmarks/scripts/all.sh

# The manual page, generated from the command specs: .build/man/notes.1 (man -l reads it).
man: build
	@mkdir -p .build/man
	"$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/notes" help --man > .build/man/notes.1
	@echo "Wrote .build/man/notes.1; read it with: man -l .build/man/notes.1"

# The binary, the man page and the bash, zsh and fish completions under $(DESTDIR)$(PREFIX).
install: deps
	$(SWIFT) build -c $(INSTALL_CONFIGURATION) $(INSTALL_BUILD_FLAGS)
	@bin="$$($(SWIFT) build -c $(INSTALL_CONFIGURATION) $(INSTALL_BUILD_FLAGS) --show-bin-path)/notes"; \
	root="$(DESTDIR)$(PREFIX)"; set -e; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 "$$bin" "$$root/bin/notes"; \
	"$$bin" help --man > "$$root/share/man/man1/notes.1"; \
	"$$bin" completion bash > "$$root/share/bash-completion/completions/notes"; \
	"$$bin" completion zsh > "$$root/share/zsh/site-functions/_notes"; \
	"$$bin" completion fish > "$$root/share/fish/vendor_completions.d/notes.fish"; \
	echo "Installed $$root/bin/notes, its man page and bash, zsh and fish completions"

# The scale table at 2,000 notes in a few minutes (a 50 MiB attachment, 20 timed writes).
bench-quick: deps
	@Benchmarks/scripts/scale.sh 2000 50 20

clean:
	rm -rf .build
