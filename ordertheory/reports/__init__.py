"""Documents: the derivation model (statements), deterministic Markdown / LaTeX rendering, the
paper job, and the organiser's report (:mod:`~ordertheory.reports.advise`)."""
