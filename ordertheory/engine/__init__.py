"""The proof engine: one result type, obligations decided by a solver, the falsifying search
(:mod:`~ordertheory.engine.search`) and exact witnesses, work stopped at a deadline (deadline: the one
forked child killed with its process group). It knows nothing of the paper's statements; the theory
layer states them."""
