; obligation theorem2[E={tn, fp, fn, tp}]: for f_beta_1 on Π = prior=0.5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=1/2, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (and (and (distinct (+ (/ 1.0 2.0) fp_1 tp_1) 0.0) true)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x33 (* 4.0 tp_1)))
(=> (and (distinct (+ 1.0 (* 2.0 fp_1) (* 2.0 tp_1)) 0.0) true) (= (* x_1 (+ 1.0 (* 2.0 fp_1) (* 2.0 tp_1))) ?x33))))
(check-sat)
