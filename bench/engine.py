"""Order-theory engine: lemma set, the 64 cases, preorder counting; baselines in the same run."""

from __future__ import annotations

import itertools
import time

from ordertheory.theory.cases import PAIRS, derive_cases
from ordertheory.theory.lemmas import check_lemmas
from ordertheory.theory.preorders.counting import (
    count_posets,
    count_preorders,
    count_preorders_bruteforce,
    count_preorders_z3,
)


def _time(f, *a):
    t0 = time.perf_counter()
    out = f(*a)
    return out, time.perf_counter() - t0


def _cases_bruteforce() -> int:
    """Baseline: decide the 64 assignments by testing transitivity directly in Python."""
    els = "abc"
    n = 0
    for bits in itertools.product((False, True), repeat=6):
        le = {(x, x): True for x in els}
        le.update(zip(PAIRS, bits))
        n += all(not (le[x, y] and le[y, z]) or le[x, z] for x in els for y in els for z in els)
    return n


def run() -> list[str]:
    lines = ["## engine"]
    res, t = _time(check_lemmas)
    lines.append(f"lemma set: {len(res)} statements x 3 assumption sets, {t:.2f} s "
                 f"({sum(r.result.seconds for r in res) * 1000:.0f} ms in z3 for the main proofs)")
    cases, t_z3 = _time(derive_cases)
    n_bf, t_bf = _time(_cases_bruteforce)
    assert sum(c.possible for c in cases) == n_bf == 29
    lines.append(f"64 cases with z3: {t_z3:.3f} s; brute force in Python: {t_bf * 1000:.2f} ms "
                 f"(z3 / brute = {t_z3 / t_bf:.0f}x: z3 buys a proof object per case, not speed)")
    for n in (4, 5):
        count_posets.cache_clear()
        fast, tf = _time(count_preorders, n)
        slow, ts = _time(count_preorders_bruteforce, n)
        assert fast == slow
        lines.append(f"preorders n={n}: {fast} — fast {tf * 1000:.1f} ms, brute force over all relations "
                     f"{ts:.2f} s, ratio {ts / max(tf, 1e-9):.0f}x")
    z4, tz = _time(count_preorders_z3, 4)
    lines.append(f"preorders n=4 by z3 model enumeration: {z4} in {tz:.2f} s")
    for n in (6, 7):
        count_posets.cache_clear()
        c, t = _time(count_preorders, n)
        est = (2 ** (n * (n - 1))) / (2 ** 20) * ts  # brute force scales with the number of relations
        lines.append(f"preorders n={n}: {c} in {t:.2f} s (brute force would take ~{est:.3g} s, "
                     f"ratio ~{est / t:.3g}x, extrapolated from n=5)")
    return lines
