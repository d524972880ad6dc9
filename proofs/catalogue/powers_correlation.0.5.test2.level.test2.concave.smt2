; part 4/5 of powers_correlation_prior=1_2.level.test2
; role: G_c = (c·D − N)/(1) concave along segments for c in [0, 1]
; for (powers_correlation)^2 on prior=1/2: G_c = (c·D − N)/(1) is concave along its segments where D > 0 and M > 0, c in [0, 1]
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0), lambda = 1/2
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
 (>= (+ (/ 1.0 2.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) fp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_2)) 0.0))
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
 (let ((?x41 (* (- (/ 1.0 2.0)) fp_1)))
 (let ((?x42 (* ?x41 tp_1)))
 (let ((?x48 (* (/ 1.0 4.0) tp_1)))
 (let ((?x47 (* (/ 1.0 4.0) fp_1)))
 (let ((?x38 (* tp_1 tp_1)))
 (let ((?x46 (* (- (/ 1.0 4.0)) ?x38)))
 (let ((?x36 (* fp_1 fp_1)))
 (let ((?x45 (* (- (/ 1.0 4.0)) ?x36)))
 (let ((?x49 (+ ?x45 ?x46 ?x47 ?x48 ?x42)))
 (> ?x49 0.0)))))))))))
(assert
 (> 1.0 0.0))
(assert
 (let ((?x41 (* (- (/ 1.0 2.0)) fp_1)))
 (let ((?x42 (* ?x41 tp_1)))
 (let ((?x48 (* (/ 1.0 4.0) tp_1)))
 (let ((?x47 (* (/ 1.0 4.0) fp_1)))
 (let ((?x38 (* tp_1 tp_1)))
 (let ((?x46 (* (- (/ 1.0 4.0)) ?x38)))
 (let ((?x36 (* fp_1 fp_1)))
 (let ((?x45 (* (- (/ 1.0 4.0)) ?x36)))
 (let ((?x49 (+ ?x45 ?x46 ?x47 ?x48 ?x42)))
 (let ((?x56 (* (- 1.0) (- (+ (* (/ 1.0 4.0) ?x36) (* (/ 1.0 4.0) ?x38) ?x42) (* c ?x49)))))
 (= (* g_1 1.0) ?x56))))))))))))
(assert
 (let ((?x62 (* (- (/ 1.0 2.0)) fp_2)))
 (let ((?x63 (* ?x62 tp_2)))
 (let ((?x68 (* (/ 1.0 4.0) tp_2)))
 (let ((?x67 (* (/ 1.0 4.0) fp_2)))
 (let ((?x60 (* tp_2 tp_2)))
 (let ((?x66 (* (- (/ 1.0 4.0)) ?x60)))
 (let ((?x58 (* fp_2 fp_2)))
 (let ((?x65 (* (- (/ 1.0 4.0)) ?x58)))
 (let ((?x69 (+ ?x65 ?x66 ?x67 ?x68 ?x63)))
 (> ?x69 0.0)))))))))))
(assert
 (> 1.0 0.0))
(assert
 (let ((?x62 (* (- (/ 1.0 2.0)) fp_2)))
 (let ((?x63 (* ?x62 tp_2)))
 (let ((?x68 (* (/ 1.0 4.0) tp_2)))
 (let ((?x67 (* (/ 1.0 4.0) fp_2)))
 (let ((?x60 (* tp_2 tp_2)))
 (let ((?x66 (* (- (/ 1.0 4.0)) ?x60)))
 (let ((?x58 (* fp_2 fp_2)))
 (let ((?x65 (* (- (/ 1.0 4.0)) ?x58)))
 (let ((?x69 (+ ?x65 ?x66 ?x67 ?x68 ?x63)))
 (let ((?x75 (* (- 1.0) (- (+ (* (/ 1.0 4.0) ?x58) (* (/ 1.0 4.0) ?x60) ?x63) (* c ?x69)))))
 (= (* g_2 1.0) ?x75))))))))))))
(assert
 (let ((?x80 (* lam lam)))
 (let ((?x62 (* (- (/ 1.0 2.0)) fp_2)))
 (let ((?x63 (* ?x62 tp_2)))
 (let ((?x106 (* ?x63 ?x80)))
 (let ((?x105 (* (* ?x62 lam) tp_1)))
 (let ((?x41 (* (- (/ 1.0 2.0)) fp_1)))
 (let ((?x42 (* ?x41 tp_1)))
 (let ((?x103 (* ?x42 ?x80)))
 (let ((?x102 (* (* ?x41 lam) tp_2)))
 (let ((?x95 (* (* (* (/ 1.0 2.0) fp_2) tp_1) ?x80)))
 (let ((?x92 (* (* (* (/ 1.0 2.0) fp_1) tp_2) ?x80)))
 (let ((?x86 (* fp_2 lam)))
 (let ((?x87 (* ?x86 tp_2)))
 (let ((?x68 (* (/ 1.0 4.0) tp_2)))
 (let ((?x67 (* (/ 1.0 4.0) fp_2)))
 (let ((?x60 (* tp_2 tp_2)))
 (let ((?x66 (* (- (/ 1.0 4.0)) ?x60)))
 (let ((?x58 (* fp_2 fp_2)))
 (let ((?x65 (* (- (/ 1.0 4.0)) ?x58)))
 (let ((?x132 (+ ?x65 ?x66 ?x67 ?x68 (* (* (/ 1.0 2.0) lam) ?x58) (* (* (/ 1.0 2.0) lam) ?x60) ?x63 (* (* (- (/ 1.0 4.0)) fp_2) lam) (* (* (- (/ 1.0 4.0)) lam) tp_2) (* (* (- (/ 1.0 4.0)) (* fp_1 fp_1)) ?x80) (* ?x65 ?x80) (* (* (- (/ 1.0 4.0)) ?x80) (* tp_1 tp_1)) (* (* (- (/ 1.0 4.0)) ?x80) ?x60) (* (* (/ 1.0 4.0) fp_1) lam) (* (* (/ 1.0 4.0) lam) tp_1) ?x87 (* (* (* (/ 1.0 2.0) fp_1) fp_2) ?x80) ?x92 ?x95 (* (* (* (/ 1.0 2.0) tp_1) tp_2) ?x80) (* (* ?x41 fp_2) lam) ?x102 ?x103 ?x105 ?x106 (* (* (* (- (/ 1.0 2.0)) lam) tp_1) tp_2))))
 (> ?x132 0.0))))))))))))))))))))))
(assert
 (> 1.0 0.0))
(assert
 (let ((?x80 (* lam lam)))
 (let ((?x62 (* (- (/ 1.0 2.0)) fp_2)))
 (let ((?x63 (* ?x62 tp_2)))
 (let ((?x106 (* ?x63 ?x80)))
 (let ((?x105 (* (* ?x62 lam) tp_1)))
 (let ((?x41 (* (- (/ 1.0 2.0)) fp_1)))
 (let ((?x42 (* ?x41 tp_1)))
 (let ((?x103 (* ?x42 ?x80)))
 (let ((?x102 (* (* ?x41 lam) tp_2)))
 (let ((?x95 (* (* (* (/ 1.0 2.0) fp_2) tp_1) ?x80)))
 (let ((?x92 (* (* (* (/ 1.0 2.0) fp_1) tp_2) ?x80)))
 (let ((?x86 (* fp_2 lam)))
 (let ((?x87 (* ?x86 tp_2)))
 (let ((?x68 (* (/ 1.0 4.0) tp_2)))
 (let ((?x67 (* (/ 1.0 4.0) fp_2)))
 (let ((?x60 (* tp_2 tp_2)))
 (let ((?x66 (* (- (/ 1.0 4.0)) ?x60)))
 (let ((?x58 (* fp_2 fp_2)))
 (let ((?x65 (* (- (/ 1.0 4.0)) ?x58)))
 (let ((?x132 (+ ?x65 ?x66 ?x67 ?x68 (* (* (/ 1.0 2.0) lam) ?x58) (* (* (/ 1.0 2.0) lam) ?x60) ?x63 (* (* (- (/ 1.0 4.0)) fp_2) lam) (* (* (- (/ 1.0 4.0)) lam) tp_2) (* (* (- (/ 1.0 4.0)) (* fp_1 fp_1)) ?x80) (* ?x65 ?x80) (* (* (- (/ 1.0 4.0)) ?x80) (* tp_1 tp_1)) (* (* (- (/ 1.0 4.0)) ?x80) ?x60) (* (* (/ 1.0 4.0) fp_1) lam) (* (* (/ 1.0 4.0) lam) tp_1) ?x87 (* (* (* (/ 1.0 2.0) fp_1) fp_2) ?x80) ?x92 ?x95 (* (* (* (/ 1.0 2.0) tp_1) tp_2) ?x80) (* (* ?x41 fp_2) lam) ?x102 ?x103 ?x105 ?x106 (* (* (* (- (/ 1.0 2.0)) lam) tp_1) tp_2))))
 (let ((?x61 (* (/ 1.0 4.0) ?x60)))
 (let ((?x59 (* (/ 1.0 4.0) ?x58)))
 (let ((?x110 (+ ?x59 ?x61 ?x63 (* (* (- (/ 1.0 2.0)) lam) ?x58) (* (* (- (/ 1.0 2.0)) lam) ?x60) (* (* (/ 1.0 4.0) (* fp_1 fp_1)) ?x80) (* ?x59 ?x80) (* (* (/ 1.0 4.0) ?x80) (* tp_1 tp_1)) (* (* (/ 1.0 4.0) ?x80) ?x60) ?x87 (* (* (* (/ 1.0 2.0) fp_1) fp_2) lam) ?x92 ?x95 (* (* (* (/ 1.0 2.0) lam) tp_1) tp_2) (* (* ?x41 fp_2) ?x80) ?x102 ?x103 ?x105 ?x106 (* (* (* (- (/ 1.0 2.0)) tp_1) tp_2) ?x80))))
 (= (* g_m 1.0) (* (- 1.0) (- ?x110 (* c ?x132))))))))))))))))))))))))))))
(assert
 (< g_m (+ (* lam g_1) (* (- 1.0 lam) g_2))))
(check-sat)
