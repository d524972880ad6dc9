"""Encodings of the package's objects for solvers: z3 (z3_backend; z3_run, what a solver worker runs, imports z3 alone) and SMT-LIB."""
