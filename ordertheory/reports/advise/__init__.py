"""The organiser's report: each candidate score examined (:mod:`~ordertheory.reports.advise.advise`),
written as files (:mod:`~ordertheory.reports.advise.advise_render`) with the figures people expect
beside a leaderboard (:mod:`~ordertheory.reports.advise.uncertainty_figures`)."""
