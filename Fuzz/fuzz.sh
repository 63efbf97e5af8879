#!/usr/bin/env bash
# make fuzz: builds the menu reader with libFuzzer and AddressSanitizer and runs it for SECONDS (default 60).
# A crash leaves its input in build/fuzz/ (turn it into a regression test in Tests/PizzaModelTests).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_TO_FUZZ:-60}
out=build/fuzz
mkdir -p "$out/corpus"
cp Fuzz/corpus/* "$out/corpus/"
swift build --target PizzaModel >/dev/null
resources="$(swift build --show-bin-path)/PizzaModel.build/DerivedSources/embedded_resources.swift"
[ -f "$resources" ] || { echo "fuzz: $resources is missing after building PizzaModel" >&2; exit 1; }
# Never link a library or module left by an earlier run: a failed build below must stop the fuzzing.
rm -f "$out/libPizzaModelFuzz.a" "$out/PizzaModel.swiftmodule" "$out/menu-fuzzer"
swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name PizzaModel -emit-library -static \
    -o "$out/libPizzaModelFuzz.a" Sources/PizzaModel/*.swift "$resources" -emit-module -emit-module-path "$out/PizzaModel.swiftmodule"
swiftc -sanitize=fuzzer,address -parse-as-library -O -I "$out" -L "$out" -lPizzaModelFuzz Fuzz/MenuFuzzer.swift -o "$out/menu-fuzzer"
cd "$out"
./menu-fuzzer -max_total_time="$seconds" -max_len=65536 -print_final_stats=1 corpus 2>&1 | tee fuzz.log | tail -25
