"""Run every benchmark (benchmarks/bench_*.py) and print medians: `make bench`."""

import importlib
import pathlib
import sys

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))

from timing import compile_package  # benchmarks/ is on the path only from here

compile_package()  # every command is timed with bytecode written, as after `pip install`
for path in sorted(HERE.glob("bench_*.py")):
    print(f"\n== {path.stem} ==")
    importlib.import_module(path.stem).main()
