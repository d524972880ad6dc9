"""Run the benchmarks: python -m bench [engine|table1|tau|tile|geometry|omega|classes|catalogue|uncertainty|serve_load|
cli|paper|differential|replay|all] [options of that benchmark].

``all`` leaves out ``paper`` (the whole job three times: run it on its own) and ``differential``
(2000 generated cases judged by the independent falsifier: about half an hour on 2 cores) and ``replay``
(every certificate of proofs/ by z3 and cvc5: minutes)."""

import os
import sys

from bench import (
    catalogue,
    classes,
    cli,
    differential,
    engine,
    geometry,
    omega,
    paper,
    replay,
    serve_load,
    table1,
    tau,
    tile,
    uncertainty,
)


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    if what in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    suites = {"engine": engine.run, "table1": table1.run, "tau": tau.run, "tile": lambda: tile.run(argv[1:]),
              "geometry": lambda: geometry.run(argv[1:]),
              "omega": omega.run, "classes": classes.run, "catalogue": lambda: catalogue.run(argv[1:]),
              "uncertainty": lambda: uncertainty.run(argv[1:]), "serve_load": lambda: serve_load.run(argv[1:]),
              "cli": lambda: cli.run(argv[1:]), "paper": lambda: paper.run(argv[1:]),
              "differential": lambda: differential.run(argv[1:]), "replay": lambda: replay.run(argv[1:])}
    if what != "all" and what not in suites:
        print(f"error: unknown benchmark {what!r}; expected one of {', '.join([*suites, 'all'])} "
              "(python -m bench --help)", file=sys.stderr)
        return 2
    if what != "paper":  # the other benchmarks measure cold work: no result cache
        os.environ["ORDERTHEORY_NO_CACHE"] = "1"
    chosen = ({k: v for k, v in suites.items() if k not in ("paper", "differential", "replay")} if what == "all"
              else {what: suites[what]})
    for run in chosen.values():
        for line in run():
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
