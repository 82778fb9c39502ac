#!/bin/sh
# Builds the fuzz targets with libFuzzer and AddressSanitizer (a build of their own, in
# .build/fuzz) and runs each for SECONDS seconds (default 60), starting from its
# committed corpus in Tests/FuzzCorpus/<target> (new inputs go to .build/fuzz/corpus, so
# the committed corpus stays small). Any crash, leak, overflow or disagreement between
# two ways of reading stops the run with the input saved as .build/fuzz/crash-*; add that
# input to the corpus once fixed, and `make test` replays it from then on.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]       e.g. scripts/fuzz.sh 600 FuzzCardJSON
#
# With FUZZ_RUNS=N each target runs N inputs from a fixed seed instead of for a time: the
# same inputs on every run, as `make test` needs (a finding there is a real, repeatable
# defect, never a flaky failure).
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"FuzzCardJSON FuzzCardLines FuzzPropertyList FuzzText FuzzProbe FuzzPictures FuzzCacheFiles FuzzDecoders"}
# Allocation stacks in AddressSanitizer's reports halve the speed (every malloc unwinds):
# off by default. A finding is then replayed with them, e.g.
#   ASAN_OPTIONS= .build/fuzz/release/FuzzCardJSON .build/fuzz/crash-…
export ASAN_OPTIONS="${ASAN_OPTIONS-malloc_context_size=0}"
runtime=$(ls "$(dirname "$(readlink -f "$(command -v swift)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
for target in $targets; do
  # Coverage for libFuzzer and AddressSanitizer in every Swift and C module of the
  # target; libFuzzer's driver without its main (the target's own main hands over).
  swift build -c release --build-path .build/fuzz --product "$target" \
    -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -DFUZZING \
    -Xcc -fsanitize=address,fuzzer-no-link \
    -Xlinker "$runtime" -Xlinker -lstdc++
  if [ -n "${FUZZ_RUNS:-}" ]; then
    # A fresh corpus folder each time, so that the inputs depend only on the seed.
    rm -rf ".build/fuzz/ci-corpus/$target"
    mkdir -p ".build/fuzz/ci-corpus/$target"
    runs=$FUZZ_RUNS
    # The helper's decoders write a file and run whole libraries (libheif, FFmpeg) for each
    # input: a fiftieth as many keeps make test's run to a minute.
    [ "$target" = FuzzDecoders ] && runs=$((FUZZ_RUNS / 50))
    echo "== $target: $runs inputs, seed 1"
    SWIFT_BACKTRACE=enable=no ".build/fuzz/release/$target" -runs="$runs" -seed=1 \
      -timeout=10 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz/crash- \
      -print_final_stats=1 ".build/fuzz/ci-corpus/$target" "Tests/FuzzCorpus/$target"
    continue
  fi
  mkdir -p ".build/fuzz/corpus/$target"
  echo "== $target: $seconds s"
  SWIFT_BACKTRACE=enable=no ".build/fuzz/release/$target" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz/crash- \
    -print_final_stats=1 ".build/fuzz/corpus/$target" "Tests/FuzzCorpus/$target"
done
