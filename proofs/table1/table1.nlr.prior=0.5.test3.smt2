; obligation test3: for nlr on Π = prior=0.5: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 (let ((?x8 (* (- 1.0) fp_1)))
 (let ((?x9 (+ (/ 1.0 2.0) ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x19 (* (- 1.0) fp_2)))
 (let ((?x20 (+ (/ 1.0 2.0) ?x19)))
 (>= ?x20 0.0))))
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
 (let ((?x19 (* (- 1.0) fp_2)))
 (and (and (distinct (+ (/ 1.0 2.0) ?x19 ?x36 (* (* (- 1.0) fp_1) lam)) 0.0) true)))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let (($x53 (= (* x_1 (+ 1.0 (* (- 2.0) fp_1))) (+ 1.0 (* (- 2.0) tp_1)))))
 (=> (and (distinct (+ 1.0 (* (- 2.0) fp_1)) 0.0) true) $x53)))
(assert
 (let (($x61 (= (* x_2 (+ 1.0 (* (- 2.0) fp_2))) (+ 1.0 (* (- 2.0) tp_2)))))
 (=> (and (distinct (+ 1.0 (* (- 2.0) fp_2)) 0.0) true) $x61)))
(assert
 (let ((?x59 (* (- 2.0) tp_2)))
(let ((?x74 (+ 1.0 ?x59 (* (* (- 2.0) lam) tp_1) (* (* 2.0 lam) tp_2))))
(let ((?x55 (* (- 2.0) fp_2)))
(let ((?x67 (+ 1.0 ?x55 (* (* (- 2.0) fp_1) lam) (* (* 2.0 fp_2) lam))))
(=> (and (distinct ?x67 0.0) true) (= (* x_m ?x67) ?x74)))))))
(check-sat)
