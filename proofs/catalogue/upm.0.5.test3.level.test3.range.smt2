; part 1/3 of upm_prior=1_2.level.test3
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for upm on Π = prior=1/2: D = fn*tn + fn*tp + fp*tn + fp*tp + 4*tn*tp > 0, M = tn + tp > 0, X = N/D with N = 4*tn*tp, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=1/2, fp=0, fn=0, tp=1/2), P2 = (tn=1/2, fp=0, fn=0, tp=1/2), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun inv!1 () Real)
(declare-fun inv!2 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x19 (+ (/ 1.0 2.0) ?x9)))
 (>= ?x19 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x19 (+ (/ 1.0 2.0) ?x9)))
 (let ((?x44 (+ (* (* (* 4.0 tp_1) (* ?x19 ?x19)) inv!1) (* (* (* 4.0 (* tp_1 tp_1)) inv!2) ?x19) (* (* (* (* 2.0 tp_1) (* ?x19 ?x19)) inv!2) inv!1) (* (* (* (* 2.0 (* tp_1 tp_1)) inv!2) inv!1) ?x19))))
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (and $x13 $x15 (and (distinct ?x44 0.0) true)))))))))))
(assert
 (let ((?x36 (* 2.0 tp_1)))
 (let ((?x27 (* tp_1 tp_1)))
 (let ((?x71 (* (- 1.0) ?x27)))
 (let ((?x55 (* fp_1 fp_1)))
 (let ((?x70 (* (- 1.0) ?x55)))
 (let ((?x75 (+ (/ 1.0 4.0) ?x70 ?x71 ?x36 (* (* (- 2.0) fp_1) tp_1))))
 (let (($x83 (and (> ?x75 0.0) (> (+ (/ 1.0 2.0) tp_1 (* (- 1.0) fp_1)) 0.0) (= (* x_1 ?x75) (+ ?x36 (* (* (- 4.0) fp_1) tp_1))) (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x83)))))))))
(assert
 (let (($x24 (= (* inv!1 (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (=> $x13 $x24)))))))
(assert
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (=> $x15 (= (* inv!2 ?x14) 1.0)))))
(assert
 (let ((?x49 (* 8.0 tp_1)))
(let ((?x27 (* tp_1 tp_1)))
(let ((?x57 (* (- 4.0) ?x27)))
(let ((?x55 (* fp_1 fp_1)))
(let ((?x56 (* (- 4.0) ?x55)))
(let ((?x61 (+ 1.0 ?x56 ?x57 ?x49 (* (* (- 8.0) fp_1) tp_1))))
(=> (and (distinct ?x61 0.0) true) (= (* x_1 ?x61) (+ ?x49 (* (* (- 16.0) fp_1) tp_1)))))))))))
(check-sat)
