; part 1/3 of mean_iou_all.level.test3
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for mean_iou on Π = all: D = 2*fn**2 + 4*fn*fp + 2*fn*tn + 2*fn*tp + 2*fp**2 + 2*fp*tn + 2*fp*tp + 2*tn*tp > 0, M = 1 > 0, X = N/D with N = fn*tn + fn*tp + fp*tn + fp*tp + 2*tn*tp, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=0, fn=1, tp=0), P2 = (tn=0, fp=0, fn=1, tp=0), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
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
 (and (and (distinct (+ 1.0 (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fn_1 fp_1 tp_1) 0.0) true)))
(assert
 (let ((?x31 (* (* (- 2.0) fp_1) tp_1)))
 (let ((?x27 (* (- 2.0) fn_1)))
 (let ((?x29 (* ?x27 tp_1)))
 (let ((?x26 (* 2.0 tp_1)))
 (let ((?x24 (* (- 2.0) (* tp_1 tp_1))))
 (let ((?x21 (* (- 1.0) (* fp_1 fp_1))))
 (let ((?x19 (* (- 1.0) (* fn_1 fn_1))))
 (let ((?x34 (* 2.0 fp_1)))
 (let ((?x33 (* 2.0 fn_1)))
 (let ((?x35 (+ ?x24 ?x33 ?x34 ?x26 ?x29 ?x31)))
 (let (($x38 (= (* x_1 ?x35) (+ fn_1 fp_1 ?x19 ?x21 ?x24 ?x26 (* ?x27 fp_1) ?x29 ?x31))))
 (let (($x44 (and (> ?x35 0.0) (> 1.0 0.0) $x38 (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x44))))))))))))))
(assert
 (let ((?x31 (* (* (- 2.0) fp_1) tp_1)))
(let ((?x27 (* (- 2.0) fn_1)))
(let ((?x29 (* ?x27 tp_1)))
(let ((?x26 (* 2.0 tp_1)))
(let ((?x24 (* (- 2.0) (* tp_1 tp_1))))
(let ((?x21 (* (- 1.0) (* fp_1 fp_1))))
(let ((?x19 (* (- 1.0) (* fn_1 fn_1))))
(let ((?x34 (* 2.0 fp_1)))
(let ((?x33 (* 2.0 fn_1)))
(let ((?x35 (+ ?x24 ?x33 ?x34 ?x26 ?x29 ?x31)))
(let (($x38 (= (* x_1 ?x35) (+ fn_1 fp_1 ?x19 ?x21 ?x24 ?x26 (* ?x27 fp_1) ?x29 ?x31))))
(=> (and (distinct ?x35 0.0) true) $x38)))))))))))))
(check-sat)
