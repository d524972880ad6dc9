"""Run the benchmarks: python -m bench [engine|table1|tau|tile|omega|all] [options of that benchmark]."""

import sys

from bench import engine, omega, table1, tau, tile


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    suites = {"engine": engine.run, "table1": table1.run, "tau": tau.run, "tile": lambda: tile.run(argv[1:]),
              "omega": omega.run}
    chosen = suites if what == "all" else {what: suites[what]}
    for run in chosen.values():
        for line in run():
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
