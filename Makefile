# NoteStore: `make demo` and `make test` are the two commands a newcomer runs.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
FUZZ_SECONDS ?= 60

.PHONY: all build release demo test deps deps-test corpus-check fuzz bench bench-quick clean

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
	$(MAKE) --no-print-directory fuzz

corpus-check: deps
	@Scripts/corpus-check.sh

fuzz: deps
	@Scripts/fuzz.sh $(FUZZ_SECONDS)

bench: deps
	@Benchmarks/scripts/all.sh

# The scale table at 2,000 notes in a few minutes (a 50 MiB attachment, 20 timed writes).
bench-quick: deps
	@Benchmarks/scripts/scale.sh 2000 50 20

clean:
	rm -rf .build
