; obligation theorem2[E={tn, tp}]: for odds_ratio on Π = all: P(E) = 1 implies 1 ≤ X(P) ≤ 1 for E = {tn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
