; obligation test3: for ptn on Π = prior=0.5: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 true)
(assert
 true)
(assert
 true)
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let (($x38 (and (distinct 2.0 0.0) true)))
 (=> $x38 (= (* x_1 2.0) (+ 1.0 (* (- 2.0) fp_1))))))
(assert
 (let (($x38 (and (distinct 2.0 0.0) true)))
 (=> $x38 (= (* x_2 2.0) (+ 1.0 (* (- 2.0) fp_2))))))
(assert
 (let ((?x46 (* (- 2.0) fp_2)))
(let ((?x54 (+ 1.0 ?x46 (* (* (- 2.0) fp_1) lam) (* (* 2.0 fp_2) lam))))
(let (($x38 (and (distinct 2.0 0.0) true)))
(=> $x38 (= (* x_m 2.0) ?x54))))))
(check-sat)
