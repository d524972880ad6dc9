; obligation domain_closed: for d_prime on Π = prior=0.2: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=2/5, fp=2/5, fn=1/10, tp=1/10), P2 = (tn=2/5, fp=2/5, fn=1/10, tp=1/10), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun lam () Real)
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
 (and (and (> (* (/ 5.0 4.0) fp_1) 0.0) (< (* (/ 5.0 4.0) fp_1) 1.0)) (and (> (* 5.0 tp_1) 0.0) (< (* 5.0 tp_1) 1.0))))
(assert
 (and (and (> (* (/ 5.0 4.0) fp_2) 0.0) (< (* (/ 5.0 4.0) fp_2) 1.0)) (and (> (* 5.0 tp_2) 0.0) (< (* 5.0 tp_2) 1.0))))
(assert
 (let ((?x48 (* 5.0 tp_2)))
(let ((?x66 (+ ?x48 (* (* (- 5.0) lam) tp_2) (* (* 5.0 lam) tp_1))))
(let ((?x44 (* (/ 5.0 4.0) fp_2)))
(let ((?x57 (+ ?x44 (* (* (- (/ 5.0 4.0)) fp_2) lam) (* (* (/ 5.0 4.0) fp_1) lam))))
(let (($x70 (and (and (> ?x57 0.0) (< ?x57 1.0)) (and (> ?x66 0.0) (< ?x66 1.0)))))
(not $x70)))))))
(check-sat)
