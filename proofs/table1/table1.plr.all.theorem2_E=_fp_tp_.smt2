; obligation theorem2[E={fp, tp}]: for plr on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (>= ?x11 0.0))))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (and (and (distinct tp_1 0.0) true) $x12 (and (distinct inv!1 0.0) true) $x12)))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (=> $x12 (= (* inv!1 ?x11) 1.0))))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 1.0 (* x_1 1.0))))
(check-sat)
