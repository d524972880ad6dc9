; obligation theorem2[E={tn, fp, fn, tp}]: for balanced_accuracy on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=1/2, fn=0, tp=1/2)
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
 (and (and (distinct (+ fn_1 tp_1) 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1)) 0.0) true)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x35 (* 2.0 tp_1)))
(let ((?x32 (* (- 2.0) (* tp_1 tp_1))))
(let ((?x29 (* fn_1 fn_1)))
(let ((?x42 (* (- 1.0) ?x29)))
(let ((?x48 (+ fn_1 ?x42 ?x32 ?x35 (* (* (- 1.0) fn_1) fp_1) (* (* (- 1.0) fp_1) tp_1) (* (* (- 3.0) fn_1) tp_1))))
(let ((?x34 (* 2.0 fn_1)))
(let ((?x30 (* (- 2.0) ?x29)))
(let ((?x39 (+ ?x30 ?x32 ?x34 ?x35 (* (* (- 4.0) fn_1) tp_1))))
(=> (and (distinct ?x39 0.0) true) (= (* x_1 ?x39) ?x48)))))))))))
(check-sat)
