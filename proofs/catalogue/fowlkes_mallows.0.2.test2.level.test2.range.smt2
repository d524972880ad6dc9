; part 3/5 of fowlkes_mallows_prior=1_5.level.test2
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for (fowlkes_mallows)^2 on Π = prior=1/5: D = fn*fp + fn*tp + fp*tp + tp**2 > 0, M = 1 > 0, X = N/D with N = tp**2, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=0, fp=4/5, fn=0, tp=1/5), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
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
 (let ((?x11 (* tp_1 tp_1)))
 (let (($x35 (and (> (+ (* (/ 1.0 5.0) fp_1) (* (/ 1.0 5.0) tp_1)) 0.0) (> 1.0 0.0) (= (* x_1 (+ (* (/ 1.0 5.0) fp_1) (* (/ 1.0 5.0) tp_1))) ?x11) (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x35))))
(assert
 (let ((?x7 (+ fp_1 tp_1)))
 (let (($x9 (and (distinct ?x7 0.0) true)))
 (=> $x9 (= (* inv!1 ?x7) 1.0)))))
(assert
 (let ((?x7 (+ fp_1 tp_1)))
(let (($x9 (and (distinct ?x7 0.0) true)))
(=> $x9 (= (* x_1 ?x7) (* 5.0 (* tp_1 tp_1)))))))
(check-sat)
