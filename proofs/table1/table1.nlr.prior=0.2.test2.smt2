; obligation test2: for nlr on Π = prior=1/5: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=4/5, fp=0, fn=0, tp=1/5), P2 = (tn=4/5, fp=0, fn=0, tp=1/5), lambda = 1/2
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
 (let ((?x10 (+ (/ 4.0 5.0) ?x9)))
 (>= ?x10 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x21 (* (- 1.0) fp_2)))
 (let ((?x22 (+ (/ 4.0 5.0) ?x21)))
 (>= ?x22 0.0))))
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
 (and (and (distinct (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ (/ 4.0 5.0) (* (- 1.0) fp_2)) 0.0) true)))
(assert
 (let ((?x37 (* fp_2 lam)))
 (let ((?x21 (* (- 1.0) fp_2)))
 (and (and (distinct (+ (/ 4.0 5.0) ?x21 ?x37 (* (* (- 1.0) fp_1) lam)) 0.0) true)))))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let (($x52 (= (* x_1 (+ 4.0 (* (- 5.0) fp_1))) (+ 4.0 (* (- 20.0) tp_1)))))
 (=> (and (distinct (+ 4.0 (* (- 5.0) fp_1)) 0.0) true) $x52)))
(assert
 (let (($x61 (= (* x_2 (+ 4.0 (* (- 5.0) fp_2))) (+ 4.0 (* (- 20.0) tp_2)))))
 (=> (and (distinct (+ 4.0 (* (- 5.0) fp_2)) 0.0) true) $x61)))
(assert
 (let ((?x55 (* (- 20.0) tp_2)))
(let ((?x69 (+ 4.0 ?x55 (* (* (- 20.0) lam) tp_1) (* (* 20.0 lam) tp_2))))
(let ((?x57 (* (- 5.0) fp_2)))
(let ((?x74 (+ 4.0 ?x57 (* (* (- 5.0) fp_1) lam) (* (* 5.0 fp_2) lam))))
(=> (and (distinct ?x74 0.0) true) (= (* x_m ?x74) ?x69)))))))
(check-sat)
