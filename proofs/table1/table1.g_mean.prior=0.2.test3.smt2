; obligation test3: for g_mean on Π = prior=1/5: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x10 (+ (/ 4.0 5.0) ?x9)))
 (>= ?x10 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x21 (* (- 1.0) fp_2)))
 (let ((?x22 (+ (/ 4.0 5.0) ?x21)))
 (>= ?x22 0.0))))
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
 (let ((?x21 (* (- 1.0) fp_2)))
 (let ((?x49 (+ (/ 4.0 5.0) ?x21 ?x47 (* (* (- 1.0) fp_1) lam))))
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
 (let (($x63 (>= root!2 0.0)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x10 (+ (/ 4.0 5.0) ?x9)))
 (let (($x12 (>= ?x10 0.0)))
 (=> $x12 (and $x63 (= (* root!2 root!2) ?x10))))))))
(assert
 (= x_1 (* (* (/ 5.0 2.0) root!1) root!2)))
(assert
 (let (($x28 (>= tp_2 0.0)))
 (=> $x28 (and (>= root!3 0.0) (= (* root!3 root!3) tp_2)))))
(assert
 (let (($x79 (>= root!4 0.0)))
 (let ((?x21 (* (- 1.0) fp_2)))
 (let ((?x22 (+ (/ 4.0 5.0) ?x21)))
 (let (($x23 (>= ?x22 0.0)))
 (=> $x23 (and $x79 (= (* root!4 root!4) ?x22))))))))
(assert
 (= x_2 (* (* (/ 5.0 2.0) root!3) root!4)))
(assert
 (let ((?x45 (+ tp_2 (* lam tp_1) (* (* (- 1.0) lam) tp_2))))
 (let ((?x90 (* root!5 root!5)))
 (let (($x89 (>= root!5 0.0)))
 (=> (>= ?x45 0.0) (and $x89 (= ?x90 ?x45)))))))
(assert
 (let ((?x47 (* fp_2 lam)))
 (let ((?x21 (* (- 1.0) fp_2)))
 (let ((?x49 (+ (/ 4.0 5.0) ?x21 ?x47 (* (* (- 1.0) fp_1) lam))))
 (let ((?x98 (* root!6 root!6)))
 (let (($x97 (>= root!6 0.0)))
 (=> (>= ?x49 0.0) (and $x97 (= ?x98 ?x49)))))))))
(assert
 (= x_m (* (* (/ 5.0 2.0) root!5) root!6)))
(check-sat)
