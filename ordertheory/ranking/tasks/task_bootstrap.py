"""How sure a ranking across tasks is: the tasks resampled (and, with counts, each task's test sets too).

challengeR's bootstrap resamples the cases of one task; across tasks the uncertainty that dominates is
*which tasks* the benchmark happened to hold. Each draw resamples the T tasks with replacement and
recomputes the aggregate — the summarized performance (each entity's mixture over the drawn tasks, its
weights renormalised), the mean score, the mean or median rank — then ranks the entities (competition
ranks, following the score's direction). With ``within`` (every task's counts known) each drawn task's
test sets are also resampled (a multinomial bootstrap of each entity's counts on it): the two sources
of uncertainty together; so, on a results file whose folds are kept as resamples (``--folds resamples``),
each drawn task's folds are redrawn with replacement and each entity's value is the mean of the drawn
folds, ranked within the task (a failed fold makes it undefined, ranked last). Numeric (floats), seeded, in chunks of :data:`CHUNK` draws with their own
random streams (:func:`~ordertheory.ranking.uncertainty.resample.rng`): the same numbers on one process
or many (``jobs``, ``scheduler``: the one executor).

Per entity: the rank interval at ``level`` (the draws' quantiles) and P(rank 1); ties count for every
entity tied first.

>>> import numpy as np
>>> stat = Statistic("mean rank", np.array([[1.0, 2.0, 3.0], [1.0, 3.0, 2.0], [2.0, 1.0, 3.0]]), None, None, None)
>>> b = bootstrap(stat, ("A", "B", "C"), draws=400, seed=0)
>>> b.rank_interval[0][0], b.p_first[0] > b.p_first[2]
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import stats

from ordertheory.engine.executor import Task, executor, run_tasks
from ordertheory.errors import InvalidInput
from ordertheory.ranking.uncertainty.resample import rng
from ordertheory.ranking.uncertainty.score_draws import DrawEvaluator

CHUNK = 200  # draws per random stream (per executor task)
STREAM = 7  # this module's random stream, apart from the draws of ranking/uncertainty
MAX_DRAWS = 10**6
MEMORY = 20_000_000  # numbers a chunk holds at most (draws × tasks × entities [× |Ω| when test sets are resampled])


@dataclass(frozen=True)
class Statistic:
    """What a draw recomputes: per-task ``oriented`` values (higher is better) or ranks (``name`` says
    which), or — the summarized performance — per-task probabilities ``probs`` (T, E, |Ω|) with the mixture
    weights ``weights`` (E, T), the score ``evaluator`` and, to resample the test sets, ``counts`` (T, E, |Ω|)."""

    name: str
    table: np.ndarray | None  # (T, E): ranks (lower is better) or oriented values (higher is better)
    probs: np.ndarray | None
    weights: np.ndarray | None
    evaluator: DrawEvaluator | None
    counts: np.ndarray | None = None
    sign: float = 1.0  # +1: the score's value as is; −1: a loss, negated so that higher is better
    #: per task, its folds' oriented values (F_t, E) (higher is better, NaN: failed), redrawn in every draw
    folds: list[np.ndarray] | None = None

    @property
    def lower_is_better(self) -> bool:
        return self.name in ("mean rank", "median rank")


def _chunk(stat: Statistic, size: int, seed: int, index: int) -> np.ndarray:
    """(size, E) competition ranks of one chunk of draws."""
    g = rng(seed, STREAM, index)
    T = (stat.table if stat.table is not None else stat.probs).shape[0]
    idx = g.integers(0, T, size=(size, T))
    if stat.probs is not None:
        mult = np.stack([np.bincount(row, minlength=T) for row in idx]).astype(float)  # (size, T)
        if stat.counts is not None:  # each task's test sets resampled, then its probabilities
            n = stat.counts.sum(axis=-1)
            with np.errstate(invalid="ignore", divide="ignore"):
                p = stat.counts / n[..., None]
            resampled = g.multinomial(n.astype(np.int64), p, size=(size,) + n.shape)  # (size, T, E, K)
            probs = resampled / n[None, ..., None]
        w = mult[:, None, :] * stat.weights[None]  # (size, E, T)
        w = w / w.sum(axis=-1, keepdims=True)
        mixed = np.einsum("set,stek->sek", w, probs) if stat.counts is not None else \
            np.einsum("set,tek->sek", w, stat.probs)
        values = stat.sign * stat.evaluator(mixed, counts=False)
    elif stat.folds is not None:
        values = _fold_ranks(stat, idx, g)
    else:
        drawn = stat.table[idx]  # (size, T, E)
        if stat.name == "median rank":
            values = -np.median(drawn, axis=1)
        elif stat.lower_is_better:
            values = -drawn.mean(axis=1)
        else:
            values = drawn.mean(axis=1)
    values = np.where(np.isnan(values), -np.inf, values)
    return 1 + (values[:, None, :] > values[:, :, None]).sum(axis=2)


def _fold_ranks(stat: Statistic, idx: np.ndarray, g: np.random.Generator) -> np.ndarray:
    """(size, E) minus the mean rank over the drawn tasks, each drawn task's folds redrawn (see the module)."""
    F = np.array([f.shape[0] for f in stat.folds])
    E = stat.folds[0].shape[1]
    padded = np.full((len(F), F.max(), E), np.nan)
    for t, f in enumerate(stat.folds):
        padded[t, :len(f)] = f
    size, T = idx.shape
    k = F[idx]  # (size, T) folds of each drawn task
    pick = np.floor(g.random((size, T, F.max())) * k[..., None]).astype(int)  # fold indices < k
    drawn = padded[idx[..., None], pick]  # (size, T, F_max, E)
    used = np.arange(F.max())[None, None, :] < k[..., None]  # the first k draws of each task count
    with np.errstate(invalid="ignore"):
        mean = np.where(used[..., None], drawn, 0.0).sum(axis=2) / k[..., None]  # NaN stays NaN: failed
    mean = np.where(np.isnan(mean), -np.inf, mean)
    ranks = stats.rankdata(-mean, axis=-1)  # within each drawn task, ties share their mean rank
    return -ranks.mean(axis=1)


@dataclass(frozen=True)
class TaskBootstrap:
    """Per entity (in the given order) its rank interval and P(ranks first) over the draws."""

    statistic: str
    method: str
    names: tuple[str, ...]
    draws: int
    seed: int
    level: float
    rank_interval: tuple[tuple[int, int], ...]
    p_first: tuple[float, ...]

    def to_json(self) -> dict:
        return {"statistic": self.statistic, "method": self.method, "draws": self.draws, "seed": self.seed,
                "level": self.level,
                "entities": [{"entity": n, "rank_interval": list(r), "p_first": p}
                             for n, r, p in zip(self.names, self.rank_interval, self.p_first)]}


def bootstrap(stat: Statistic, names: tuple[str, ...], draws: int = 1000, seed: int = 0, level: float = 0.95,
              jobs: int = 1, scheduler: str | None = None) -> TaskBootstrap:
    """Resample the tasks ``draws`` times (see the module's docstring)."""
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= MAX_DRAWS:
        raise InvalidInput(f"expected between 1 and {MAX_DRAWS} draws but got {draws!r}")
    if not 0 < level < 1:
        raise InvalidInput(f"expected a level in (0, 1) but got {level}")
    held = stat.counts.size if stat.counts is not None else \
        sum(f.size for f in stat.folds) * 2 if stat.folds is not None else \
        stat.table.size if stat.table is not None else stat.probs.shape[0]
    chunk = max(1, min(CHUNK, MEMORY // max(1, held)))  # fixed by the data: the same draws on any executor
    sizes = [min(chunk, draws - s) for s in range(0, draws, chunk)]
    if (jobs > 1 or scheduler) and len(sizes) > 1:
        tasks = [Task(f"bootstrap:{i}", _chunk, (stat, n, seed, i)) for i, n in enumerate(sizes)]
        with executor(jobs, scheduler) as ex:
            out, _ = run_tasks(ex, tasks)
        ranks = np.concatenate([out[t.name] for t in tasks])
    else:
        ranks = np.concatenate([_chunk(stat, n, seed, i) for i, n in enumerate(sizes)])
    lo = np.quantile(ranks, (1 - level) / 2, axis=0, method="inverted_cdf")
    hi = np.quantile(ranks, 1 - (1 - level) / 2, axis=0, method="inverted_cdf")
    method = "tasks resampled" + (" and each task's test sets (multinomial)" if stat.counts is not None else
                                  " and each drawn task's folds" if stat.folds is not None else "")
    return TaskBootstrap(stat.name, method, names, draws, seed, level,
                         tuple((int(a), int(b)) for a, b in zip(lo, hi)),
                         tuple(float(x) for x in (ranks == 1).mean(axis=0)))


__all__ = ["Statistic", "TaskBootstrap", "bootstrap"]
