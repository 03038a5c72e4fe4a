# NoteStore: `make demo` and `make test` are the two commands a newcomer runs.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
FUZZ_SECONDS ?= 60
SYNC_FUZZ_ROUNDS ?= 200

.PHONY: all build release demo test deps deps-test corpus-check fuzz fuzz-rtf fuzz-sync bench clean

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
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory corpus-check
	$(MAKE) --no-print-directory fuzz-rtf

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

bench: deps
	@Benchmarks/scripts/all.sh

clean:
	rm -rf .build
