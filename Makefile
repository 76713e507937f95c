# Baton's commands. `make test` is what CI runs; see README.md.

SWIFT ?= swift
# Warnings fail the build: the project keeps a clean build warning-free.
STRICT := -Xswiftc -warnings-as-errors

.PHONY: test unit-tests example-tests build layers packages consumer swiftui-check bench-smoke docs lint format server-env bench example clean fuzz fuzz-quick fuzz-campaign tsan asan soak

# Lint runs last, after every test: it is only clean once `make format` has been applied to
# the whole tree (Tools/Docs/README.md).
test: server-env build layers swiftui-check fuzz-quick packages consumer example-tests bench-smoke docs unit-tests lint

unit-tests:
	$(SWIFT) test $(STRICT)

build:
	$(SWIFT) build --build-tests $(STRICT)

# Every manifest against the dependency direction of DESIGN.md.
layers:
	$(SWIFT) run $(STRICT) baton-layers .

# The public modules whose documentation `make docs` builds.
DOC_MODULES := BatonRecords BatonNormalize BatonStore BatonImage BatonTransport BatonLens BatonCompiler BatonTesting

# Each module's DocC archive in .build/docs/, from the debug build's modules; a docc warning
# fails it (Tools/Docs/build.sh).
docs:
	SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(STRICT)" Tools/Docs/build.sh $(DOC_MODULES)

# swift-format with .swift-format over every Swift file; any finding fails (Tools/Docs/README.md).
# Generated sources must be what their generator writes, and the README's example document the
# one Tests/BatonReadmeTests runs its examples against.
lint:
	SWIFT="$(SWIFT)" Tools/Docs/format-all.sh --lint
	Tools/ObservationNames/generate.sh --check
	Tools/Docs/readme-document.sh --check

# Rewrites every Swift file with swift-format: the mass format lint waits for.
format:
	SWIFT="$(SWIFT)" Tools/Docs/format-all.sh

# The long reliability runs `make test` leaves out (Tools/Soak/README.md): each part builds what
# it needs in release, reports its figures, and Tests/soak.json keeps them; one summary line at
# the end, and a failing part fails it. SOAK_PARTS names some of the parts (all by default).
# The manifests are touched first, as in `packages`, so a release scratch path sees new files.
soak: server-env
	touch Packages/Image/Package.swift Tests/Package.swift
	SWIFT="$(SWIFT)" python3 Tools/Soak/soak.py $(SOAK_PARTS)

# The local GraphQL server's Python environment (graphql-core from pip) in .venv.
server-env:
	@if [ -x Tools/TestServer/setup.sh ]; then Tools/TestServer/setup.sh; fi

bench: server-env
	touch Benchmarks/Package.swift
	cd Benchmarks && $(SWIFT) build -c release $(STRICT) && .build/release/BatonBenchmarks $(FILTER)

# Every benchmark suite once, in release, writing nothing (the manifest touched first, as in
# `packages`: SwiftPM plans again only when it changes, and would miss a layer's new file): code only the optimizer makes runs in
# `make test` (a release-only crash in the ingest went unseen by the debug tests).
bench-smoke: server-env
	touch Benchmarks/Package.swift
	cd Benchmarks && $(SWIFT) build -c release $(STRICT) && BATON_BENCH_SMOKE=1 .build/release/BatonBenchmarks

# Each layer package alone, through its own manifest (sources and tests), so a layer's
# manifest cannot drift from the workspace's; each in its own scratch path. Each manifest is
# touched first: SwiftPM plans again only when the root manifest changes, so an existing
# scratch path would not see a file added to a package it depends on by path.
PACKAGES := Records Normalize Store Image Transport Lens Compiler Testing
packages:
	@for package in $(PACKAGES); do \
		echo "packages: $$package"; \
		touch Packages/$$package/Package.swift; \
		$(SWIFT) build --build-tests $(STRICT) --package-path Packages/$$package --scratch-path .build/packages/$$package || exit 1; \
	done

# Packages made from Tools/ConsumerCheck's templates depend on this repository by file://
# URL at HEAD, as an app does: one uses Lens, Transport, Image, Testing and the plugin and
# relaunches over its image; one takes the Store alone and must link neither SQLite nor zlib.
consumer:
	SWIFT=$(SWIFT) Tools/ConsumerCheck/run.sh

# Baton's SwiftUI adapter type-checked here against a stand-in SwiftUI (Tools/SwiftUIStandIn).
swiftui-check: build
	SWIFT=$(SWIFT) Tools/SwiftUIStandIn/typecheck-adapter.sh

# libFuzzer targets (Fuzz/README.md): each for FUZZ_SECONDS from its kept corpus
# (Fuzz/Corpus), regressions and seeds (optimized build in .build/fuzz; crashes land in
# .build/fuzz/crashes; new inputs in .build/fuzz/corpus, not kept).
FUZZ_SECONDS ?= 60
fuzz:
	Fuzz/build.sh .build/fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh .build/fuzz

# The short pass `make test` runs: an unoptimized build, then every target replays each file
# of its kept corpus (Fuzz/Corpus) and checked-in crash inputs (Tests/Fixtures/Hostile/fuzz)
# once, then fuzzes until 2 s have passed, writing only under .build/fuzz-quick (94 s in all
# from a clean folder on the shared 2-core machine, 2026-12-03).
fuzz-quick:
	FUZZ_OPT=-Onone Fuzz/build.sh .build/fuzz-quick
	FUZZ_SECONDS=2 Fuzz/run.sh .build/fuzz-quick

# A campaign (not part of `make test`): FUZZ_RUNS executions a target, one target at a time
# (FUZZ_TARGET names one; default all), each corpus then minimized into Fuzz/Corpus/<target>;
# its figures in .build/fuzz/campaign/summary.md, for Fuzz/README.md's table.
FUZZ_RUNS ?= 1000000
FUZZ_TARGET ?=
fuzz-campaign:
	Fuzz/build.sh .build/fuzz
	FUZZ_RUNS=$(FUZZ_RUNS) Fuzz/campaign.sh .build/fuzz $(FUZZ_TARGET)

# The unit and integration tests under ThreadSanitizer / AddressSanitizer, each in its own
# scratch path (TSan suppressions, each explained: Fuzz/Sanitizers/tsan.supp). Leak checking is off under ASan: LeakSanitizer cannot follow Swift's
# spare-bit-tagged enum payload pointers (StoreLoadTests pins leaks instead).
tsan: server-env
	TSAN_OPTIONS="suppressions=$(CURDIR)/Fuzz/Sanitizers/tsan.supp" $(SWIFT) test --sanitize=thread --scratch-path .build/tsan $(STRICT)

asan: server-env
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build/asan $(STRICT)

# The example's own tests (its screens over BatonTesting's scripted transport and mocks), in
# the example's package as an app's tests would run.
example-tests:
	touch Examples/RickAndMorty/Package.swift
	$(SWIFT) test $(STRICT) --package-path Examples/RickAndMorty

# The Rick and Morty terminal example against the local server, launched twice over one image.
example: server-env
	SWIFT=$(SWIFT) Examples/RickAndMorty/run.sh

clean:
	rm -rf .build Benchmarks/.build Tests/.build Packages/*/.build Examples/*/.build
