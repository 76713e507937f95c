# The fuzz targets and their seeds, sourced by Fuzz/run.sh and Fuzz/campaign.sh.
# One line a target: its name (the binary is $OUT/fuzz-<name>), the longest input libFuzzer
# makes for it, and its dictionary under Fuzz/Dictionaries (- for none).
FUZZ_TARGETS="document 4096 graphql
schema 8192 graphql
ingest 8192 json
row 1024 -
multipart 2048 multipart
sse 1024 sse
websocket 2048 -
validator 4096 graphql"
FUZZ_NAMES=$(echo "$FUZZ_TARGETS" | cut -d' ' -f1)

SPEC=${BATON_SPEC_DIR:-$(pwd)/Tests/Conformance/baton-spec}
export BATON_SPEC_DIR="$SPEC"
# Leak checking is off (-detect_leaks=0): LeakSanitizer cannot follow Swift pointers kept
# with spare-bit tags (indirect enum payloads), so a schema held by a global reports as
# leaked. Leaks are pinned by the tests instead (StoreLoadTests).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

# Seeds in $1/seeds/<target>, rewritten each time from the spec's data, the repository's
# schemas and the targets themselves (BATON_FUZZ_WRITE_SEEDS).
write_seeds() {
    rm -rf "$1/seeds"
    mkdir -p "$1/seeds/document" "$1/seeds/schema" "$1/seeds/validator"
    cp "$SPEC"/documents/*.graphql "$SPEC"/tests/*.graphql "$1/seeds/document/"
    cp "$SPEC"/documents/*.graphql "$1/seeds/validator/"
    for schema in "$SPEC"/*/schema.graphql Tests/Fixtures/grid/schema.graphql \
        Tests/Fixtures/rickandmorty/afuh-rick-and-morty-api.typeDefs.graphql \
        Tests/BatonCompilerHostileTests/hostile-schema.graphql; do
        cp "$schema" "$1/seeds/schema/$(echo "$schema" | tr / _)"
    done
    # The spec's schema with its client extensions after a NUL (the target's second text).
    { cat "$SPEC/tests/schema.graphql"; printf '\0'; cat "$SPEC/tests/extensions.graphql"; } \
        >"$1/seeds/schema/spec-with-extensions"
    for target in ingest row multipart sse websocket; do
        [ -x "$1/fuzz-$target" ] || continue  # not built (campaign.sh over a few targets)
        BATON_FUZZ_WRITE_SEEDS="$1/seeds/$target" "$1/fuzz-$target" >/dev/null
    done
}
