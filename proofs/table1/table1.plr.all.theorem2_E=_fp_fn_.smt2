; obligation theorem2[E={fp, fn}]: for plr on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 0 for E = {fp, fn}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=1/2, fn=1/2, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fn_1 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= fn_1 0.0))
(assert
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x13 (and (distinct ?x9 0.0) true)))
 (and $x13 (and (distinct fn_1 0.0) true) $x13 (and (distinct inv!1 0.0) true))))))
(assert
 (or (> 0.0 x_1) (< 0.0 x_1)))
(assert
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x13 (and (distinct ?x9 0.0) true)))
 (=> $x13 (= (* inv!1 ?x9) 1.0))))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(check-sat)
