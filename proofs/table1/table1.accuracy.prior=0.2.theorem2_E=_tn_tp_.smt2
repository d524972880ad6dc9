; obligation theorem2[E={tn, tp}]: for accuracy on Π = prior=0.2: P(E) = 1 implies 1 ≤ X(P) ≤ 1 for E = {tn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=4/5, fp=0, fn=0, tp=1/5)
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
