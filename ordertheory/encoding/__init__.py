"""Encodings of the package's objects for solvers: z3 (the only module importing z3) and SMT-LIB."""
