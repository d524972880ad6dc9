; obligation test2: for cohen_kappa on Π = prior=0.2: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 (and (and (distinct (+ (/ 1.0 5.0) (* (/ 3.0 5.0) fp_1) (* (/ 3.0 5.0) tp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ (/ 1.0 5.0) (* (/ 3.0 5.0) fp_2) (* (/ 3.0 5.0) tp_2)) 0.0) true)))
(assert
 (let ((?x40 (* (/ 3.0 5.0) tp_2)))
 (let ((?x39 (* (/ 3.0 5.0) fp_2)))
 (let ((?x52 (+ (/ 1.0 5.0) ?x39 ?x40 (* (* (- (/ 3.0 5.0)) fp_2) lam) (* (* (- (/ 3.0 5.0)) lam) tp_2) (* (* (/ 3.0 5.0) fp_1) lam) (* (* (/ 3.0 5.0) lam) tp_1))))
 (and (and (distinct ?x52 0.0) true))))))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let (($x71 (= (* x_1 (+ 1.0 (* 3.0 fp_1) (* 3.0 tp_1))) (+ (* (- 2.0) fp_1) (* 8.0 tp_1)))))
 (=> (and (distinct (+ 1.0 (* 3.0 fp_1) (* 3.0 tp_1)) 0.0) true) $x71)))
(assert
 (let (($x81 (= (* x_2 (+ 1.0 (* 3.0 fp_2) (* 3.0 tp_2))) (+ (* (- 2.0) fp_2) (* 8.0 tp_2)))))
 (=> (and (distinct (+ 1.0 (* 3.0 fp_2) (* 3.0 tp_2)) 0.0) true) $x81)))
(assert
 (let ((?x79 (* 8.0 tp_2)))
(let ((?x78 (* (- 2.0) fp_2)))
(let ((?x103 (+ ?x78 ?x79 (* (* (- 8.0) lam) tp_2) (* (* (- 2.0) fp_1) lam) (* (* 2.0 fp_2) lam) (* (* 8.0 lam) tp_1))))
(let ((?x74 (* 3.0 tp_2)))
(let ((?x73 (* 3.0 fp_2)))
(let ((?x91 (+ 1.0 ?x73 ?x74 (* (* (- 3.0) fp_2) lam) (* (* (- 3.0) lam) tp_2) (* (* 3.0 fp_1) lam) (* (* 3.0 lam) tp_1))))
(=> (and (distinct ?x91 0.0) true) (= (* x_m ?x91) ?x103)))))))))
(check-sat)
