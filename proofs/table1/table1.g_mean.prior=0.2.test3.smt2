; obligation test3: for g_mean on Π = prior=0.2: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=0, fp=4/5, fn=0, tp=1/5), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun lam () Real)
(declare-fun x_1 () Real)
(declare-fun x_m () Real)
(declare-fun x_2 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(declare-fun root!3 () Real)
(declare-fun root!4 () Real)
(declare-fun root!5 () Real)
(declare-fun root!6 () Real)
(assert
 (let ((?x8 (* (- 1.0) fp_1)))
 (let ((?x9 (+ (/ 4.0 5.0) ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x20 (* (- 1.0) fp_2)))
 (let ((?x21 (+ (/ 4.0 5.0) ?x20)))
 (>= ?x21 0.0))))
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
 (and (>= (* (* (/ 25.0 4.0) tp_1) (+ (/ 4.0 5.0) (* (- 1.0) fp_1))) 0.0)))
(assert
 (and (>= (* (* (/ 25.0 4.0) tp_2) (+ (/ 4.0 5.0) (* (- 1.0) fp_2))) 0.0)))
(assert
 (let ((?x47 (* fp_2 lam)))
 (let ((?x20 (* (- 1.0) fp_2)))
 (let ((?x49 (+ (/ 4.0 5.0) ?x20 ?x47 (* (* (- 1.0) fp_1) lam))))
 (let ((?x50 (* (* (/ 25.0 4.0) (+ tp_2 (* lam tp_1) (* (* (- 1.0) lam) tp_2))) ?x49)))
 (and (>= ?x50 0.0)))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let (($x18 (>= tp_1 0.0)))
 (=> $x18 (and (>= root!1 0.0) (= (* root!1 root!1) tp_1)))))
(assert
 (let (($x65 (>= root!2 0.0)))
 (let ((?x8 (* (- 1.0) fp_1)))
 (let ((?x9 (+ (/ 4.0 5.0) ?x8)))
 (let (($x11 (>= ?x9 0.0)))
 (=> $x11 (and $x65 (= (* root!2 root!2) ?x9))))))))
(assert
 (= x_1 (* (* (/ 5.0 2.0) root!1) root!2)))
(assert
 (let (($x28 (>= tp_2 0.0)))
 (=> $x28 (and (>= root!3 0.0) (= (* root!3 root!3) tp_2)))))
(assert
 (let (($x81 (>= root!4 0.0)))
 (let ((?x20 (* (- 1.0) fp_2)))
 (let ((?x21 (+ (/ 4.0 5.0) ?x20)))
 (let (($x22 (>= ?x21 0.0)))
 (=> $x22 (and $x81 (= (* root!4 root!4) ?x21))))))))
(assert
 (= x_2 (* (* (/ 5.0 2.0) root!3) root!4)))
(assert
 (let ((?x45 (+ tp_2 (* lam tp_1) (* (* (- 1.0) lam) tp_2))))
 (let ((?x92 (* root!5 root!5)))
 (let (($x91 (>= root!5 0.0)))
 (=> (>= ?x45 0.0) (and $x91 (= ?x92 ?x45)))))))
(assert
 (let ((?x47 (* fp_2 lam)))
 (let ((?x20 (* (- 1.0) fp_2)))
 (let ((?x49 (+ (/ 4.0 5.0) ?x20 ?x47 (* (* (- 1.0) fp_1) lam))))
 (let ((?x99 (* root!6 root!6)))
 (let (($x98 (>= root!6 0.0)))
 (=> (>= ?x49 0.0) (and $x98 (= ?x99 ?x49)))))))))
(assert
 (= x_m (* (* (/ 5.0 2.0) root!5) root!6)))
(check-sat)
