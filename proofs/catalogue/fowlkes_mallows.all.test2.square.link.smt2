; part 1/5 of fowlkes_mallows_all.level.test2
; role: X ≥ 0 and Y = X² on Π ∩ dom(X)
; for fowlkes_mallows on Π = all: X >= 0 and X^2 = tp**2/(fn*fp + fn*tp + fp*tp + tp**2) on Π ∩ dom(X)
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
(declare-fun y_1 () Real)
(declare-fun inv!3 () Real)
(declare-fun inv!4 () Real)
(declare-fun root!5 () Real)
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
 (not (and (>= x_1 0.0) (= y_1 (* x_1 x_1)))))
(assert
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (=> $x10 (= (* inv!1 ?x8) 1.0)))))
(assert
 (let ((?x11 (+ fp_1 tp_1)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (=> $x12 (= (* inv!2 ?x11) 1.0)))))
(assert
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (=> $x10 (= (* inv!3 ?x8) 1.0)))))
(assert
 (let ((?x11 (+ fp_1 tp_1)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (=> $x12 (= (* inv!4 ?x11) 1.0)))))
(assert
 (let (($x39 (>= root!5 0.0)))
 (=> (>= (* inv!3 inv!4) 0.0) (and $x39 (= (* root!5 root!5) (* inv!3 inv!4))))))
(assert
 (let ((?x44 (* tp_1 root!5)))
 (= x_1 ?x44)))
(assert
 (let ((?x13 (* tp_1 tp_1)))
(let ((?x49 (* fp_1 tp_1)))
(let ((?x48 (* fn_1 tp_1)))
(let ((?x50 (+ ?x13 (* fn_1 fp_1) ?x48 ?x49)))
(=> (and (distinct ?x50 0.0) true) (= (* y_1 ?x50) ?x13)))))))
(check-sat)
