; obligation test1[s=0]: for mcc on Π = prior=0.5: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 0, P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(assert
 (let ((?x8 (* (- 1.0) fp_2)))
 (let ((?x9 (+ (/ 1.0 2.0) ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= fp_2 0.0))
(assert
 (let ((?x14 (* (- 1.0) tp_2)))
 (let ((?x15 (+ (/ 1.0 2.0) ?x14)))
 (>= ?x15 0.0))))
(assert
 (>= tp_2 0.0))
(assert
 true)
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0) true) (and (distinct (+ fp_2 tp_2) 0.0) true)))
(assert
 (> x_1 x_2))
(assert
 (=> (and (distinct 1.0 0.0) true) (= (- 1.0) (* x_1 1.0))))
(assert
 (let (($x37 (and (> root!1 0.0) (= (* (* root!1 root!1) (+ fp_2 tp_2)) 1.0))))
 (=> (> (+ fp_2 tp_2) 0.0) $x37)))
(assert
 (let ((?x14 (* (- 1.0) tp_2)))
 (let ((?x8 (* (- 1.0) fp_2)))
 (let ((?x19 (+ 1.0 ?x8 ?x14)))
 (let ((?x42 (* root!2 root!2)))
 (=> (> ?x19 0.0) (and (> root!2 0.0) (= (* ?x42 ?x19) 1.0))))))))
(assert
 (let ((?x52 (+ (* tp_2 (+ (/ 1.0 2.0) (* (- 1.0) fp_2))) (* (* (- 1.0) fp_2) (+ (/ 1.0 2.0) (* (- 1.0) tp_2))))))
(= x_2 (* (* (* 2.0 root!1) root!2) ?x52))))
(check-sat)
