; part 1/3 of mean_iou_prior=1_2.level.test3
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for mean_iou on Π = prior=1/2: D = 2*fn**2 + 4*fn*fp + 2*fn*tn + 2*fn*tp + 2*fp**2 + 2*fp*tn + 2*fp*tp + 2*tn*tp > 0, M = 1 > 0, X = N/D with N = fn*tn + fn*tp + fp*tn + fp*tp + 2*tn*tp, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=0, tp=1/2), P2 = (tn=0, fp=1/2, fn=0, tp=1/2), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ (/ 1.0 2.0) fp_1) 0.0) true)))
(assert
 (let ((?x21 (* tp_1 tp_1)))
 (let ((?x39 (* (- 1.0) ?x21)))
 (let ((?x19 (* fp_1 fp_1)))
 (let ((?x38 (* (- 1.0) ?x19)))
 (let ((?x42 (* 2.0 fp_1)))
 (let ((?x9 (* (- 1.0) tp_1)))
 (let ((?x46 (+ 1.0 ?x9 ?x42 (* (* (- 2.0) fp_1) tp_1))))
 (let (($x53 (and (> ?x46 0.0) (> 1.0 0.0) (= (* x_1 ?x46) (+ (/ 1.0 4.0) tp_1 ?x38 ?x39)) (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x53))))))))))
(assert
 (let ((?x24 (* 4.0 tp_1)))
(let ((?x21 (* tp_1 tp_1)))
(let ((?x22 (* (- 4.0) ?x21)))
(let ((?x19 (* fp_1 fp_1)))
(let ((?x20 (* (- 4.0) ?x19)))
(let ((?x28 (* 8.0 fp_1)))
(let ((?x26 (* (- 4.0) tp_1)))
(let ((?x32 (+ 4.0 ?x26 ?x28 (* (* (- 8.0) fp_1) tp_1))))
(=> (and (distinct ?x32 0.0) true) (= (* x_1 ?x32) (+ 1.0 ?x20 ?x22 ?x24))))))))))))
(check-sat)
