; obligation theorem2[E={fp, tp}]: for f_beta_0.5 on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ 1.0 (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x7 (+ 4.0 tp_1)))
 (let (($x9 (and (distinct ?x7 0.0) true)))
 (and $x9))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x7 (+ 4.0 tp_1)))
(let (($x9 (and (distinct ?x7 0.0) true)))
(=> $x9 (= (* x_1 ?x7) (* 5.0 tp_1))))))
(check-sat)
