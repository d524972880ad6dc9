"""Run the benchmarks: python -m bench [engine|table1|tau|tile|geometry|omega|classes|catalogue|uncertainty|robust|
tasks|serve_load|cli|paper|differential|replay|coq|all] [options of that benchmark].

``all`` leaves out ``paper`` (the whole job three times: run it on its own) and ``differential``
(2000 generated cases judged by the independent falsifier: about half an hour on 2 cores) and ``replay``
(every certificate of proofs/ by z3 and cvc5: minutes) and ``coq`` (coqc on the whole export against z3
on the same statements: minutes)."""

import importlib
import os
import sys

# the benchmarks, in the order ``all`` runs them; True: the benchmark reads options (its argv)
BENCHMARKS = {"engine": False, "table1": False, "tau": False, "tile": True, "geometry": True, "omega": False,
              "classes": False, "catalogue": True, "uncertainty": True, "robust": True, "tasks": True, "serve_load": True, "cli": True,
              "paper": True, "differential": True, "replay": True, "coq": True}
LONG = ("paper", "differential", "replay", "coq")  # left out of ``all``


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    if what in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if what != "all" and what not in BENCHMARKS:
        print(f"error: unknown benchmark {what!r}; expected one of {', '.join([*BENCHMARKS, 'all'])} "
              "(python -m bench --help)", file=sys.stderr)
        return 2
    chosen = [k for k in BENCHMARKS if k not in LONG] if what == "all" else [what]
    if what != "all" and not BENCHMARKS[what] and {"-h", "--help"} & set(argv[1:]):
        print(importlib.import_module(f"bench.{what}").__doc__)  # a benchmark without options: its docstring
        return 0
    if what != "paper":  # the other benchmarks measure cold work: no result cache
        os.environ["ORDERTHEORY_NO_CACHE"] = "1"
    for name in chosen:  # imported when run: --help and one benchmark do not load the others
        module = importlib.import_module(f"bench.{name}")
        for line in (module.run(argv[1:]) if BENCHMARKS[name] and what != "all" else
                     module.run([]) if BENCHMARKS[name] else module.run()):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:  # piped into head
        sys.stderr.close()
        sys.exit(0)
