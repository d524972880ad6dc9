"""The proof engine: one result type, obligations decided by a solver, the falsifying search and
exact witnesses. It knows nothing of the paper's statements; the theory layer states them."""
