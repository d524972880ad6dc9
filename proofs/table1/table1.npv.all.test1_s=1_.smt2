; obligation test1[s=1]: for npv on Π = all: P1(S ≤ 1) = 1 and P2(S ≥ 1) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 1, P1 = (tn=0, fp=0, fn=1, tp=0), P2 = (tn=1, fp=0, fn=0, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x13 (+ 1.0 (* (- 1.0) fn_1) ?x10 ?x12)))
 (>= ?x13 0.0)))))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x21 (+ 1.0 (* (- 1.0) tp_2))))
 (>= ?x21 0.0)))
(assert
 (>= tp_2 0.0))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x24 (+ 1.0 ?x10 ?x12)))
 (let (($x25 (and (distinct ?x24 0.0) true)))
 (and $x25))))))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) tp_2)) 0.0) true)))
(assert
 (> x_1 x_2))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x13 (+ 1.0 (* (- 1.0) fn_1) ?x10 ?x12)))
 (let ((?x24 (+ 1.0 ?x10 ?x12)))
 (let (($x25 (and (distinct ?x24 0.0) true)))
 (=> $x25 (= (* x_1 ?x24) ?x13))))))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 1.0 (* x_2 1.0))))
(check-sat)
