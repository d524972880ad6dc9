; obligation theorem2[E={fp}]: for balanced_accuracy on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 0 for E = {fp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
