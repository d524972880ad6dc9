; obligation test2: for nlr on Π = prior=1/2: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=1/2, fp=0, fn=0, tp=1/2), P2 = (tn=1/2, fp=0, fn=0, tp=1/2), lambda = 1/2
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
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x10 (+ (/ 1.0 2.0) ?x9)))
 (>= ?x10 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x20 (* (- 1.0) fp_2)))
 (let ((?x21 (+ (/ 1.0 2.0) ?x20)))
 (>= ?x21 0.0))))
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
 (and (and (distinct (+ (/ 1.0 2.0) (* (- 1.0) fp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ (/ 1.0 2.0) (* (- 1.0) fp_2)) 0.0) true)))
(assert
 (let ((?x36 (* fp_2 lam)))
 (let ((?x20 (* (- 1.0) fp_2)))
 (and (and (distinct (+ (/ 1.0 2.0) ?x20 ?x36 (* (* (- 1.0) fp_1) lam)) 0.0) true)))))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let (($x49 (= (* x_1 (+ 1.0 (* (- 2.0) fp_1))) (+ 1.0 (* (- 2.0) tp_1)))))
 (=> (and (distinct (+ 1.0 (* (- 2.0) fp_1)) 0.0) true) $x49)))
(assert
 (let (($x58 (= (* x_2 (+ 1.0 (* (- 2.0) fp_2))) (+ 1.0 (* (- 2.0) tp_2)))))
 (=> (and (distinct (+ 1.0 (* (- 2.0) fp_2)) 0.0) true) $x58)))
(assert
 (let ((?x52 (* (- 2.0) tp_2)))
(let ((?x66 (+ 1.0 ?x52 (* (* (- 2.0) lam) tp_1) (* (* 2.0 lam) tp_2))))
(let ((?x54 (* (- 2.0) fp_2)))
(let ((?x70 (+ 1.0 ?x54 (* (* (- 2.0) fp_1) lam) (* (* 2.0 fp_2) lam))))
(=> (and (distinct ?x70 0.0) true) (= (* x_m ?x70) ?x66)))))))
(check-sat)
