; obligation test3: for for on Π = prior=0.2: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
(declare-fun x_1 () Real)
(declare-fun x_m () Real)
(declare-fun x_2 () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_2)) 0.0))
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
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0) true)))
(assert
 (let ((?x39 (* fp_2 lam)))
 (let ((?x25 (* (- 1.0) tp_2)))
 (let ((?x20 (* (- 1.0) fp_2)))
 (let ((?x44 (+ 1.0 ?x20 ?x25 ?x39 (* lam tp_2) (* (* (- 1.0) fp_1) lam) (* (* (- 1.0) lam) tp_1))))
 (and (and (distinct ?x44 0.0) true)))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let (($x60 (= (* x_1 (+ 5.0 (* (- 5.0) fp_1) (* (- 5.0) tp_1))) (+ 1.0 (* (- 5.0) tp_1)))))
 (=> (and (distinct (+ 5.0 (* (- 5.0) fp_1) (* (- 5.0) tp_1)) 0.0) true) $x60)))
(assert
 (let (($x68 (= (* x_2 (+ 5.0 (* (- 5.0) fp_2) (* (- 5.0) tp_2))) (+ 1.0 (* (- 5.0) tp_2)))))
 (=> (and (distinct (+ 5.0 (* (- 5.0) fp_2) (* (- 5.0) tp_2)) 0.0) true) $x68)))
(assert
 (let ((?x76 (* (* 5.0 lam) tp_2)))
(let ((?x72 (* (* (- 5.0) lam) tp_1)))
(let ((?x63 (* (- 5.0) tp_2)))
(let ((?x62 (* (- 5.0) fp_2)))
(let ((?x77 (+ 5.0 ?x62 ?x63 (* (* (- 5.0) fp_1) lam) ?x72 (* (* 5.0 fp_2) lam) ?x76)))
(=> (and (distinct ?x77 0.0) true) (= (* x_m ?x77) (+ 1.0 ?x63 ?x72 ?x76)))))))))
(check-sat)
