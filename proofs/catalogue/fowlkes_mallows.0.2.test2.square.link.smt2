; part 1/5 of fowlkes_mallows_prior=1_5.level.test2
; role: X ≥ 0 and Y = X² on Π ∩ dom(X)
; for fowlkes_mallows on Π = prior=1/5: X >= 0 and X^2 = tp**2/(fn*fp + fn*tp + fp*tp + tp**2) on Π ∩ dom(X)
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=0, fp=4/5, fn=0, tp=1/5), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(declare-fun y_1 () Real)
(declare-fun root!2 () Real)
(declare-fun inv!3 () Real)
(declare-fun root!4 () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x7 (+ fp_1 tp_1)))
 (let (($x9 (and (distinct ?x7 0.0) true)))
 (and $x9 (>= (* (* 5.0 (* tp_1 tp_1)) inv!1) 0.0)))))
(assert
 (not (and (>= x_1 0.0) (= y_1 (* x_1 x_1)))))
(assert
 (let ((?x7 (+ fp_1 tp_1)))
 (let (($x9 (and (distinct ?x7 0.0) true)))
 (=> $x9 (= (* inv!1 ?x7) 1.0)))))
(assert
 (=> (>= 5.0 0.0) (and (>= root!2 0.0) (= 5.0 (* root!2 root!2)))))
(assert
 (let ((?x7 (+ fp_1 tp_1)))
 (let (($x9 (and (distinct ?x7 0.0) true)))
 (=> $x9 (= (* inv!3 ?x7) 1.0)))))
(assert
 (let (($x35 (>= inv!3 0.0)))
 (=> $x35 (and (>= root!4 0.0) (= (* root!4 root!4) inv!3)))))
(assert
 (= x_1 (* (* tp_1 root!2) root!4)))
(assert
 (let ((?x7 (+ fp_1 tp_1)))
(let (($x9 (and (distinct ?x7 0.0) true)))
(=> $x9 (= (* y_1 ?x7) (* 5.0 (* tp_1 tp_1)))))))
(check-sat)
