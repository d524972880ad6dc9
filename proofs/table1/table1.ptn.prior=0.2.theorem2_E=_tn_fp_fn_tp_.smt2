; obligation theorem2[E={tn, fp, fn, tp}]: for ptn on Π = prior=0.2: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=4/5, fn=0, tp=1/5)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 true)
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (=> (and (distinct 5.0 0.0) true) (= (* x_1 5.0) (+ 4.0 (* (- 5.0) fp_1)))))
(check-sat)
