; obligation theorem2[E={tn, fp, fn, tp}]: for f_beta_0.5 on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn, tp}
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
 (>= (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x22 (* 5.0 tp_1)))
 (let ((?x20 (* 4.0 fp_1)))
 (let ((?x23 (+ fn_1 ?x20 ?x22)))
 (let (($x24 (and (distinct ?x23 0.0) true)))
 (and $x24))))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x22 (* 5.0 tp_1)))
(let ((?x20 (* 4.0 fp_1)))
(let ((?x23 (+ fn_1 ?x20 ?x22)))
(let (($x24 (and (distinct ?x23 0.0) true)))
(=> $x24 (= (* x_1 ?x23) ?x22)))))))
(check-sat)
