; obligation theorem2[E={fp, fn}]: for nlr on Π = prior=0.2: P(E) = 1 implies 0 ≤ X(P) ≤ 0 for E = {fp, fn}
; expected: unsat (no counterexample exists)
; vacuous: the assumptions alone are unsatisfiable (z3 5.4.1: the assumptions alone are unsat); the statement holds vacuously
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
