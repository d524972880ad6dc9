; part 1/3 of mean_iou_prior=1_5.level.test3
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for mean_iou on Π = prior=1/5: D = 2*fn**2 + 4*fn*fp + 2*fn*tn + 2*fn*tp + 2*fp**2 + 2*fp*tn + 2*fp*tp + 2*tn*tp > 0, M = 1 > 0, X = N/D with N = fn*tn + fn*tp + fp*tn + fp*tp + 2*tn*tp, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=0, fp=4/5, fn=0, tp=1/5), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
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
 (and (and (distinct (+ 1.0 (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ (/ 1.0 5.0) fp_1) 0.0) true)))
(assert
 (let ((?x46 (* (/ 3.0 5.0) fp_1)))
 (let ((?x22 (* tp_1 tp_1)))
 (let ((?x44 (* (- 1.0) ?x22)))
 (let ((?x20 (* fp_1 fp_1)))
 (let ((?x43 (* (- 1.0) ?x20)))
 (let ((?x52 (* (- (/ 2.0 5.0)) tp_1)))
 (let ((?x50 (* 2.0 fp_1)))
 (let ((?x56 (+ (/ 2.0 5.0) ?x50 ?x52 (* (* (- 2.0) fp_1) tp_1))))
 (let (($x63 (and (> ?x56 0.0) (> 1.0 0.0) (= (* x_1 ?x56) (+ (/ 4.0 25.0) tp_1 ?x43 ?x44 ?x46)) (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x63)))))))))))
(assert
 (let ((?x27 (* 25.0 tp_1)))
(let ((?x25 (* 15.0 fp_1)))
(let ((?x22 (* tp_1 tp_1)))
(let ((?x23 (* (- 25.0) ?x22)))
(let ((?x20 (* fp_1 fp_1)))
(let ((?x21 (* (- 25.0) ?x20)))
(let ((?x33 (* 50.0 fp_1)))
(let ((?x31 (* (- 10.0) tp_1)))
(let ((?x37 (+ 10.0 ?x31 ?x33 (* (* (- 50.0) fp_1) tp_1))))
(=> (and (distinct ?x37 0.0) true) (= (* x_1 ?x37) (+ 4.0 ?x21 ?x23 ?x25 ?x27)))))))))))))
(check-sat)
