"""Generated cases for the differential run: formulas whose truth is known by construction, and
formulas whose truth only the falsifier can speak to.

Known by construction (the paper, §4.3 and Theorem 1):

- a **ranking score** R_I = E[I·S] / E[I] passes tests 1–3, domain closure and Theorem 2's
  condition on every Π, and encodes the importance I;
- a strictly **increasing** transform g(R_I) passes tests 1–3 and domain closure (its domain as
  written adds only conditions that hold wherever R_I is defined, see ``INCREASING``) and encodes I;
- a strictly **decreasing** one passes tests 2, 3 and domain closure and still encodes I;
- X and g(X) order alike (g increasing) or in reverse (g decreasing); X and −X in reverse; two
  constants both alike and in reverse.

Unknown by construction (``truth`` empty): products, geometric means and averages of two ranking
scores, linear scores with signed weights, ratios of random affine forms — and the **catalogue**
family: the catalogue's own scores of the scored, selective, thresholded and decision spaces
(roc_auc, brier, log_loss, coverage, net_benefit, expected_cost, …), given by slug to ``check``
(``catalogue``) and in pairs to ``compare`` (``catalogue_pair``), each on a space it is defined
on. Nothing is known of them by construction: the judge re-validates their refutations exactly
and searches their proofs; for a non-algebraic one (log_loss) only a refutation can be confirmed.

>>> cs = cases(12, seed=1)
>>> len(cs), sorted({c.command for c in cs})
(12, ['check', 'compare', 'importance'])
>>> c = cases(1, seed=0, commands=("check",))[0]
>>> c.argv()[:1]
['check']
>>> c = cases(1, seed=0, families=("catalogue",))[0]
>>> c.family, c.formulas[0] in catalogue_slugs(), c.sample_space().name in ("binary", "scored:3", "selective:2")
('catalogue', True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from ordertheory.catalogue import all_entries
from ordertheory.scores.expression import parse_constraint
from ordertheory.sets.performance_set import (
    Constraint,
    PerformanceSet,
    all_performances,
    fixed_prior,
    fixed_priors,
)
from ordertheory.spaces.sample_space import (
    SampleSpace,
    binary,
    multiclass,
    ordinal,
    scored,
    selective,
    with_satisfaction,
)

# g(r) strictly increasing on [0, 1], defined there, with conditions that hold wherever r is
INCREASING = ("({r})**3", "2*({r}) - 1", "({r})**2", "sqrt({r})", "exp({r})", "({r})/(2 - ({r}))",
              "log(1 + ({r}))", "-1/(1 + ({r}))", "({r})**5 + ({r})", "probit(({r})/2 + 1/4)",
              "(({r}) - 1/2)**3", "-(1 - ({r}))**3")
DECREASING = ("1 - ({r})", "-({r})**3", "1/(1 + ({r}))", "exp(-({r}))", "(1 - ({r}))**2", "-(({r}) - 1/2)**3")
CHECK_FAMILIES = ("ranking", "increasing", "decreasing", "product", "geometric", "average", "linear",
                  "affine_ratio", "constant", "catalogue")
COMPARE_FAMILIES = ("transform_same", "transform_reversed", "negated", "constants", "two_ranking", "random_pair",
                    "catalogue_pair")
CATALOGUE_FAMILIES = ("catalogue", "catalogue_pair")
CATALOGUE_KINDS = ("scored", "selective", "thresholded", "decision")  # the catalogue beyond two and k classes
CATALOGUE_SPACES = ("binary", "scored:3", "selective:2")  # where they are drawn when no given space fits
IMPORTANCE_FAMILIES = ("ranking", "increasing", "decreasing", "constant", "product", "linear", "affine_ratio")
#: the formula families (all but the catalogue's): the suite's differential test draws these as before
GENERAL_FAMILIES = tuple(f for f in dict.fromkeys((*CHECK_FAMILIES, *COMPARE_FAMILIES, *IMPORTANCE_FAMILIES))
                         if f not in CATALOGUE_FAMILIES)
SPACES = ("binary", "binary", "binary", "multiclass:3", "ordinal:3", "custom:2", "custom:3", "scored:3", "selective:2")


@dataclass(frozen=True)
class Case:
    """One generated question: a command, its formulas, the space and Π, and what is known."""

    command: str  # check | compare | importance
    family: str
    space: str  # binary | multiclass:K | ordinal:K | custom:K | scored:L | selective:K
    formulas: tuple[str, ...]
    truth: dict = field(default_factory=dict, hash=False, compare=False)
    satisfaction: tuple[tuple[str, ...], ...] | None = None  # for custom:K, the k × k matrix S
    prior: str | None = None
    constraints: tuple[str, ...] = ()
    seed: int = 0

    @property
    def label(self) -> str:
        """The class of the case, for counting: command/space kind/family."""
        return f"{self.command}/{self.space.split(':')[0]}/{self.family}"

    def sample_space(self) -> SampleSpace:
        if self.satisfaction is not None:
            return with_satisfaction([list(r) for r in self.satisfaction], f"custom:{len(self.satisfaction)}")
        if self.space == "binary":
            return binary()
        kind, k = self.space.split(":")
        return {"multiclass": multiclass, "ordinal": ordinal, "scored": scored, "selective": selective}[kind](int(k))

    def performance_set(self) -> PerformanceSet:
        """Π, built with the objects' own factories (not the CLI's)."""
        space = self.sample_space()
        if self.prior is None:
            Pi = all_performances(space)
        elif "," in self.prior:
            Pi = fixed_priors(space, self.prior.split(","))
        else:
            Pi = fixed_prior(space, self.prior)
        if not self.constraints:
            return Pi
        # as with_constraints, without its emptiness check (an exact vertex enumeration in sympy,
        # seconds on three classes): the generated constraints always leave performances
        extra = tuple(Constraint(*parse_constraint(c, space), c) for c in self.constraints)
        label = "; ".join(self.constraints) if Pi.label == "all" else f"{Pi.label}; {'; '.join(self.constraints)}"
        return PerformanceSet(space, Pi.constraints + extra, label)

    def argv(self, timeout: float | None = None, satisfaction_file: str = "S.txt") -> list[str]:
        """The command line (without the program name), with ``--json``; a custom S is read from
        ``satisfaction_file`` (write :meth:`satisfaction_text` there)."""
        out = [self.command]
        if self.satisfaction is not None:
            out += ["--satisfaction", satisfaction_file]
        elif self.space != "binary":
            out += ["--space", self.space]
        if self.prior is not None:
            out += ["--prior", self.prior]
        for c in self.constraints:
            out += ["--constraint", c]
        if timeout is not None:
            out += ["--timeout", f"{timeout:g}"]
        return [*out, "--json", "--", *self.formulas]

    def satisfaction_text(self) -> str:
        return "\n".join(" ".join(r) for r in self.satisfaction or ())


# --- formulas ---------------------------------------------------------------------------------------
def _term(coef: Fraction, name: str) -> str:
    return name if coef == 1 else f"{coef}*{name}"


def ranking_text(space: SampleSpace, I: dict[str, Fraction]) -> str:
    """E[I·S] / E[I] written in the outcome names (as a user would)."""
    num = " + ".join(_term(I[o] * space.S(o), o) for o in space.outcomes if I[o] * space.S(o) != 0) or "0"
    den = " + ".join(_term(I[o], o) for o in space.outcomes if I[o] != 0)
    return f"({num})/({den})"


def _importance(space: SampleSpace, rng: random.Random) -> dict[str, Fraction]:
    """A random importance with some weight where S > 0 and, when S is not constant, some weight
    below S's maximum (so that R_I is not constant on every Π)."""
    top = max(space.satisfaction)
    varied = min(space.satisfaction) < top
    while True:
        I = {o: Fraction(rng.choice((0, 0, 1, 1, 2, 3, Fraction(1, 2)))) for o in space.outcomes}
        if any(I[o] * space.S(o) for o in space.outcomes) and (
                not varied or any(I[o] and space.S(o) < top for o in space.outcomes)):
            return I


def _linear(space: SampleSpace, rng: random.Random, signed: bool = True) -> str:
    coeffs = [rng.choice((-2, -1, 0, 1, 1, 2, 3) if signed else (0, 1, 2, 3)) for _ in space.outcomes]
    if not any(coeffs):
        coeffs[0] = 1
    return " + ".join(f"({c})*{o}" for c, o in zip(coeffs, space.outcomes) if c)


def _affine_ratio(space: SampleSpace, rng: random.Random) -> str:
    c0, d0 = rng.choice((0, 0, 1, Fraction(1, 2))), rng.choice((0, 1, 1, 2))
    return f"({_linear(space, rng)} + {c0})/({_linear(space, rng, signed=False)} + {d0})"


def check_formula(family: str, space: SampleSpace, rng: random.Random) -> tuple[tuple[str, ...], dict]:
    """(formulas, truth) of a check case of ``family``."""
    R = ranking_text(space, _importance(space, rng))
    holds = {"test1": True, "test2": True, "test3": True, "domain_closed": True}
    if family == "ranking":
        return (R,), {**holds, "theorem2_condition": True}
    if family == "increasing":
        return (rng.choice(INCREASING).format(r=R),), holds
    if family == "decreasing":
        return (rng.choice(DECREASING).format(r=R),), {"test2": True, "test3": True, "domain_closed": True}
    R2 = ranking_text(space, _importance(space, rng))
    if family == "product":
        return (f"{R}*{R2}",), {}
    if family == "geometric":
        return (f"sqrt({R}*{R2})",), {}
    if family == "average":
        return (f"({R} + {R2})/2",), {}
    if family == "linear":
        return (_linear(space, rng),), {"test2": True, "test3": True, "domain_closed": True}
    if family == "affine_ratio":
        return (_affine_ratio(space, rng),), {}
    if family == "constant":
        return (rng.choice(("1/2", "1/3", "0", "-2")),), holds
    raise ValueError(family)


def compare_formulas(family: str, space: SampleSpace, rng: random.Random) -> tuple[tuple[str, ...], dict]:
    R = ranking_text(space, _importance(space, rng))
    if family == "transform_same":
        a, b = rng.sample(("({r})",) + INCREASING, 2)
        return (a.format(r=R), b.format(r=R)), {"same": True}
    if family == "transform_reversed":
        a, b = rng.choice(("({r})",) + INCREASING), rng.choice(DECREASING)
        return (a.format(r=R), b.format(r=R)), {"reversed": True}
    if family == "negated":
        X = rng.choice((R, _linear(space, rng), _affine_ratio(space, rng)))
        return (X, f"-({X})"), {"reversed": True}
    if family == "constants":
        a, b = rng.sample(("1/2", "1/3", "0", "2", "-1"), 2)
        return (a, b), {"same": True, "reversed": True}
    R2 = ranking_text(space, _importance(space, rng))
    if family == "two_ranking":
        return (R, R2), {}
    if family == "random_pair":
        return (_affine_ratio(space, rng), rng.choice((R2, _linear(space, rng)))), {}
    raise ValueError(family)


def importance_formula(family: str, space: SampleSpace, rng: random.Random) -> tuple[tuple[str, ...], dict]:
    if family in ("ranking", "increasing", "decreasing", "constant"):
        (X,), _ = check_formula(family, space, rng)
        return (X,), {"encodes_importance": True}
    if family == "product":
        return check_formula("product", space, rng)[0], {}
    if family == "linear":
        return (_linear(space, rng),), {}
    if family == "affine_ratio":
        return (_affine_ratio(space, rng),), {}
    raise ValueError(family)


def catalogue_slugs() -> tuple[str, ...]:
    """The catalogue's scores of the scored, selective, thresholded and decision spaces, by slug."""
    return tuple(e.slug for kind in CATALOGUE_KINDS for e in all_entries(kind))


def catalogue_case(family: str, spaces: tuple[str, ...], rng: random.Random) -> tuple[str, tuple[str, ...]]:
    """(space, slugs) of a ``catalogue`` (one slug, for check) or ``catalogue_pair`` case (two
    slugs defined on one space, for compare): the first slug drawn uniformly, then a space of
    ``spaces`` where it is defined (else one of :data:`CATALOGUE_SPACES`)."""
    entries = [e for kind in CATALOGUE_KINDS for e in all_entries(kind)]
    names = [n for n in dict.fromkeys(spaces) if not n.startswith("custom")]
    built = {n: Case("check", family, n, ()).sample_space() for n in (*names, *CATALOGUE_SPACES)}
    need = 2 if family == "catalogue_pair" else 1

    def fitting(pool: list[str]) -> dict[str, list[str]]:
        on = {n: [e for e in entries if e.accepts(built[n])] for n in pool}
        return {e.slug: [n for n in pool if e in on[n] and len(on[n]) >= need] for e in entries}

    where = {k: v for k, v in fitting(names).items() if v} or {k: v for k, v in fitting(list(CATALOGUE_SPACES)).items() if v}
    first = rng.choice(sorted(where))
    space = rng.choice(where[first])
    if need == 1:
        return space, (first,)
    second = rng.choice([e.slug for e in entries if e.slug != first and e.accepts(built[space])])
    return space, (first, second)


# --- settings ---------------------------------------------------------------------------------------
def _custom(k: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    vals = ("0", "1/4", "1/2", "3/4", "1")
    return tuple(tuple("1" if i == j else rng.choice(vals) for j in range(k)) for i in range(k))


def _setting(space: str, sp: SampleSpace, rng: random.Random) -> tuple[str | None, tuple[str, ...]]:
    """(prior, constraints): Π is all performances half of the time, else a fixed prior or a
    linear constraint."""
    roll = rng.random()
    if roll < 0.5:
        return None, ()
    if space == "binary":
        if roll < 0.8:
            return rng.choice(("1/2", "1/3", "1/5", "3/4")), ()
        return None, (rng.choice(("tp + fn >= 1/4", "tp <= 1/2", "fp + tp <= 3/4", "tn >= 1/10")),)
    k = sp.truth_classes or 2
    if roll < 0.8:
        balanced, skewed = [f"1/{k}"] * k, ["1/2"] + [f"1/{2 * (k - 1)}"] * (k - 1)
        return ",".join(rng.choice((balanced, skewed))), ()
    row = " + ".join(sp.row(0))  # ground truth class 0's outcomes, on every space with classes
    return None, (f"{row} >= 1/4",)


def cases(n: int, seed: int = 0, commands: tuple[str, ...] = ("check", "compare", "importance"),
          spaces: tuple[str, ...] = SPACES, families: tuple[str, ...] | None = None) -> list[Case]:
    """``n`` cases, deterministic for a seed, cycling through commands, families and spaces
    (``families``: only those, and only the commands that have one of them)."""
    rng = random.Random(seed)
    by_command = {"check": CHECK_FAMILIES, "compare": COMPARE_FAMILIES, "importance": IMPORTANCE_FAMILIES}
    if families is not None:
        unknown = sorted(set(families) - {f for fs in by_command.values() for f in fs})
        if unknown:
            raise ValueError(f"unknown families {unknown}; known: {sorted({f for fs in by_command.values() for f in fs})}")
        by_command = {c: tuple(f for f in fs if f in families) for c, fs in by_command.items()}
        commands = tuple(c for c in commands if by_command.get(c))
        if not commands:
            raise ValueError(f"no command has the families {list(families)}")
    make = {"check": check_formula, "compare": compare_formulas, "importance": importance_formula}
    out = []
    for i in range(n):
        command = commands[i % len(commands)]
        fams = by_command[command]
        family = fams[(i // len(commands)) % len(fams)]
        space = spaces[rng.randrange(len(spaces))]
        if family in CATALOGUE_FAMILIES:  # the catalogue's own scores, by slug, on a space of theirs
            space, slugs = catalogue_case(family, spaces, rng)
            sp = Case(command, family, space, ()).sample_space()
            prior, constraints = _setting(space, sp, rng)
            out.append(Case(command, family, space, slugs, {}, None, prior, constraints, seed * 100_003 + i))
            continue
        sat = None
        if space.startswith("custom"):
            sat = _custom(int(space.split(":")[1]), rng)
            sp = with_satisfaction([list(r) for r in sat], space)
        else:
            sp = Case(command, family, space, ()).sample_space()
        prior, constraints = _setting(space, sp, rng)
        formulas, truth = make[command](family, sp, rng)
        out.append(Case(command, family, space, formulas, truth, sat, prior, constraints, seed * 100_003 + i))
    return out
