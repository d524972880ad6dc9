"""The paper's printed claims, transcribed as *inputs to check* (never used as results).

Each claim here is compared by the package with what it derives; where they differ the package
reports the printed claim as wrong. ``tests/unit/test_paper_claims.py`` re-reads the paper (when
``../shared/paper/foundations.md`` is present) to confirm this transcription.
"""

from __future__ import annotations

import itertools

#: A.2.3's list of the 29 possible cases, as printed: (a vs b, b vs c, a vs c), with
#: "<" for worse, ">" for better, "~" for equivalent and "#" for incomparable.
CASES_A23: tuple[tuple[str, str, str], ...] = tuple(
    tuple(line.split()) for line in """
    # # #
    # # >
    # # <
    # # ~
    # > #
    # > >
    # < #
    # < <
    # ~ #
    > # #
    > # >
    > > >
    > < #
    > < >
    > < <
    > < ~
    > ~ >
    < # #
    < # <
    < > #
    < > >
    < > <
    < > ~
    < < <
    < ~ <
    ~ # #
    ~ > >
    ~ < <
    ~ ~ ~
    """.strip().splitlines()
)

#: The number of preorders on n labelled elements (OEIS A000798), as the issue states it.
PREORDER_COUNTS = (1, 1, 4, 29, 355, 6942, 209527, 9535241)

#: Appendix A.6, as printed: (section, score slug, importance (tn, fp, fn, tp), X as a function of
#: R = R_I). In A.6.2 the printed symbols π₊ and π₋ are written pi_pos and pi_neg.
A6_CLAIMS: tuple[tuple[str, str, tuple[str, str, str, str], str], ...] = (
    ("A.6.1", "accuracy", ("1/2", "1/2", "1/2", "1/2"), "R"),
    ("A.6.1", "f_beta_0.5", ("0", "4/5", "1/5", "1"), "R"),
    ("A.6.1", "f_beta_1", ("0", "1/2", "1/2", "1"), "R"),
    ("A.6.1", "f_beta_2", ("0", "1/5", "4/5", "1"), "R"),
    ("A.6.1", "npv", ("1", "0", "1", "0"), "R"),
    ("A.6.1", "ppv", ("0", "1", "0", "1"), "R"),
    ("A.6.1", "tnr", ("1", "1", "0", "0"), "R"),
    ("A.6.1", "tpr", ("0", "0", "1", "1"), "R"),
    ("A.6.2", "balanced_accuracy", ("pi_pos", "pi_pos", "pi_neg", "pi_neg"), "R"),
    ("A.6.2", "cohen_kappa",
     ("pi_pos**2/(pi_neg**2 + pi_pos**2)", "1/2", "1/2", "pi_neg**2/(pi_neg**2 + pi_pos**2)"),
     "(R - 2*pi_neg*pi_pos)/(pi_neg**2 + pi_pos**2)"),
    ("A.6.2", "informedness", ("pi_pos", "pi_pos", "pi_neg", "pi_neg"), "2*R - 1"),
    ("A.6.2", "nlr", ("1", "0", "1", "0"), "(1 - R)/R"),
    ("A.6.2", "plr", ("0", "1", "0", "1"), "R/(1 - R)"),
    ("A.6.2", "ptn", ("1", "1", "0", "0"), "pi_neg*R"),
    ("A.6.2", "ptp", ("0", "0", "1", "1"), "pi_pos*R"),
)

#: Displayed identities in the proofs of A.5.2, as printed (R, R1, R2 stand for R_I, R_I1, R_I2).
#: Property 4: R_{I'} with I' = (1_{S=0} α0 + 1_{S=1} α1) I, and its derivative in R_I.
P4_PRINTED = ("alpha1*R/(alpha0*(1 - R)*alpha1*R)", "alpha0*alpha1/(alpha0*(1 - R)*alpha1*R)**2")
#: Properties 5 and 6: λ1 f(R_{I1}) + λ2 f(R_{I1}) = f(R_I) (the printed left side repeats R_{I1}).
P56_PRINTED_LEFT = "lambda1*f(R1) + lambda2*f(R1)"


def compare_with_paper(cases) -> list[str]:
    """Differences between the derived list and A.2.3's printed list (empty when they agree)."""
    derived = [c.ascii for c in cases if c.possible]
    diffs = []
    for i, (d, p) in enumerate(itertools.zip_longest(derived, CASES_A23), start=1):
        if d != p:
            diffs.append(f"case {i}: derived {d}, printed {p}")
    return diffs
