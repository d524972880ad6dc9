; obligation test2: for f_beta_0.5 on Π = prior=0.5: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=0, tp=1/2), P2 = (tn=0, fp=1/2, fn=0, tp=1/2), lambda = 1/2
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
 (and (and (distinct (+ (/ 1.0 2.0) (* 4.0 fp_1) (* 4.0 tp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ (/ 1.0 2.0) (* 4.0 fp_2) (* 4.0 tp_2)) 0.0) true)))
(assert
 (let ((?x39 (* 4.0 tp_2)))
 (let ((?x38 (* 4.0 fp_2)))
 (let ((?x51 (+ (/ 1.0 2.0) ?x38 ?x39 (* (* (- 4.0) fp_2) lam) (* (* (- 4.0) lam) tp_2) (* (* 4.0 fp_1) lam) (* (* 4.0 lam) tp_1))))
 (and (and (distinct ?x51 0.0) true))))))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let ((?x66 (* 10.0 tp_1)))
 (=> (and (distinct (+ 1.0 (* 8.0 fp_1) (* 8.0 tp_1)) 0.0) true) (= (* x_1 (+ 1.0 (* 8.0 fp_1) (* 8.0 tp_1))) ?x66))))
(assert
 (let ((?x74 (* 10.0 tp_2)))
 (=> (and (distinct (+ 1.0 (* 8.0 fp_2) (* 8.0 tp_2)) 0.0) true) (= (* x_2 (+ 1.0 (* 8.0 fp_2) (* 8.0 tp_2))) ?x74))))
(assert
 (let ((?x74 (* 10.0 tp_2)))
(let ((?x70 (* 8.0 tp_2)))
(let ((?x69 (* 8.0 fp_2)))
(let ((?x85 (+ 1.0 ?x69 ?x70 (* (* (- 8.0) fp_2) lam) (* (* (- 8.0) lam) tp_2) (* (* 8.0 fp_1) lam) (* (* 8.0 lam) tp_1))))
(let (($x94 (= (* x_m ?x85) (+ ?x74 (* (* (- 10.0) lam) tp_2) (* (* 10.0 lam) tp_1)))))
(=> (and (distinct ?x85 0.0) true) $x94)))))))
(check-sat)
