; obligation theorem2[E={fn, tp}]: for g_mean on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {fn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
