; obligation test1[s=1]: for ptn on Π = prior=0.2: P1(S ≤ 1) = 1 and P2(S ≥ 1) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 1, P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=4/5, fp=0, fn=0, tp=1/5)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 true)
(assert
 true)
(assert
 (> x_1 x_2))
(assert
 (let (($x23 (and (distinct 5.0 0.0) true)))
 (=> $x23 (= (* x_1 5.0) (+ 4.0 (* (- 5.0) fp_1))))))
(assert
 (let (($x23 (and (distinct 5.0 0.0) true)))
(=> $x23 (= 4.0 (* x_2 5.0)))))
(check-sat)
