; obligation domain_closed: for odds_ratio on Π = prior=0.2: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=1/5, tp=0), P2 = (tn=0, fp=4/5, fn=1/5, tp=0), lambda = 1/2
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
 (let ((?x16 (+ (/ 1.0 5.0) (* (- 1.0) tp_1))))
 (>= ?x16 0.0)))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (let ((?x25 (* (- 1.0) tp_2)))
 (let ((?x26 (+ (/ 1.0 5.0) ?x25)))
 (>= ?x26 0.0))))
(assert
 (>= tp_2 0.0))
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (and (and (distinct (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0) true) (and (distinct fp_1 0.0) true)))
(assert
 (and (and (distinct (+ (/ 1.0 5.0) (* (- 1.0) tp_2)) 0.0) true) (and (distinct fp_2 0.0) true)))
(assert
 (let (($x47 (and (distinct (+ fp_2 (* fp_1 lam) (* (* (- 1.0) fp_2) lam)) 0.0) true)))
(let ((?x25 (* (- 1.0) tp_2)))
(let (($x43 (and (distinct (+ (/ 1.0 5.0) ?x25 (* lam tp_2) (* (* (- 1.0) lam) tp_1)) 0.0) true)))
(not (and $x43 $x47))))))
(check-sat)
