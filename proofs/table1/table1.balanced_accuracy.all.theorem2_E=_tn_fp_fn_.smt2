; obligation theorem2[E={tn, fp, fn}]: for balanced_accuracy on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x16 (* (- 1.0) fp_1)))
 (let ((?x11 (* (- 1.0) fn_1)))
 (let ((?x17 (+ 1.0 ?x11 ?x16)))
 (>= ?x17 0.0)))))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (and (and (distinct fn_1 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1)) 0.0) true)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x16 (* (- 1.0) fp_1)))
(let ((?x11 (* (- 1.0) fn_1)))
(let ((?x17 (+ 1.0 ?x11 ?x16)))
(=> (and (distinct (+ 2.0 (* (- 2.0) fn_1)) 0.0) true) (= (* x_1 (+ 2.0 (* (- 2.0) fn_1))) ?x17))))))
(check-sat)
