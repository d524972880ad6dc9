; obligation theorem2[E={tn, fp, fn}]: for npv on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x15 (* (- 1.0) fn_1)))
 (let ((?x16 (+ 1.0 ?x15 ?x9)))
 (>= ?x16 0.0)))))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x10 (+ 1.0 ?x9)))
 (let (($x12 (and (distinct ?x10 0.0) true)))
 (and $x12)))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
(let ((?x15 (* (- 1.0) fn_1)))
(let ((?x16 (+ 1.0 ?x15 ?x9)))
(let ((?x10 (+ 1.0 ?x9)))
(let (($x12 (and (distinct ?x10 0.0) true)))
(=> $x12 (= (* x_1 ?x10) ?x16))))))))
(check-sat)
