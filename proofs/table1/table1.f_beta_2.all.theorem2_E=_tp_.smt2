; obligation theorem2[E={tp}]: for f_beta_2 on Π = all: P(E) = 1 implies 1 ≤ X(P) ≤ 1 for E = {tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun x_1 () Real)
(assert
 true)
(assert
 (or (> 1.0 x_1) (< 1.0 x_1)))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 1.0 (* x_1 1.0))))
(check-sat)
