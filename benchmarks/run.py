"""Run every benchmark (benchmarks/bench_*.py) and print medians: `make bench`."""

import importlib
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

for path in sorted(HERE.glob("bench_*.py")):
    print(f"\n== {path.stem} ==")
    importlib.import_module(path.stem).main()
