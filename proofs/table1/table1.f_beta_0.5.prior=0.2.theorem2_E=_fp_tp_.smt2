; obligation theorem2[E={fp, tp}]: for f_beta_0.5 on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun x_1 () Real)
(assert
 true)
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (=> (and (distinct 21.0 0.0) true) (= 5.0 (* x_1 21.0))))
(check-sat)
