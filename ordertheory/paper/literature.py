"""Published score-equivalence claims, transcribed as *inputs to check* (never used as results).

Each claim says that a score X orders performances like a score Y — often a ranking score R_I
given by its importance I(tn, fp, fn, tp) — on a set Π: every performance (``all``), a fixed
positive prior (``prior=p``, symbolic, or a number), or a fixed rate of positive predictions
(``rate=tau``). ``relation`` is what the source asserts: ``same`` (X orders Π like Y), ``reversed``,
``different`` (the orderings part somewhere), or ``exists`` (X orders Π like *some* R_I; Y is then
empty). :mod:`ordertheory.paper.literature_check` decides every claim at run time, with a proof or
an exact witness; a claim found wrong gets the package's corrected statement.

The sorbetto claims are the ``locate…`` methods of ``sorbetto/parameterization/
abstract_parameterization.py`` (the score placed on the Tile, with ``priorPos`` for fixed class
priors and ``ratePos`` for fixed prediction rates) and the importances of ``sorbetto/ranking/
ranking_score.py`` (uliege-performance/sorbetto at ff6c10f, read on 2026-12-01).

>>> len(CLAIMS) >= 20, len({c.id for c in CLAIMS}) == len(CLAIMS)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

SORBETTO = "sorbetto (uliege-performance/sorbetto, ff6c10f), {}"
FOUNDATIONS = "Piérard et al., Foundations of the theory of performance-based ranking, CVPR 2025, {}"
POWERS = "Powers, Evaluation: from precision, recall and F-measure to ROC, informedness, markedness and correlation (2011), {}"
GPS = "references/general-performance-score.md (De Diego et al. 2022; Redondo et al. 2020), {}"
ISSUE = "ordertheory issue 31 (the claims it names), {}"
CHICCO = "{} (references/general-performance-score.md, refs. 6–7)"


@dataclass(frozen=True)
class Claim:
    """"X orders Π like Y" as a source states it (Y is a slug or a formula, R_I[...] an importance)."""

    id: str
    source: str
    statement: str
    X: str
    Y: str
    setting: str = "all"
    relation: str = "same"


def R(tn: str, fp: str, fn: str, tp: str) -> str:
    """The ranking score R_I of an importance, as a formula (S = 1 on tn, tp; 0 on fp, fn)."""
    return f"(({tn})*tn + ({tp})*tp)/(({tn})*tn + ({fp})*fp + ({fn})*fn + ({tp})*tp)"


CLAIMS: tuple[Claim, ...] = (
    Claim("sorbetto/tnr", SORBETTO.format("RankingScore.getTrueNegativeRate"),
          "TNR is R_I with I = (1, 1, 0, 0)", "tnr", R("1", "1", "0", "0")),
    Claim("sorbetto/tpr", SORBETTO.format("RankingScore.getTruePositiveRate"),
          "TPR is R_I with I = (0, 0, 1, 1)", "tpr", R("0", "0", "1", "1")),
    Claim("sorbetto/npv", SORBETTO.format("RankingScore.getNegativePredictiveValue"),
          "NPV is R_I with I = (1, 0, 1, 0)", "npv", R("1", "0", "1", "0")),
    Claim("sorbetto/ppv", SORBETTO.format("RankingScore.getPositivePredictiveValue"),
          "PPV is R_I with I = (0, 1, 0, 1)", "ppv", R("0", "1", "0", "1")),
    Claim("sorbetto/iou", SORBETTO.format("RankingScore.getIntersectionOverUnion (Jaccard, CSI, Tanimoto)"),
          "IoU is R_I with I = (0, 1, 1, 1)", "jaccard", R("0", "1", "1", "1")),
    Claim("sorbetto/inverse_iou", SORBETTO.format("RankingScore.getInverseIntersectionOverUnion"),
          "the negative class's IoU is R_I with I = (1, 1, 1, 0)", "jaccard_negative", R("1", "1", "1", "0")),
    Claim("sorbetto/f2", SORBETTO.format("RankingScore.getF(beta=2)"),
          "F_β is R_I with I = (0, 1/(1+β²), β²/(1+β²), 1); β = 2", "f_beta_2", R("0", "1/5", "4/5", "1")),
    Claim("sorbetto/inverse_f1", SORBETTO.format("RankingScore.getInverseF(beta=1)"),
          "the inverse F_β is R_I with I = (1, β²/(1+β²), 1/(1+β²), 0); β = 1", "f1_negative",
          R("1", "1/2", "1/2", "0")),
    Claim("sorbetto/dice", SORBETTO.format("RankingScore.getDiceSorensenCoefficient"),
          "the Dice-Sørensen coefficient 2|A∩B|/(|A| + |B|) is F_1", "2*tp/((tp + fp) + (tp + fn))", "f_beta_1"),
    Claim("sorbetto/accuracy", SORBETTO.format("RankingScore.getAccuracy"),
          "accuracy is R_I with I = (1, 1, 1, 1)", "accuracy", R("1", "1", "1", "1")),
    Claim("sorbetto/bennett_s", SORBETTO.format("locateBennettS docstring: S = 2A − 1 (Warrens 2012)"),
          "Bennett's S orders performances like accuracy", "bennett_s", "accuracy"),
    Claim("sorbetto/jaccard_f1", SORBETTO.format("locateDiceSorensenCoefficient docstring: F1 = 2J/(J + 1)"),
          "F_1 and the Jaccard index order performances alike", "f_beta_1", "jaccard"),
    Claim("sorbetto/balanced_accuracy", SORBETTO.format("locateBalancedAccuracy(priorPos); Foundations A.6.2"),
          "at fixed priors the balanced accuracy is R_I with I = (π₊, π₊, π₋, π₋)", "balanced_accuracy",
          R("p", "p", "1 - p", "1 - p"), "prior=p"),
    Claim("sorbetto/youden_j", SORBETTO.format("locateYoudenJ(priorPos): J = TNR + TPR − 1 = 2·BA − 1"),
          "at fixed priors Youden's J orders performances like the balanced accuracy", "informedness",
          "balanced_accuracy", "prior=p"),
    Claim("sorbetto/cohen_kappa", SORBETTO.format("locateCohenKappa(priorPos); the importance of Foundations A.6.2"),
          "at fixed priors Cohen's κ orders like R_I with I = (π₊²/(π₋² + π₊²), 1/2, 1/2, π₋²/(π₋² + π₊²))",
          "cohen_kappa", R("p**2/((1 - p)**2 + p**2)", "1/2", "1/2", "(1 - p)**2/((1 - p)**2 + p**2)"), "prior=p"),
    Claim("sorbetto/ptp", SORBETTO.format("locateProbabilityTruePositive(priorPos) (detection rate)"),
          "at fixed priors P(tp) orders like TPR", "ptp", "tpr", "prior=p"),
    Claim("sorbetto/ptn", SORBETTO.format("locateProbabilityTrueNegative(priorPos) (rejection rate)"),
          "at fixed priors P(tn) orders like TNR", "ptn", "tnr", "prior=p"),
    Claim("sorbetto/one_minus_pfp", SORBETTO.format("locateProbabilityFalsePositiveComplenent(priorPos)"),
          "at fixed priors 1 − P(fp) is a ranking score", "1 - fp", "", "prior=p", "exists"),
    Claim("sorbetto/one_minus_pfn", SORBETTO.format("locateProbabilityFalseNegativeComplenent(priorPos)"),
          "at fixed priors 1 − P(fn) is a ranking score", "1 - fn", "", "prior=p", "exists"),
    Claim("sorbetto/snpv", SORBETTO.format("locateStandardizedNegativePredictiveValue(priorPos) (Heston 2011)"),
          "at fixed priors the standardised NPV TNR/(TNR + FNR) is a ranking score", "TNR/(TNR + FNR)", "",
          "prior=p", "exists"),
    Claim("sorbetto/sppv", SORBETTO.format("locateStandardizedPositivePredictiveValue(priorPos) (Heston 2011)"),
          "at fixed priors the standardised PPV TPR/(TPR + FPR) is a ranking score", "TPR/(TPR + FPR)", "",
          "prior=p", "exists"),
    Claim("sorbetto/plr", SORBETTO.format("locatePositiveLikelihoodRatio(priorPos)"),
          "at fixed priors the positive likelihood ratio orders like some ranking score", "plr", "", "prior=p",
          "exists"),
    Claim("sorbetto/nlr_complement", SORBETTO.format("locateNegativeLikelihoodRatioComplement(priorPos)"),
          "at fixed priors 1 − NLR orders like some ranking score", "1 - FNR/TNR", "", "prior=p", "exists"),
    Claim("sorbetto/weighted_accuracy", SORBETTO.format("locateWeightedAccuracy(priorPos, weightPos = 3/10)"),
          "at fixed priors the weighted accuracy w·TPR + (1 − w)·TNR is a ranking score", "3/10*TPR + 7/10*TNR", "",
          "prior=p", "exists"),
    Claim("sorbetto/skew_insensitive_f1", SORBETTO.format("locateSkewInsensitiveVersionOfF(priorPos) (Flach 2003)"),
          "at fixed priors the skew-insensitive F_1 = 2·TPR/(TPR + FPR + 1) is a ranking score",
          "2*TPR/(TPR + FPR + 1)", "", "prior=p", "exists"),
    Claim("sorbetto/determinant", SORBETTO.format("locateNormalizedConfusionMatrixDeterminent: det = π₋π₊·J"),
          "at fixed priors the determinant tp·tn − fp·fn orders like Youden's J", "tp*tn - fp*fn", "informedness",
          "prior=p"),
    Claim("sorbetto/markedness", SORBETTO.format("locateMarkedness(ratePos) (Clayton skill score)"),
          "at fixed prediction rates markedness orders like some ranking score", "markedness", "", "rate=tau",
          "exists"),
    Claim("issue31/markedness_macro_precision", ISSUE.format("markedness against macro precision at fixed rates"),
          "at fixed prediction rates markedness orders like the macro-averaged precision (PPV + NPV)/2",
          "markedness", "macro_precision", "rate=tau"),
    Claim("issue31/youden_ba_all", ISSUE.format("Youden's J against balanced accuracy"),
          "Youden's J orders every performance like the balanced accuracy", "informedness", "balanced_accuracy"),
    Claim("powers/wracc_informedness", POWERS.format("'Bookmaker Informedness … is identical to … WRAcc'"),
          "informedness and weighted relative accuracy order performances alike", "weighted_relative_accuracy",
          "informedness"),
    Claim("powers/mcc_geometric_mean", POWERS.format("'Matthews/Pearson correlation is the geometric mean of "
                                                     "Bookmaker Informedness and Markedness'"),
          "MCC orders performances like √(informedness · markedness)", "mcc", "powers_correlation"),
    Claim("powers/informedness_vs_accuracy", POWERS.format("'a system that performs worse in the objective sense of "
                                                           "Informedness can appear to perform better' under accuracy"),
          "informedness and accuracy order performances differently", "informedness", "accuracy", "all", "different"),
    Claim("powers/auc_informedness", POWERS.format("'for c = 1, maximizing AUC is equivalent to maximizing tpr − fpr'"),
          "at fixed priors the single-point AUC (TPR + TNR)/2 orders like tpr − fpr", "(TPR + TNR)/2", "TPR - FPR",
          "prior=p"),
    Claim("gps/f1", GPS.format("'GPS(PPV, TPR) is exactly F1-score'"),
          "the harmonic mean of PPV and TPR orders like F_1", "f1_harmonic_tpr_ppv", "f_beta_1"),
    Claim("gps/upm", GPS.format("'GPS(PPV, TPR, TNR, NPV) = GPS(F1+, F1−)'"),
          "UPM orders like the harmonic mean of F1 and the inverse F1", "upm",
          "2*(2*tp/(2*tp+fp+fn))*(2*tn/(2*tn+fp+fn))/((2*tp/(2*tp+fp+fn)) + (2*tn/(2*tn+fp+fn)))"),
    Claim("chicco/mcc_f1", CHICCO.format("Chicco & Jurman, BMC Genomics 21:6 (2020): MCC against F1 and accuracy"),
          "MCC and F_1 rank performances differently", "mcc", "f_beta_1", "all", "different"),
    Claim("chicco/mcc_ba", CHICCO.format("Chicco, Tötsch & Jurman, BioData Mining 14:13 (2021): MCC against balanced "
                                         "accuracy, bookmaker informedness and markedness"),
          "MCC and the balanced accuracy rank performances differently", "mcc", "balanced_accuracy", "all",
          "different"),
)
