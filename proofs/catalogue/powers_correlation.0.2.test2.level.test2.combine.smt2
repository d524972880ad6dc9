; part 5/5 of powers_correlation_prior=1_5.level.test2
; role: concave level functions give the test
; G_c >= 0 iff X <= c, concave along the segment: no mixture above both ends
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=1/5, tp=0), P2 = (tn=0, fp=4/5, fn=1/5, tp=0), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun lam () Real)
(declare-fun d_1 () Real)
(declare-fun M_1 () Real)
(declare-fun n_1 () Real)
(declare-fun x_1 () Real)
(declare-fun c () Real)
(declare-fun g_1 () Real)
(declare-fun d_2 () Real)
(declare-fun M_2 () Real)
(declare-fun n_2 () Real)
(declare-fun x_2 () Real)
(declare-fun g_2 () Real)
(declare-fun d_m () Real)
(declare-fun M_m () Real)
(declare-fun n_m () Real)
(declare-fun x_m () Real)
(declare-fun g_m () Real)
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (> d_1 0.0))
(assert
 (> M_1 0.0))
(assert
 (let ((?x18 (* x_1 d_1)))
 (= ?x18 n_1)))
(assert
 (= (* g_1 M_1) (* (- 1.0) (- n_1 (* c d_1)))))
(assert
 (> d_2 0.0))
(assert
 (> M_2 0.0))
(assert
 (let ((?x33 (* x_2 d_2)))
 (= ?x33 n_2)))
(assert
 (= (* g_2 M_2) (* (- 1.0) (- n_2 (* c d_2)))))
(assert
 (> d_m 0.0))
(assert
 (> M_m 0.0))
(assert
 (let ((?x47 (* x_m d_m)))
 (= ?x47 n_m)))
(assert
 (= (* g_m M_m) (* (- 1.0) (- n_m (* c d_m)))))
(assert
 (>= g_m (+ (* lam g_1) (* (- 1.0 lam) g_2))))
(assert
 (= c (ite (>= x_1 x_2) x_1 x_2)))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(check-sat)
