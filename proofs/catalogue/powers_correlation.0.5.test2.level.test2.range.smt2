; part 3/5 of powers_correlation_prior=1_2.level.test2
; role: D > 0, M > 0, X = N/D and lo ≤ X ≤ hi on Π ∩ dom(X)
; for (powers_correlation)^2 on Π = prior=1/2: D = fn**2*fp**2 + fn**2*fp*tn + fn**2*fp*tp + fn**2*tn*tp + fn*fp**2*tn + fn*fp**2*tp + fn*fp*tn**2 + 2*fn*fp*tn*tp + fn*fp*tp**2 + fn*tn**2*tp + fn*tn*tp**2 + fp**2*tn*tp + fp*tn**2*tp + fp*tn*tp**2 + tn**2*tp**2 > 0, M = 1 > 0, X = N/D with N = fn**2*fp**2 - 2*fn*fp*tn*tp + tn**2*tp**2, 0 <= X <= 1
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x31 (+ (/ 1.0 2.0) ?x9)))
 (>= ?x31 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x25 (* tp_1 inv!1)))
 (let ((?x34 (* (+ (* (- 2.0) fp_1) (* 2.0 tp_1)) (+ (- 1.0) ?x25 (* inv!2 (+ (/ 1.0 2.0) (* (- 1.0) fp_1)))))))
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (and $x13 $x15 (>= ?x34 0.0)))))))))))
(assert
 (let ((?x59 (* (* (- (/ 1.0 2.0)) fp_1) tp_1)))
 (let ((?x40 (* tp_1 tp_1)))
 (let ((?x56 (* (/ 1.0 4.0) ?x40)))
 (let ((?x38 (* fp_1 fp_1)))
 (let ((?x55 (* (/ 1.0 4.0) ?x38)))
 (let ((?x65 (* (/ 1.0 4.0) tp_1)))
 (let ((?x64 (* (/ 1.0 4.0) fp_1)))
 (let ((?x63 (* (- (/ 1.0 4.0)) ?x40)))
 (let ((?x62 (* (- (/ 1.0 4.0)) ?x38)))
 (let ((?x66 (+ ?x62 ?x63 ?x64 ?x65 ?x59)))
 (let (($x73 (and (> ?x66 0.0) (> 1.0 0.0) (= (* x_1 ?x66) (+ ?x55 ?x56 ?x59)) (<= 0.0 x_1) (>= 1.0 x_1))))
 (not $x73)))))))))))))
(assert
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (=> $x15 (= (* inv!1 ?x14) 1.0)))))
(assert
 (let (($x28 (= (* inv!2 (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (=> $x13 $x28)))))))
(assert
 (let ((?x44 (* (* (- 4.0) fp_1) tp_1)))
(let ((?x40 (* tp_1 tp_1)))
(let ((?x41 (* 2.0 ?x40)))
(let ((?x38 (* fp_1 fp_1)))
(let ((?x39 (* 2.0 ?x38)))
(let ((?x19 (* 2.0 tp_1)))
(let ((?x48 (* 2.0 fp_1)))
(let ((?x47 (* (- 2.0) ?x40)))
(let ((?x46 (* (- 2.0) ?x38)))
(let ((?x49 (+ ?x46 ?x47 ?x48 ?x19 ?x44)))
(=> (and (distinct ?x49 0.0) true) (= (* x_1 ?x49) (+ ?x39 ?x41 ?x44))))))))))))))
(check-sat)
