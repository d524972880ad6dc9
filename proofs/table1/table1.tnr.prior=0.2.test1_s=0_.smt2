; obligation test1[s=0]: for tnr on Π = prior=0.2: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 0, P1 = (tn=0, fp=4/5, fn=1/5, tp=0), P2 = (tn=0, fp=4/5, fn=0, tp=1/5)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_2)) 0.0))
(assert
 (>= tp_2 0.0))
(assert
 true)
(assert
 true)
(assert
 (> x_1 x_2))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(assert
 (=> (and (distinct 4.0 0.0) true) (= (* x_2 4.0) (+ 4.0 (* (- 5.0) fp_2)))))
(check-sat)
