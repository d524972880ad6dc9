; obligation theorem2[E={tn, fn}]: for mcc on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
