; obligation theorem2[E={fp, fn}]: for balanced_accuracy on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 0 for E = {fp, fn}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=1/2, fn=1/2, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fn_1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x9 (+ 1.0 (* (- 1.0) fn_1))))
 (>= ?x9 0.0)))
(assert
 (>= fn_1 0.0))
(assert
 (and (and (distinct fn_1 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1)) 0.0) true)))
(assert
 (or (> 0.0 x_1) (< 0.0 x_1)))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(check-sat)
