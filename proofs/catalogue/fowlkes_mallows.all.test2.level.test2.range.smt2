; part 3/5 of fowlkes_mallows_all.level.test2
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for (fowlkes_mallows)^2 on Π = all: D = fn*fp + fn*tp + fp*tp + tp**2 > 0, M = fp + tp > 0, X = N/D with N = tp**2, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=0, fn=0, tp=1), P2 = (tn=0, fp=0, fn=0, tp=1), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!1 () Real)
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
 (let ((?x11 (+ fp_1 tp_1)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (and $x10 $x12 (>= (* (* (* tp_1 tp_1) inv!1) inv!2) 0.0)))))))
(assert
 (let ((?x13 (* tp_1 tp_1)))
 (let ((?x30 (* fp_1 tp_1)))
 (let ((?x29 (* fn_1 tp_1)))
 (let ((?x31 (+ ?x13 (* fn_1 fp_1) ?x29 ?x30)))
 (let (($x34 (= (* x_1 ?x31) ?x13)))
 (let (($x40 (and (> ?x31 0.0) (> (+ fp_1 tp_1) 0.0) $x34 (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x40))))))))
(assert
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (=> $x10 (= (* inv!1 ?x8) 1.0)))))
(assert
 (let ((?x11 (+ fp_1 tp_1)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (=> $x12 (= (* inv!2 ?x11) 1.0)))))
(assert
 (let ((?x13 (* tp_1 tp_1)))
(let ((?x30 (* fp_1 tp_1)))
(let ((?x29 (* fn_1 tp_1)))
(let ((?x31 (+ ?x13 (* fn_1 fp_1) ?x29 ?x30)))
(let (($x34 (= (* x_1 ?x31) ?x13)))
(=> (and (distinct ?x31 0.0) true) $x34)))))))
(check-sat)
