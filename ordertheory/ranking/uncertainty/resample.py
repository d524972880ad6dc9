"""Draws of every entity's performance: the Dirichlet posterior, the multinomial bootstrap, the
case bootstrap — seeded, vectorised, and the same whatever the number of processes.

- **posterior**: P_e ~ Dirichlet(c_e + α) from entity e's counts c_e and a prior α on the outcomes.
  The default prior (:func:`default_prior`) has total mass 1 whatever the number of outcomes: ½ on
  the satisfying outcomes and ½ on the errors (shared equally among the satisfaction levels, evenly
  within a level), so that accuracy's posterior is Beta(right + ½, wrong + ½) — the Jeffreys
  interval — on any k. A flat α on every outcome (``--alpha``; α = 1 is uniform on the simplex)
  adds α·k² pseudo-counts, mostly on error cells: at k = 10 it swamps a test set of hundreds
  (docs/uncertainty.md has the coverage figures). Drawn as independent Gamma(c_e,ω + α_ω)
  variables divided by their sum.
- **bootstrap**: c*_e ~ Multinomial(n_e, c_e / n_e), each entity's test set resampled on its own
  (integer counts: equal performances tie exactly in every draw).
- **case bootstrap** (per-sample predictions, :mod:`ordertheory.ranking.leaderboards.per_sample`): the test
  cases — or the groups of cases, when a ``group`` column says which cases belong together —
  resampled with replacement once per draw for all entities together (challengeR's bootstrap),
  so that the draws keep the pairing of the entities.

The draws are made in chunks of :data:`CHUNK` draws; chunk i has its own random stream,
``SeedSequence(seed, spawn_key=(stream, i))``. The chunks are independent tasks on
:mod:`ordertheory.engine.executor` (``--jobs``, ``--scheduler``) and their results are put back in
chunk order, so a run gives the same numbers on one process or many.

>>> import numpy as np
>>> counts = np.array([[6.0, 2, 1, 1], [3, 1, 1, 0]])
>>> d = draw(Resampling.BOOTSTRAP, counts, 3, seed=0, index=0)
>>> d.shape, d.sum(axis=2).tolist()
((3, 2, 4), [[10.0, 5.0], [10.0, 5.0], [10.0, 5.0]])
>>> np.array_equal(d, draw(Resampling.BOOTSTRAP, counts, 3, seed=0, index=0))
True
"""

from __future__ import annotations

import enum
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ordertheory.engine.executor import Task, executor, run_tasks
from ordertheory.errors import InvalidInput, ResourceLimit
from ordertheory.spaces.sample_space import SampleSpace

CHUNK = 1000  # draws per chunk (per random stream, per task): fixed, so results do not depend on --jobs
MAX_DRAWS = 10**7


class Resampling(enum.StrEnum):
    """How the entities' performances are drawn."""

    POSTERIOR = "posterior"
    BOOTSTRAP = "bootstrap"
    CASE_BOOTSTRAP = "case bootstrap"
    BAYESIAN_BOOTSTRAP = "Bayesian bootstrap"  # per-sample scores: Dirichlet(1, …, 1) weights of the cases

    @property
    def gives_counts(self) -> bool:
        """Whether a draw is integer counts (both bootstraps) rather than probabilities."""
        return self in (Resampling.BOOTSTRAP, Resampling.CASE_BOOTSTRAP)


@dataclass(frozen=True)
class Plan:
    """How many draws, from which seed, with which prior (posterior only), split in chunks.

    ``alpha``: None for :func:`default_prior` (total mass 1), or a flat α on every outcome."""

    method: Resampling
    draws: int = 10_000
    seed: int = 0
    alpha: float | None = None

    def __post_init__(self) -> None:
        if isinstance(self.draws, bool) or not isinstance(self.draws, int) or not 1 <= self.draws <= MAX_DRAWS:
            raise InvalidInput(f"expected --draws between 1 and {MAX_DRAWS} but got {self.draws!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise InvalidInput(f"expected a non-negative integer --seed but got {self.seed!r}")
        if self.alpha is not None and not (isinstance(self.alpha, int | float) and not isinstance(self.alpha, bool)
                                           and 0 < float(self.alpha) < 1e6):
            raise InvalidInput(f"expected a Dirichlet prior --alpha > 0 but got {self.alpha!r}")

    def chunks(self, size: int = CHUNK) -> list[tuple[int, int]]:
        """(index, number of draws) of each chunk."""
        return [(i, min(size, self.draws - s)) for i, s in enumerate(range(0, self.draws, size))]

    def prior(self, space: SampleSpace) -> np.ndarray:
        """The Dirichlet prior of each outcome of ``space`` (posterior only)."""
        if self.alpha is None:
            return default_prior(space)
        return np.full(len(space), float(self.alpha))

    def prior_text(self) -> str:
        """The prior in words, for every report."""
        if self.alpha is None:
            return "prior of total mass 1: ½ on the satisfying outcomes, ½ on the errors; Jeffreys for accuracy"
        return f"prior α = {self.alpha:g} on every outcome"

    def describe(self) -> str:
        what = {Resampling.POSTERIOR: f"Dirichlet posterior ({self.prior_text()})",
                Resampling.BOOTSTRAP: "multinomial bootstrap of each test set",
                Resampling.CASE_BOOTSTRAP: "case bootstrap (cases resampled jointly for all entities)",
                Resampling.BAYESIAN_BOOTSTRAP: "Bayesian bootstrap (Dirichlet(1, …, 1) weights of the cases, jointly "
                                               "for all entities)"}
        return f"{what[self.method]}, {self.draws} draws, seed {self.seed}"

    def to_json(self) -> dict:
        return {"method": self.method.value, "draws": self.draws, "seed": self.seed,
                "prior_alpha": None if self.method is not Resampling.POSTERIOR or self.alpha is None
                else float(self.alpha),
                "prior": (("default" if self.alpha is None else "flat") if self.method is Resampling.POSTERIOR
                          else None)}


def default_prior(space: SampleSpace) -> np.ndarray:
    """The default Dirichlet prior: total mass 1, shared equally among the satisfaction levels S(ω)
    and evenly within each. On k classes: 1/(2k) on each correct cell, 1/(2k(k−1)) on each error, so
    that any event "right or wrong" gets Beta(½, ½) — Jeffreys' prior — whatever k; on two classes
    ¼ on each outcome (Perks' prior 1/|Ω|). Its mass does not grow with |Ω|: it never swamps the data.

    >>> from ordertheory.spaces.sample_space import binary, multiclass
    >>> default_prior(binary()).tolist()
    [0.25, 0.25, 0.25, 0.25]
    >>> p = default_prior(multiclass(10))
    >>> round(float(p.sum()), 12), round(float(p[0]), 4), round(float(p[1]), 6)
    (1.0, 0.05, 0.005556)
    """
    levels = [space.S(o) for o in space.outcomes]
    size = {s: levels.count(s) for s in set(levels)}
    return np.array([1.0 / (len(size) * size[s]) for s in levels])


def rng(seed: int, stream: int, index: int) -> np.random.Generator:
    """The random stream of one chunk: ``stream`` keeps apart the uses of one seed (draws, Tile,
    permutations), ``index`` the chunks."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(stream, index)))


def draw(method: Resampling, source: np.ndarray, size: int, seed: int, index: int,
         alpha: float | np.ndarray = 1.0, stream: int = 0) -> np.ndarray:
    """``size`` draws, shape (size, entities, |Ω|): probabilities (posterior) or counts (bootstraps).
    ``alpha``: the posterior's prior, one number or one per outcome.

    ``source`` is the counts matrix (entities × |Ω|) — or, for the case bootstrap, the per-group
    counts (groups × entities × |Ω|) of :meth:`ordertheory.ranking.leaderboards.per_sample.Predictions.group_counts`.
    """
    g = rng(seed, stream, index)
    if method is Resampling.POSTERIOR:
        shape = np.broadcast_to(source + alpha, (size,) + source.shape)
        gam = g.standard_gamma(shape)
        return gam / gam.sum(axis=2, keepdims=True)
    if method is Resampling.BOOTSTRAP:
        totals = np.rint(source.sum(axis=1)).astype(np.int64)
        p = source / source.sum(axis=1, keepdims=True)
        out = g.multinomial(totals, p, size=(size, source.shape[0]))
        return out.astype(np.float64)
    groups = source.shape[0]
    w = g.multinomial(groups, np.full(groups, 1.0 / groups), size=size).astype(np.float64)
    return np.einsum("dg,gek->dek", w, source)


def run_chunks(plan: Plan, fn: Callable, args: tuple, jobs: int | None = 1, scheduler: str | None = None,
               size: int = CHUNK, progress: Callable[[int, int], None] | None = None,
               deadline: float | None = None) -> list:
    """``fn(*args, index, draws)`` for every chunk of ``plan``, on the executor; results in chunk order.

    Past ``deadline`` (``time.monotonic()``), :class:`~ordertheory.errors.ResourceLimit` (the answer
    is unknown: fewer draws would do)."""
    chunks = plan.chunks(size)
    out: dict[int, object] = {}
    with executor(jobs or 1, scheduler) as ex:
        batch = max(1, 2 * (jobs or 1))
        for s in range(0, len(chunks), batch):
            part = chunks[s:s + batch]
            tasks = [Task(f"chunk{i}", fn, args + (i, n)) for i, n in part]
            results, _ = run_tasks(ex, tasks)
            out.update({i: results[f"chunk{i}"] for i, _ in part})
            if progress is not None:
                progress(min(len(chunks), s + batch), len(chunks))
            if deadline is not None and time.monotonic() > deadline and s + batch < len(chunks):
                raise ResourceLimit(f"the resampling passed its time limit after {s + batch} of {len(chunks)} "
                                    f"chunks of draws; lower --draws or raise --timeout")
    return [out[i] for i, _ in chunks]


class Progress:
    """A line on stderr per step once the work has run for two seconds."""

    def __init__(self, what: str) -> None:
        self.what, self.t0, self.last = what, time.monotonic(), 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.t0 > 2 and (now - self.last > 1 or done == total):
            self.last = now
            print(f"[{self.what}] {done}/{total} chunks ({now - self.t0:.0f} s)", file=sys.stderr, flush=True)


def quantile_interval(x: np.ndarray, level: float, axis: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The equal-tailed interval holding ``level`` of the draws (NaNs, i.e. undefined draws, left out)."""
    lo, hi = (1 - level) / 2, (1 + level) / 2
    with np.errstate(all="ignore"):
        q = np.nanquantile(x, [lo, hi], axis=axis)
    return q[0], q[1]


def integer_interval(counts: np.ndarray, level: float) -> tuple[int, int] | None:
    """The equal-tailed interval of an integer distribution given by its counts (index = value):
    the smallest value whose cumulative share reaches (1 − level)/2, the smallest reaching (1 + level)/2."""
    total = counts.sum()
    if total == 0:
        return None
    c = np.cumsum(counts) / total
    lo = int(np.searchsorted(c, (1 - level) / 2 - 1e-12))
    hi = int(np.searchsorted(c, (1 + level) / 2 - 1e-12))
    return lo, hi


def check_level(level: float) -> float:
    """A level strictly between 0 and 1 (e.g. 0.95)."""
    if not (isinstance(level, int | float) and 0 < float(level) < 1):
        raise InvalidInput(f"expected a --level strictly between 0 and 1 (e.g. 0.95) but got {level!r}")
    return float(level)
