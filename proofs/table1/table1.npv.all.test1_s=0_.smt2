; obligation test1[s=0]: for npv on Π = all: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 0, P1 = (tn=0, fp=0, fn=1, tp=0), P2 = (tn=0, fp=0, fn=1, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun fp_2 () Real)
(declare-fun fn_2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ 1.0 (* (- 1.0) fn_1)) 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x16 (* (- 1.0) fp_2)))
 (let ((?x19 (+ 1.0 (* (- 1.0) fn_2) ?x16 ?x18)))
 (>= ?x19 0.0)))))
(assert
 (>= fp_2 0.0))
(assert
 (>= fn_2 0.0))
(assert
 (>= tp_2 0.0))
(assert
 (and (and (distinct fn_1 0.0) true)))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x16 (* (- 1.0) fp_2)))
 (let ((?x26 (+ 1.0 ?x16 ?x18)))
 (let (($x27 (and (distinct ?x26 0.0) true)))
 (and $x27))))))
(assert
 (> x_1 x_2))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
(let ((?x16 (* (- 1.0) fp_2)))
(let ((?x19 (+ 1.0 (* (- 1.0) fn_2) ?x16 ?x18)))
(let ((?x26 (+ 1.0 ?x16 ?x18)))
(let (($x27 (and (distinct ?x26 0.0) true)))
(=> $x27 (= (* x_2 ?x26) ?x19))))))))
(check-sat)
