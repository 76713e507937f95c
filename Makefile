# Baton's commands. `make test` is what CI runs; see README.md.

SWIFT ?= swift
# Warnings fail the build: the project keeps a clean build warning-free.
STRICT := -Xswiftc -warnings-as-errors

.PHONY: test build layers server-env bench example clean

test: server-env build layers
	$(SWIFT) test $(STRICT)

build:
	$(SWIFT) build --build-tests $(STRICT)

# Every manifest against the dependency direction of DESIGN.md.
layers:
	$(SWIFT) run $(STRICT) baton-layers .

# The local GraphQL server's Python environment (graphql-core from pip) in .venv.
server-env:
	@if [ -x Tools/TestServer/setup.sh ]; then Tools/TestServer/setup.sh; fi

bench: server-env
	cd Benchmarks && $(SWIFT) build -c release $(STRICT) && .build/release/BatonBenchmarks $(FILTER)

# The Rick and Morty terminal example against the local server, launched twice over one image.
example: server-env
	SWIFT=$(SWIFT) Examples/RickAndMorty/run.sh

clean:
	rm -rf .build Benchmarks/.build Tests/.build Packages/*/.build
