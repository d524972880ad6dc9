"""What ``ordertheory tasks`` prints: one table per statistic, each headed by what it is, conventions named.

The tables, in this order: the average ranks (Friedman's and Nemenyi's statistic), challengeR's consensus,
the bootstrap over tasks (rank intervals and P(first) *of its own statistic*, sorted by it), Friedman in
both conventions, the Nemenyi CD and its cliques, every pair (Nemenyi p, Wilcoxon with its zero method,
Holm), the comparison with a control, the Bayesian test (its boundary rule stated). Every pairwise
statistic stands beside the number of tasks it rests on. The numbers come from
:class:`~ordertheory.ranking.tasks.task_report.TaskStatistics`; nothing is computed here but the layout.
"""

from __future__ import annotations

from ordertheory.ranking.tasks.bayesian import BOUNDARY_RULE
from ordertheory.ranking.tasks.task_report import TaskStatistics


def _p(x) -> str:
    return "-" if x is None else f"{x:.4g}"


def _ranks(st: TaskStatistics) -> list[str]:
    out = [f"average rank over {len(st.tasks)} tasks (1 is the best; per-task ties share their mean rank): "
           "Friedman's and Nemenyi's statistic", f"{'avg rank':>9}  entity"]
    out += [f"{float(st.average[i]):>9.3f}  {st.names[i]}" for i in st.order()]
    order = sorted(range(len(st.names)), key=lambda i: (st.consensus_rank[i], st.names[i]))
    out += ["challengeR's consensus (euclidean): the order of the mean per-task rank, ties given the smallest rank",
            f"{'rank':>5} {'mean rank':>10}  entity"]
    out += [f"{st.consensus_rank[i]:>5} {float(st.consensus_mean[i]):>10.3f}  {st.names[i]}" for i in order]
    return out


def _bootstrap(st: TaskStatistics) -> list[str]:
    b = st.bootstrap
    if b is None:
        return []
    order = sorted(range(len(b.names)), key=lambda i: (b.rank_interval[i][0], -b.p_first[i], b.names[i]))
    out = [f"bootstrap of the {b.statistic}: {b.draws} draws ({b.method}), level {b.level:g}, seed {b.seed} — "
           "the ranks of this statistic in the draws", f"{'rank interval':>13} {'P(first)':>8}  entity"]
    for i in order:
        lo, hi = b.rank_interval[i]
        out.append(f"{f'[{lo}, {hi}]':>13} {b.p_first[i]:>8.3f}  {b.names[i]}")
    return out


def _tests(st: TaskStatistics) -> list[str]:
    fr, N = st.friedman, len(st.tasks)
    if fr.chi2 is None:
        out = ["Friedman: needs 3 entities at least"]
    else:
        out = [f"Friedman over {N} tasks: χ² = {fr.chi2:.4f} tie-corrected (scipy), p = {_p(fr.p)}; "
               f"Iman–Davenport F = {fr.f:.4f} (df {fr.df[0]}, {fr.df[1]}), p = {_p(fr.f_p)}",
               f"  textbook (Demšar's formula, no tie correction): χ² = {float(fr.chi2_textbook):.4f} "
               f"(= {fr.chi2_textbook}), p = {_p(fr.p_textbook)}; Iman–Davenport F = {fr.f_textbook:.4f}, "
               f"p = {_p(fr.f_p_textbook)}"]
    out.append(f"Nemenyi over {N} tasks: q_α = {st.q_alpha:.4f} at α = {st.alpha:g}, CD = {st.cd:.4f}; cliques "
               "(not separated): " + ("; ".join("{" + ", ".join(st.names[i] for i in c) + "}" for c in st.cliques)
                                      or "none"))
    return out


def _pairs(st: TaskStatistics) -> list[str]:
    nem = {frozenset((st.names[i], st.names[j])): p for i, j, p in st.nemenyi_p}
    out = [f"every pair: Nemenyi p (scikit-posthocs' posthoc_nemenyi_friedman, {len(st.tasks)} tasks) | Wilcoxon "
           f"signed-rank p (scipy, zero_method={st.zero_method}) and Holm over every pair, on the tasks where both "
           "are defined (zeros: ties)", f"{'Nemenyi p':>10} | {'tasks':>5} {'zeros':>5} {'Wilcoxon p':>10} "
           f"{'Holm p':>8}  pair"]
    for p in st.pairs:
        mark = " *" if p.p_holm is not None and p.p_holm < st.alpha else ""
        why = f" ({p.reason})" if p.reason else ""
        out.append(f"{_p(nem.get(frozenset((p.a, p.b)))):>10} | {p.tasks:>5} {p.zeros:>5} {_p(p.p):>10} "
                   f"{_p(p.p_holm):>8}  {p.a} vs {p.b}{mark}{why}")
    return out


def _control(st: TaskStatistics) -> list[str]:
    c = st.control
    if c is None:
        return []
    out = [f"against the control {st.names[c.control]} over {c.tasks} tasks (Demšar §3.2.2): z = ΔR/SE, Holm's "
           f"step-down on the two-sided p; Bonferroni–Dunn CD = {c.critical_value:.4f}·SE = {c.cd:.4f} at "
           f"α = {c.alpha:g}", f"{'ΔR':>7} {'z':>8} {'p':>9} {'Holm p':>9}  entity"]
    for r in sorted(c.rows, key=lambda r: (r.p, st.names[r.entity])):
        mark = " (separated by the CD)" if r.separated else ""
        out.append(f"{float(r.difference):>+7.3f} {r.z:>+8.3f} {_p(r.p):>9} {_p(r.p_holm):>9}  {st.names[r.entity]}{mark}")
    return out


def _bayes(st: TaskStatistics) -> list[str]:
    if not st.bayes:
        return []
    out = [f"Bayesian signed-rank (baycomp's model), ROPE ±{float(st.rope):g}, {st.bayes_samples} draws: "
           "P(first better) / P(equivalent) / P(second better); boundary: " + BOUNDARY_RULE]
    out += [f"  {b.a} vs {b.b} ({b.tasks} tasks): {b.left:.3f} / {b.rope:.3f} / {b.right:.3f}" for b in st.bayes]
    return out


def task_lines(st: TaskStatistics, conversion: str, out: str | None = None) -> list[str]:
    """Every line ``ordertheory tasks`` prints, tables separated by blank lines."""
    head = [f"score: {st.score}; {st.direction.ranked_by(st.score)}; {len(st.tasks)} tasks × {len(st.names)} "
            f"entities ({conversion})"]
    head += list(st.notes)
    if st.undefined:
        head.append(f"undefined on {st.undefined} (task, entity) pairs: ranked last on their task")
    blocks = [head, _ranks(st), _bootstrap(st), _tests(st), _pairs(st), _control(st), _bayes(st)]
    if out:
        blocks.append([f"critical-difference diagram: {out}"])
    lines: list[str] = []
    for b in blocks:
        if b:
            lines += ([""] if lines else []) + b
    return lines


__all__ = ["task_lines"]
