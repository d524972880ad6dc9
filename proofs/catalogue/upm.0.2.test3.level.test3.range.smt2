; part 1/3 of upm_prior=1_5.level.test3
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for upm on Π = prior=1/5: D = fn*tn + fn*tp + fp*tn + fp*tp + 4*tn*tp > 0, M = tn + tp > 0, X = N/D with N = 4*tn*tp, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=4/5, fp=0, fn=0, tp=1/5), P2 = (tn=4/5, fp=0, fn=0, tp=1/5), lambda = 1/2
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
 (let ((?x19 (+ (/ 4.0 5.0) ?x9)))
 (>= ?x19 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x19 (+ (/ 4.0 5.0) ?x9)))
 (let ((?x20 (* ?x19 ?x19)))
 (let ((?x45 (+ (* (* (* (/ 25.0 4.0) tp_1) ?x20) inv!1) (* (* (* (/ 25.0 4.0) (* tp_1 tp_1)) inv!2) ?x19) (* (* (* (* 5.0 (* tp_1 tp_1)) inv!2) inv!1) ?x19) (* (* (* (* (/ 5.0 4.0) tp_1) ?x20) inv!2) inv!1))))
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (and $x13 $x15 (and (distinct ?x45 0.0) true))))))))))))
(assert
 (let ((?x84 (* (/ 13.0 5.0) tp_1)))
 (let ((?x82 (* (/ 3.0 5.0) fp_1)))
 (let ((?x27 (* tp_1 tp_1)))
 (let ((?x80 (* (- 1.0) ?x27)))
 (let ((?x57 (* fp_1 fp_1)))
 (let ((?x79 (* (- 1.0) ?x57)))
 (let ((?x88 (+ (/ 4.0 25.0) ?x79 ?x80 ?x82 ?x84 (* (* (- 2.0) fp_1) tp_1))))
 (let (($x93 (= (* x_1 ?x88) (+ (* (/ 16.0 5.0) tp_1) (* (* (- 4.0) fp_1) tp_1)))))
 (let (($x96 (and (> ?x88 0.0) (> (+ (/ 4.0 5.0) tp_1 (* (- 1.0) fp_1)) 0.0) $x93 (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x96)))))))))))
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
 (let ((?x63 (* 65.0 tp_1)))
(let ((?x61 (* 15.0 fp_1)))
(let ((?x27 (* tp_1 tp_1)))
(let ((?x59 (* (- 25.0) ?x27)))
(let ((?x57 (* fp_1 fp_1)))
(let ((?x58 (* (- 25.0) ?x57)))
(let ((?x67 (+ 4.0 ?x58 ?x59 ?x61 ?x63 (* (* (- 50.0) fp_1) tp_1))))
(let (($x70 (= (* x_1 ?x67) (+ (* 80.0 tp_1) (* (* (- 100.0) fp_1) tp_1)))))
(=> (and (distinct ?x67 0.0) true) $x70))))))))))
(check-sat)
