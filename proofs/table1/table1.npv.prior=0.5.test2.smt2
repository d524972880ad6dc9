; obligation test2: for npv on Π = prior=0.5: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0) true)))
(assert
 (let ((?x38 (* fp_2 lam)))
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x19 (* (- 1.0) fp_2)))
 (let ((?x43 (+ 1.0 ?x19 ?x24 ?x38 (* lam tp_2) (* (* (- 1.0) fp_1) lam) (* (* (- 1.0) lam) tp_1))))
 (and (and (distinct ?x43 0.0) true)))))))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let (($x59 (= (* x_1 (+ 2.0 (* (- 2.0) fp_1) (* (- 2.0) tp_1))) (+ 1.0 (* (- 2.0) fp_1)))))
 (=> (and (distinct (+ 2.0 (* (- 2.0) fp_1) (* (- 2.0) tp_1)) 0.0) true) $x59)))
(assert
 (let (($x67 (= (* x_2 (+ 2.0 (* (- 2.0) fp_2) (* (- 2.0) tp_2))) (+ 1.0 (* (- 2.0) fp_2)))))
 (=> (and (distinct (+ 2.0 (* (- 2.0) fp_2) (* (- 2.0) tp_2)) 0.0) true) $x67)))
(assert
 (let ((?x72 (* 2.0 fp_2)))
(let ((?x73 (* ?x72 lam)))
(let ((?x53 (* (- 2.0) fp_1)))
(let ((?x69 (* ?x53 lam)))
(let ((?x61 (* (- 2.0) fp_2)))
(let ((?x62 (* (- 2.0) tp_2)))
(let ((?x76 (+ 2.0 ?x61 ?x62 ?x69 (* (* (- 2.0) lam) tp_1) ?x73 (* (* 2.0 lam) tp_2))))
(=> (and (distinct ?x76 0.0) true) (= (* x_m ?x76) (+ 1.0 ?x61 ?x69 ?x73)))))))))))
(check-sat)
