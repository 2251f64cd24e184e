#!/usr/bin/env bash
# Runs one libFuzzer target for a given time, starting from its seed corpus
# (docs/robustness.md).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#
# TARGET: opt (fp4-opt parse + verify + fp4-lower-to-hsaco on mutated text),
# gemm (the same on GEMM modules built from the input's bytes), codeobject
# (readCodeObject + KernelArgPacker) or npy (parseNpy). SECONDS 0 only
# replays the seeds and the regression inputs once.
#
# Configures (once) and builds FP4_FUZZ_BUILD_DIR (default ./build-fuzz)
# with clang-22, ASan+UBSan and -DFP4_ENABLE_FUZZERS=ON, and builds only the
# fuzzer. Inputs the fuzzer finds go to BUILD/fuzz/corpus/TARGET (kept across
# runs), crashes/leaks/timeouts to BUILD/fuzz/artifacts/TARGET/, the log to
# BUILD/fuzz/logs/. Exits non-zero when the fuzzer found something.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FP4_FUZZ_BUILD_DIR:-$root/build-fuzz}

if [ $# -lt 2 ]; then
  echo "usage: $0 opt|gemm|codeobject|npy SECONDS [libFuzzer flags...]" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
case $target in
  opt) flags=(-max_len=16384 -timeout=60 -rss_limit_mb=6144) ;;
  gemm) flags=(-max_len=256 -timeout=60 -rss_limit_mb=6144) ;;
  codeobject) flags=(-max_len=65536 -timeout=10 -rss_limit_mb=2048) ;;
  npy) flags=(-max_len=4096 -timeout=10 -rss_limit_mb=2048) ;;
  *) echo "fuzz.sh: unknown target '$target' (opt, gemm, codeobject, npy)" >&2; exit 2 ;;
esac
case $seconds in
  ''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a number" >&2; exit 2 ;;
esac
fuzzer=fp4-$target-fuzzer

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DFP4_ENABLE_FUZZERS=ON -DFP4_ENABLE_SANITIZERS=ON
fi
ninja -C "$build" -j "${FP4_JOBS:-$(nproc)}" "$fuzzer"

work=$build/fuzz/corpus/$target
artifacts=$build/fuzz/artifacts/$target
logs=$build/fuzz/logs
mkdir -p "$work" "$artifacts" "$logs"
seeds=("$root/fuzz/corpus/$target")
if [ -d "$root/test/Fuzz/Inputs/$target" ]; then
  seeds+=("$root/test/Fuzz/Inputs/$target")
fi
log=$logs/$target-$(date +%Y%m%d-%H%M%S).log

# UBSan stops at the first report so that libFuzzer sees it as a crash.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}

if [ "$seconds" -eq 0 ]; then
  run=(-runs=0)
else
  run=(-max_total_time="$seconds")
fi
echo "fuzz.sh: $fuzzer for ${seconds}s, log $log"
status=0
if [ -f "$root/fuzz/$target.dict" ]; then
  flags+=(-dict="$root/fuzz/$target.dict")
fi
"$build/bin/$fuzzer" "${run[@]}" "${flags[@]}" -artifact_prefix="$artifacts/" \
  -print_final_stats=1 "$@" "$work" "${seeds[@]}" >"$log" 2>&1 || status=$?

grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added|stat::peak_rss_mb)' "$log" ||
  grep -E '^#[0-9]+' "$log" | tail -1 # -fork=N prints no stat:: lines
echo "fuzz.sh: corpus $(find "$work" -type f | wc -l) inputs in $work"
if [ "$status" -ne 0 ]; then
  echo "fuzz.sh: $fuzzer stopped with status $status; the report:" >&2
  grep -E 'ERROR|==[0-9]+==|runtime error|Test unit written|fuzz invariant' "$log" >&2 || tail -40 "$log" >&2
fi
exit "$status"
