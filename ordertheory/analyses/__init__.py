"""Analyses built on the theory: which importance (and which satisfaction) a score encodes
(:mod:`~ordertheory.analyses.importance`), whether two scores rank alike (:mod:`~ordertheory.analyses.compare`),
Kendall's τ against the ranking scores (:mod:`~ordertheory.analyses.tau`, numeric and labelled as such),
the catalogue's classification (:mod:`~ordertheory.analyses.classification`) and the "is this score fit?"
exercises."""
