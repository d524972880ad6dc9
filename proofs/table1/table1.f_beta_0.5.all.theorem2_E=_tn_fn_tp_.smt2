; obligation theorem2[E={tn, fn, tp}]: for f_beta_0.5 on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x8 (* 5.0 tp_1)))
 (let ((?x9 (+ fn_1 ?x8)))
 (let (($x11 (and (distinct ?x9 0.0) true)))
 (and $x11)))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x8 (* 5.0 tp_1)))
(let ((?x9 (+ fn_1 ?x8)))
(let (($x11 (and (distinct ?x9 0.0) true)))
(=> $x11 (= (* x_1 ?x9) ?x8))))))
(check-sat)
