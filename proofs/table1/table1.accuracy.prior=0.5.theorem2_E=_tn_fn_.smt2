; obligation theorem2[E={tn, fn}]: for accuracy on Π = prior=1/2: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn}
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
 (=> (and (distinct 2.0 0.0) true) (= 1.0 (* x_1 2.0))))
(check-sat)
