; obligation test1[s=1]: for mcc on Π = prior=0.2: P1(S ≤ 1) = 1 and P2(S ≥ 1) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 1, P1 = (tn=0, fp=4/5, fn=1/5, tp=0), P2 = (tn=4/5, fp=0, fn=0, tp=1/5)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(assert
 (let ((?x8 (* (- 1.0) fp_1)))
 (let ((?x9 (+ (/ 4.0 5.0) ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (let ((?x15 (* (- 1.0) tp_1)))
 (let ((?x16 (+ (/ 1.0 5.0) ?x15)))
 (>= ?x16 0.0))))
(assert
 (>= tp_1 0.0))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fp_1 tp_1) 0.0) true)))
(assert
 true)
(assert
 (> x_1 x_2))
(assert
 (let (($x34 (and (> root!1 0.0) (= (* (* root!1 root!1) (+ fp_1 tp_1)) 1.0))))
 (=> (> (+ fp_1 tp_1) 0.0) $x34)))
(assert
 (let ((?x15 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fp_1)))
 (let ((?x20 (+ 1.0 ?x8 ?x15)))
 (let ((?x39 (* root!2 root!2)))
 (=> (> ?x20 0.0) (and (> root!2 0.0) (= (* ?x39 ?x20) 1.0))))))))
(assert
 (let ((?x49 (+ (* tp_1 (+ (/ 4.0 5.0) (* (- 1.0) fp_1))) (* (* (- 1.0) fp_1) (+ (/ 1.0 5.0) (* (- 1.0) tp_1))))))
 (= x_1 (* (* (* (/ 5.0 2.0) root!1) root!2) ?x49))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 1.0 (* x_2 1.0))))
(check-sat)
