; obligation theorem2[E={tn, fn, tp}]: for balanced_accuracy on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x14 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))))
 (>= ?x14 0.0)))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (and (and (distinct (+ fn_1 tp_1) 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1)) 0.0) true)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let (($x25 (= (* x_1 (+ (* 2.0 fn_1) (* 2.0 tp_1))) (+ fn_1 (* 2.0 tp_1)))))
(=> (and (distinct (+ (* 2.0 fn_1) (* 2.0 tp_1)) 0.0) true) $x25)))
(check-sat)
