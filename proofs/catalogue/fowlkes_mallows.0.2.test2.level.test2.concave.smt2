; part 4/5 of fowlkes_mallows_prior=1_5.level.test2
; role: G_c = (c·D − N)/(1) concave along segments for c in [0, 1]
; for (fowlkes_mallows)^2 on prior=1/5: G_c = (c·D − N)/(1) is concave along its segments where D > 0 and M > 0, c in [0, 1]
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=0, fp=4/5, fn=0, tp=1/5), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun lam () Real)
(declare-fun c () Real)
(declare-fun g_1 () Real)
(declare-fun g_2 () Real)
(declare-fun g_m () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_2)) 0.0))
(assert
 (>= tp_2 0.0))
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (<= 0.0 c))
(assert
 (>= 1.0 c))
(assert
 (let ((?x38 (* (/ 1.0 5.0) tp_1)))
 (let ((?x37 (* (/ 1.0 5.0) fp_1)))
 (let ((?x39 (+ ?x37 ?x38)))
 (> ?x39 0.0)))))
(assert
 (> 1.0 0.0))
(assert
 (let ((?x36 (* tp_1 tp_1)))
 (= (* g_1 1.0) (* (- 1.0) (- ?x36 (* c (+ (* (/ 1.0 5.0) fp_1) (* (/ 1.0 5.0) tp_1))))))))
(assert
 (let ((?x50 (* (/ 1.0 5.0) tp_2)))
 (let ((?x49 (* (/ 1.0 5.0) fp_2)))
 (let ((?x51 (+ ?x49 ?x50)))
 (> ?x51 0.0)))))
(assert
 (> 1.0 0.0))
(assert
 (let ((?x48 (* tp_2 tp_2)))
 (= (* g_2 1.0) (* (- 1.0) (- ?x48 (* c (+ (* (/ 1.0 5.0) fp_2) (* (/ 1.0 5.0) tp_2))))))))
(assert
 (let ((?x50 (* (/ 1.0 5.0) tp_2)))
 (let ((?x49 (* (/ 1.0 5.0) fp_2)))
 (let ((?x81 (+ ?x49 ?x50 (* (* (- (/ 1.0 5.0)) fp_2) lam) (* (* (- (/ 1.0 5.0)) lam) tp_2) (* (* (/ 1.0 5.0) fp_1) lam) (* (* (/ 1.0 5.0) lam) tp_1))))
 (> ?x81 0.0)))))
(assert
 (> 1.0 0.0))
(assert
 (let ((?x50 (* (/ 1.0 5.0) tp_2)))
 (let ((?x49 (* (/ 1.0 5.0) fp_2)))
 (let ((?x81 (+ ?x49 ?x50 (* (* (- (/ 1.0 5.0)) fp_2) lam) (* (* (- (/ 1.0 5.0)) lam) tp_2) (* (* (/ 1.0 5.0) fp_1) lam) (* (* (/ 1.0 5.0) lam) tp_1))))
 (let ((?x48 (* tp_2 tp_2)))
 (let ((?x72 (+ ?x48 (* (* lam lam) (* tp_1 tp_1)) (* (* lam lam) ?x48) (* (* (- 2.0) lam) ?x48) (* (* (* (- 2.0) tp_1) tp_2) (* lam lam)) (* (* (* 2.0 lam) tp_1) tp_2))))
 (= (* g_m 1.0) (* (- 1.0) (- ?x72 (* c ?x81))))))))))
(assert
 (< g_m (+ (* lam g_1) (* (- 1.0 lam) g_2))))
(check-sat)
