; obligation theorem2[E={tn, fp, tp}]: for f_beta_0.5 on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x10 (* 5.0 tp_1)))
 (let ((?x8 (* 4.0 fp_1)))
 (let ((?x11 (+ ?x8 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (and $x13))))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x10 (* 5.0 tp_1)))
(let ((?x8 (* 4.0 fp_1)))
(let ((?x11 (+ ?x8 ?x10)))
(let (($x13 (and (distinct ?x11 0.0) true)))
(=> $x13 (= (* x_1 ?x11) ?x10)))))))
(check-sat)
