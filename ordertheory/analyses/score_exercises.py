"""Exercises "is this score fit for ranking on Π?", and the exact judgement of an answer.

The student answers *valid* (fit: tests 1–3 hold and the domain is closed under mixtures) or
*not valid* with a witness: for test 2 or 3, two performances P1, P2 (probabilities of tn, fp,
fn, tp) and a weight λ whose mixture scores strictly above both (test 2) or below both (test 3);
for test 1, P1 with S ≤ s and P2 with S ≥ s where X(P1) > X(P2). A witness is re-checked in exact
rational arithmetic (:mod:`ordertheory.engine.witness`): a valid one settles "not fit" without
any solver. Otherwise the answer key is the package's own check of the score, decided under a
deadline; when it stays unknown the answer is not judged.

>>> ex = score_exercise(seed=5, difficulty="medium")
>>> ex.score, ex.prior
('informedness', '1/2')
>>> g_mean = ScoreExercise(0, Difficulty.MEDIUM, "g_mean", "1/2")
>>> w = {"test": "test2", "P1": ["1/2", "0", "1/2", "0"], "P2": ["0", "1/2", "0", "1/2"], "lambda": "1/2"}
>>> judge_score(g_mean, valid=False, witness=w).correct
True
>>> w["lambda"] = "1"
>>> judge_score(g_mean, valid=False, witness=w, timeout=20).explanation[:2]
('wrong: your witness does not violate test2', 'X(P1) = 0, X(M) = 0, X(P2) = 0: the mixture is not strictly above both ends')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from ordertheory.catalogue import as_score
from ordertheory.engine.result import Verdict
from ordertheory.engine.witness import TestName, closure_violation, mixture_violation
from ordertheory.errors import InvalidInput
from ordertheory.fitness.bounded_check import check_score_within
from ordertheory.performances.performance import Performance, mixture
from ordertheory.sets.performance_set import all_performances, fixed_prior
from ordertheory.spaces.sample_space import binary
from ordertheory.theory.axioms import axiom2_violation
from ordertheory.theory.exercises import Difficulty, Family, Judgement

# which scores an exercise of each difficulty may ask about (the answers are computed, never stored)
POOL = {
    Difficulty.EASY: (("accuracy", None), ("f_beta_1", None), ("tpr", None), ("ppv", None), ("error_rate", None)),
    Difficulty.MEDIUM: (("g_mean", "1/2"), ("mcc", "1/2"), ("balanced_accuracy", "1/2"), ("cohen_kappa", "1/2"),
                        ("informedness", "1/2"), ("markedness", "1/2")),
    Difficulty.HARD: (("TPR*TNR", "1/2"), ("(TPR+TNR)/2", "1/2"), ("tp/(tp+fp) * tp/(tp+fn)", None),
                      ("2*tp/(2*tp+fp+fn)", None), ("(tp+tn)/(tp+tn+2*fp)", None), ("sqrt(TPR*TNR)", "1/5")),
}
TESTS = (TestName.TEST1, TestName.TEST2, TestName.TEST3, TestName.DOMAIN_CLOSED)


@dataclass(frozen=True)
class ScoreExercise:
    """Is ``score`` fit for ranking on Π (all performances, or a fixed positive prior)?"""

    seed: int
    difficulty: Difficulty
    score: str
    prior: str | None
    family: Family = field(default=Family.SCORE, init=False)

    @property
    def setting(self) -> str:
        return "all performances" if self.prior is None else f"the performances with prior π₊ = {self.prior}"

    @property
    def question(self) -> str:
        return (f"Is the score {self.score} fit for ranking on Π = {self.setting} (Ω = tn, fp, fn, tp)? "
                "Answer valid, or not valid with a witness: the test it fails and P1, P2 (and λ for "
                "tests 2, 3 and domain closure).")

    def to_json(self) -> dict:
        return {"family": self.family.value, "difficulty": self.difficulty.value, "seed": self.seed,
                "score": self.score, "prior": self.prior, "question": self.question}

    def setting_objects(self):
        space = binary()
        Pi = all_performances(space) if self.prior is None else fixed_prior(space, self.prior)
        return as_score(self.score, space), Pi


def score_exercise(seed: int, difficulty: Difficulty | str = Difficulty.MEDIUM) -> ScoreExercise:
    """The score exercise of this seed and difficulty."""
    level = Difficulty.parse(difficulty)
    score, prior = random.Random(f"score-{seed}-{level.value}").choice(POOL[level])
    return ScoreExercise(seed, level, score, prior)


def _performance(value, label: str) -> Performance:
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise InvalidInput(f"expected {label} as four probabilities [tn, fp, fn, tp] but got {value!r}")
    return Performance.from_probabilities(binary(), [str(v) for v in value])


def _fraction(value, label: str) -> Fraction:
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(f"expected {label} as a fraction such as 1/2 but got {value!r}") from None


def check_witness(ex: ScoreExercise, witness: dict) -> tuple[bool, list[str]]:
    """Whether a student's witness violates the test it names, in exact arithmetic, and why (not)."""
    if not isinstance(witness, dict) or witness.get("test") not in TESTS:
        raise InvalidInput(f"expected a witness with 'test' one of {', '.join(TESTS)} but got {witness!r}")
    X, Pi = ex.setting_objects()
    P1, P2 = _performance(witness.get("P1"), "P1"), _performance(witness.get("P2"), "P2")
    test = witness["test"]
    why = [f"{name} is not in Π ∩ dom(X): {ex.score} is undefined there or Π excludes it"
           for name, P in (("P1", P1), ("P2", P2)) if not (Pi.contains(P) and X.in_domain(P))]
    if test == TestName.TEST1:
        ok = any(axiom2_violation(X, Pi, s, P1, P2) for s in X.space.levels)
        if not ok and not why:
            why.append("no satisfaction level s has P1(S ≤ s) = 1, P2(S ≥ s) = 1 and X(P1) > X(P2) strictly")
        return ok, why
    lam = _fraction(witness.get("lambda"), "lambda")
    if not 0 <= lam <= 1:
        return False, [f"λ = {lam} is not in [0, 1]"]
    if test == TestName.DOMAIN_CLOSED:
        ok = closure_violation(X, Pi, P1, P2, lam)
        return ok, why or ([] if ok else ["the mixture is inside dom(X): the domain is not broken there"])
    direction = 1 if test == TestName.TEST2 else -1
    ok = mixture_violation(X, Pi, P1, P2, lam, direction)
    if not ok and not why:
        M = mixture([P1, P2], [lam, 1 - lam])
        if not X.in_domain(M):
            why.append("the mixture is outside dom(X) (a domain-closure witness, not a test 2/3 one)")
        else:
            xs = [X.exact_value(P) for P in (P1, M, P2)]
            side = "above both ends" if direction > 0 else "below both ends"
            why.append(f"X(P1) = {xs[0]}, X(M) = {xs[1]}, X(P2) = {xs[2]}: the mixture is not strictly {side}")
    return ok, why


def judge_score(ex: ScoreExercise, valid: bool, witness: dict | None = None, timeout: float = 20.0) -> Judgement:
    """Judge an answer: a student's witness exactly, otherwise against the package's check."""
    if not valid and witness:
        ok, why = check_witness(ex, witness)
        if ok:
            return Judgement(True, False, ("right: your witness violates " + witness["test"]
                                           + " in exact arithmetic, so the score is not fit for ranking on Π",),
                             {"valid": False, "witness": witness})
        lead = ("wrong: your witness does not violate " + witness["test"],)
        key = _key(ex, timeout)
        return Judgement(False, key[0], (*lead, *why, *key[1]), key[2])
    truth, lines, solution = _key(ex, timeout)
    if truth is None:
        return Judgement(False, None, ("not judged: the package could not decide this score in time", *lines),
                         solution)
    if valid == truth:
        extra = () if truth else ("but a 'not valid' answer needs a witness",)
        return Judgement(truth, truth, (("right" if truth else "half right") + ": the score is "
                                        + ("fit" if truth else "not fit") + " for ranking on Π", *extra, *lines),
                         solution)
    return Judgement(False, truth, ("wrong: the score is " + ("fit" if truth else "not fit") + " for ranking on Π",
                                    *lines), solution)


def _key(ex: ScoreExercise, timeout: float) -> tuple[bool | None, tuple[str, ...], dict]:
    X, Pi = ex.setting_objects()
    report = check_score_within(X, Pi, timeout=timeout, tests=TESTS)
    truth = {Verdict.PROVED: True, Verdict.REFUTED: False}.get(report.verdict)
    failed = [t for t in TESTS if report.tests[t].verdict is Verdict.REFUTED]
    lines = tuple(f"{t} is refuted: " + "; ".join(report.tests[t].witness.lines()) for t in failed[:1])
    return truth, lines, {"valid": truth, "tests": {t: report.tests[t].verdict.value for t in TESTS},
                          "witness": {t: report.tests[t].witness for t in failed}}
