; obligation test2: for balanced_accuracy on Π = prior=0.2: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 true)
(assert
 true)
(assert
 true)
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let (($x39 (and (distinct 8.0 0.0) true)))
 (=> $x39 (= (* x_1 8.0) (+ 4.0 (* (- 5.0) fp_1) (* 20.0 tp_1))))))
(assert
 (let (($x39 (and (distinct 8.0 0.0) true)))
 (=> $x39 (= (* x_2 8.0) (+ 4.0 (* (- 5.0) fp_2) (* 20.0 tp_2))))))
(assert
 (let ((?x51 (* 20.0 tp_2)))
(let ((?x50 (* (- 5.0) fp_2)))
(let ((?x65 (+ 4.0 ?x50 ?x51 (* (* (- 20.0) lam) tp_2) (* (* (- 5.0) fp_1) lam) (* (* 5.0 fp_2) lam) (* (* 20.0 lam) tp_1))))
(let (($x39 (and (distinct 8.0 0.0) true)))
(=> $x39 (= (* x_m 8.0) ?x65)))))))
(check-sat)
