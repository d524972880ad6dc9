"""Scores of a scoring classifier: their formulas on Ω = {negative, positive} × L levels (``scored:L``,
:mod:`.formulas`) and their exact per-sample forms at any number of distinct scores (:mod:`.samples`,
with the exact sums of :mod:`ordertheory.exact_sums`) and their k-class forms on class probabilities
(:mod:`.class_samples`)."""

from ordertheory.catalogue.scoring.formulas import (
    DEFAULT_BINS,
    bin_of,
    check_bins,
    confusion_at,
    ece_entry,
    levels,
    roc_points,
    threshold_level,
)
from ordertheory.catalogue.scoring.samples import (
    EXPECTATIONS,
    LOG_EPS,
    NUMERIC,
    ORDER_ONLY,
    SAMPLE_FORMS,
    bin_index,
    sample_value,
    split_bins,
)

__all__ = ["DEFAULT_BINS", "EXPECTATIONS", "LOG_EPS", "NUMERIC", "ORDER_ONLY", "SAMPLE_FORMS", "bin_index", "bin_of",
           "check_bins", "confusion_at", "ece_entry", "levels", "roc_points", "sample_value", "split_bins",
           "threshold_level"]
