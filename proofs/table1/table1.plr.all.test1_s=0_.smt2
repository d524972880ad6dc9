; obligation test1[s=0]: for plr on Π = all: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 0, P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun fp_2 () Real)
(declare-fun fn_2 () Real)
(declare-fun inv!1 () Real)
(declare-fun inv!2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= fn_1 0.0))
(assert
 (>= (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= fn_2 0.0))
(assert
 (>= tp_2 0.0))
(assert
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x24 (and (distinct ?x9 0.0) true)))
 (and $x24 (and (distinct fn_1 0.0) true) $x24 (and (distinct inv!1 0.0) true))))))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x32 (+ 1.0 ?x14 ?x18)))
 (let (($x33 (and (distinct ?x32 0.0) true)))
 (and (and (distinct fp_2 0.0) true) (and (distinct (+ fn_2 tp_2) 0.0) true) $x33 (and (distinct inv!2 0.0) true)))))))
(assert
 (> x_1 x_2))
(assert
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x24 (and (distinct ?x9 0.0) true)))
 (=> $x24 (= (* inv!1 ?x9) 1.0))))))
(assert
 (let (($x44 (= (* inv!2 (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) tp_2))) 1.0)))
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x32 (+ 1.0 ?x14 ?x18)))
 (let (($x33 (and (distinct ?x32 0.0) true)))
 (=> $x33 $x44)))))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(assert
 (let (($x59 (= (* x_2 (+ (* fn_2 fp_2) (* fp_2 tp_2))) (+ tp_2 (* (- 1.0) (* tp_2 tp_2)) (* (* (- 1.0) fn_2) tp_2)))))
(=> (and (distinct (+ (* fn_2 fp_2) (* fp_2 tp_2)) 0.0) true) $x59)))
(check-sat)
