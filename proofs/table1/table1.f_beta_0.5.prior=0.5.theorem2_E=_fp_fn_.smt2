; obligation theorem2[E={fp, fn}]: for f_beta_0.5 on Π = prior=0.5: P(E) = 1 implies 0 ≤ X(P) ≤ 0 for E = {fp, fn}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=1/2, fn=1/2, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun x_1 () Real)
(assert
 true)
(assert
 (or (> 0.0 x_1) (< 0.0 x_1)))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(check-sat)
