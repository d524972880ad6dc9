; obligation theorem2[E={tn, fp, fn, tp}]: for ptn on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=0, fn=0, tp=1)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x13 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) fp_1) (* (- 1.0) tp_1))))
 (>= ?x13 0.0)))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 true)
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x13 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) fp_1) (* (- 1.0) tp_1))))
(=> (and (distinct 1.0 0.0) true) (= (* x_1 1.0) ?x13))))
(check-sat)
