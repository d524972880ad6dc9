; obligation theorem2[E={fp, fn, tp}]: for f_beta_0.5 on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {fp, fn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (and (and (distinct (+ (/ 17.0 5.0) (* 4.0 tp_1)) 0.0) true)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (=> (and (distinct (+ 17.0 (* 20.0 tp_1)) 0.0) true) (= (* x_1 (+ 17.0 (* 20.0 tp_1))) (* 25.0 tp_1))))
(check-sat)
