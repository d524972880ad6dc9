; part 4/5 of fowlkes_mallows_all.level.test2
; role: G_c = (c·D − N)/(fp + tp) concave along segments for c in [0, 1]
; for (fowlkes_mallows)^2 on all: G_c = (c·D − N)/(fp + tp) is concave along its segments where D > 0 and M > 0, c in [0, 1]
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=0, fn=0, tp=1), P2 = (tn=0, fp=0, fn=0, tp=1), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun fp_2 () Real)
(declare-fun fn_2 () Real)
(declare-fun lam () Real)
(declare-fun c () Real)
(declare-fun g_1 () Real)
(declare-fun g_2 () Real)
(declare-fun g_m () Real)
(assert
 (>= (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= fn_2 0.0))
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
 (let ((?x39 (* fp_1 tp_1)))
 (let ((?x38 (* fn_1 tp_1)))
 (let ((?x37 (* fn_1 fp_1)))
 (let ((?x36 (* tp_1 tp_1)))
 (let ((?x40 (+ ?x36 ?x37 ?x38 ?x39)))
 (> ?x40 0.0)))))))
(assert
 (let ((?x41 (+ fp_1 tp_1)))
 (> ?x41 0.0)))
(assert
 (let ((?x39 (* fp_1 tp_1)))
 (let ((?x38 (* fn_1 tp_1)))
 (let ((?x37 (* fn_1 fp_1)))
 (let ((?x36 (* tp_1 tp_1)))
 (let ((?x40 (+ ?x36 ?x37 ?x38 ?x39)))
 (= (* g_1 (+ fp_1 tp_1)) (* (- 1.0) (- ?x36 (* c ?x40))))))))))
(assert
 (let ((?x53 (* fp_2 tp_2)))
 (let ((?x52 (* fn_2 tp_2)))
 (let ((?x51 (* fn_2 fp_2)))
 (let ((?x50 (* tp_2 tp_2)))
 (let ((?x54 (+ ?x50 ?x51 ?x52 ?x53)))
 (> ?x54 0.0)))))))
(assert
 (let ((?x55 (+ fp_2 tp_2)))
 (> ?x55 0.0)))
(assert
 (let ((?x53 (* fp_2 tp_2)))
 (let ((?x52 (* fn_2 tp_2)))
 (let ((?x51 (* fn_2 fp_2)))
 (let ((?x50 (* tp_2 tp_2)))
 (let ((?x54 (+ ?x50 ?x51 ?x52 ?x53)))
 (= (* g_2 (+ fp_2 tp_2)) (* (- 1.0) (- ?x50 (* c ?x54))))))))))
(assert
 (let ((?x76 (* (* (* 2.0 lam) tp_1) tp_2)))
 (let ((?x64 (* lam lam)))
 (let ((?x72 (* (* (* (- 2.0) tp_1) tp_2) ?x64)))
 (let ((?x50 (* tp_2 tp_2)))
 (let ((?x69 (* (* (- 2.0) lam) ?x50)))
 (let ((?x66 (* ?x64 ?x50)))
 (let ((?x36 (* tp_1 tp_1)))
 (let ((?x65 (* ?x64 ?x36)))
 (let ((?x53 (* fp_2 tp_2)))
 (let ((?x52 (* fn_2 tp_2)))
 (let ((?x51 (* fn_2 fp_2)))
 (let ((?x116 (+ ?x50 ?x51 ?x52 ?x53 ?x65 ?x66 ?x69 (* (* fn_1 fp_1) ?x64) (* (* fn_1 fp_2) lam) (* (* fn_1 lam) tp_2) (* (* fn_1 tp_1) ?x64) (* (* fn_2 fp_1) lam) (* ?x51 ?x64) (* (* fn_2 lam) tp_1) (* ?x52 ?x64) (* (* fp_1 lam) tp_2) (* (* fp_1 tp_1) ?x64) (* (* fp_2 lam) tp_1) (* ?x53 ?x64) (* (* (* (- 1.0) fn_1) fp_2) ?x64) (* (* (* (- 1.0) fn_1) tp_2) ?x64) (* (* (* (- 1.0) fn_2) fp_1) ?x64) (* (* (* (- 1.0) fn_2) tp_1) ?x64) (* (* (* (- 1.0) fp_1) tp_2) ?x64) (* (* (* (- 1.0) fp_2) tp_1) ?x64) (* (* (* (- 2.0) fn_2) fp_2) lam) (* (* (* (- 2.0) fn_2) lam) tp_2) (* (* (* (- 2.0) fp_2) lam) tp_2) ?x72 ?x76)))
 (> ?x116 0.0))))))))))))))
(assert
 (let ((?x90 (* fp_1 lam)))
 (let ((?x121 (+ fp_2 tp_2 ?x90 (* lam tp_1) (* (* (- 1.0) fp_2) lam) (* (* (- 1.0) lam) tp_2))))
 (> ?x121 0.0))))
(assert
 (let ((?x76 (* (* (* 2.0 lam) tp_1) tp_2)))
 (let ((?x64 (* lam lam)))
 (let ((?x72 (* (* (* (- 2.0) tp_1) tp_2) ?x64)))
 (let ((?x50 (* tp_2 tp_2)))
 (let ((?x69 (* (* (- 2.0) lam) ?x50)))
 (let ((?x66 (* ?x64 ?x50)))
 (let ((?x36 (* tp_1 tp_1)))
 (let ((?x65 (* ?x64 ?x36)))
 (let ((?x53 (* fp_2 tp_2)))
 (let ((?x52 (* fn_2 tp_2)))
 (let ((?x51 (* fn_2 fp_2)))
 (let ((?x116 (+ ?x50 ?x51 ?x52 ?x53 ?x65 ?x66 ?x69 (* (* fn_1 fp_1) ?x64) (* (* fn_1 fp_2) lam) (* (* fn_1 lam) tp_2) (* (* fn_1 tp_1) ?x64) (* (* fn_2 fp_1) lam) (* ?x51 ?x64) (* (* fn_2 lam) tp_1) (* ?x52 ?x64) (* (* fp_1 lam) tp_2) (* (* fp_1 tp_1) ?x64) (* (* fp_2 lam) tp_1) (* ?x53 ?x64) (* (* (* (- 1.0) fn_1) fp_2) ?x64) (* (* (* (- 1.0) fn_1) tp_2) ?x64) (* (* (* (- 1.0) fn_2) fp_1) ?x64) (* (* (* (- 1.0) fn_2) tp_1) ?x64) (* (* (* (- 1.0) fp_1) tp_2) ?x64) (* (* (* (- 1.0) fp_2) tp_1) ?x64) (* (* (* (- 2.0) fn_2) fp_2) lam) (* (* (* (- 2.0) fn_2) lam) tp_2) (* (* (* (- 2.0) fp_2) lam) tp_2) ?x72 ?x76)))
 (let ((?x90 (* fp_1 lam)))
 (let ((?x121 (+ fp_2 tp_2 ?x90 (* lam tp_1) (* (* (- 1.0) fp_2) lam) (* (* (- 1.0) lam) tp_2))))
 (= (* g_m ?x121) (* (- 1.0) (- (+ ?x50 ?x65 ?x66 ?x69 ?x72 ?x76) (* c ?x116)))))))))))))))))))
(assert
 (< g_m (+ (* lam g_1) (* (- 1.0 lam) g_2))))
(check-sat)
