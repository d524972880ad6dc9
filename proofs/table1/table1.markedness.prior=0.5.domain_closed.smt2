; obligation domain_closed: for markedness on Π = prior=0.5: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0), lambda = 1/2
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
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fp_1 tp_1) 0.0) true)))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0) true) (and (distinct (+ fp_2 tp_2) 0.0) true)))
(assert
 (let ((?x49 (* fp_1 lam)))
(let ((?x53 (+ fp_2 tp_2 ?x49 (* lam tp_1) (* (* (- 1.0) fp_2) lam) (* (* (- 1.0) lam) tp_2))))
(let ((?x42 (* fp_2 lam)))
(let ((?x24 (* (- 1.0) tp_2)))
(let ((?x19 (* (- 1.0) fp_2)))
(let ((?x47 (+ 1.0 ?x19 ?x24 ?x42 (* lam tp_2) (* (* (- 1.0) fp_1) lam) (* (* (- 1.0) lam) tp_1))))
(not (and (and (distinct ?x47 0.0) true) (and (distinct ?x53 0.0) true))))))))))
(check-sat)
