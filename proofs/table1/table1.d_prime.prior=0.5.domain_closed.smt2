; obligation domain_closed: for d_prime on Π = prior=0.5: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=1/4, fp=1/4, fn=1/4, tp=1/4), P2 = (tn=1/4, fp=1/4, fn=1/4, tp=1/4), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun lam () Real)
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
 (and (and (> (* 2.0 fp_1) 0.0) (< (* 2.0 fp_1) 1.0)) (and (> (* 2.0 tp_1) 0.0) (< (* 2.0 tp_1) 1.0))))
(assert
 (and (and (> (* 2.0 fp_2) 0.0) (< (* 2.0 fp_2) 1.0)) (and (> (* 2.0 tp_2) 0.0) (< (* 2.0 tp_2) 1.0))))
(assert
 (let ((?x46 (* 2.0 tp_2)))
(let ((?x63 (+ ?x46 (* (* (- 2.0) lam) tp_2) (* (* 2.0 lam) tp_1))))
(let ((?x42 (* 2.0 fp_2)))
(let ((?x55 (+ ?x42 (* (* (- 2.0) fp_2) lam) (* (* 2.0 fp_1) lam))))
(let (($x67 (and (and (> ?x55 0.0) (< ?x55 1.0)) (and (> ?x63 0.0) (< ?x63 1.0)))))
(not $x67)))))))
(check-sat)
