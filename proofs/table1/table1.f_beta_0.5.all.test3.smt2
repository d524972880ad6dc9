; obligation test3: for f_beta_0.5 on Π = all: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun fp_2 () Real)
(declare-fun fn_2 () Real)
(declare-fun lam () Real)
(declare-fun x_1 () Real)
(declare-fun x_m () Real)
(declare-fun x_2 () Real)
(assert
 (>= (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= fn_2 0.0))
(assert
 (>= tp_2 0.0))
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (and (and (distinct (+ fp_1 (* (/ 1.0 4.0) fn_1) (* (/ 5.0 4.0) tp_1)) 0.0) true)))
(assert
 (and (and (distinct (+ fp_2 (* (/ 1.0 4.0) fn_2) (* (/ 5.0 4.0) tp_2)) 0.0) true)))
(assert
 (let ((?x43 (* fp_1 lam)))
 (let ((?x39 (* (/ 5.0 4.0) tp_2)))
 (let ((?x38 (* (/ 1.0 4.0) fn_2)))
 (let ((?x54 (+ fp_2 ?x38 ?x39 ?x43 (* (* (- 1.0) fp_2) lam) (* (* (- (/ 5.0 4.0)) lam) tp_2) (* (* (- (/ 1.0 4.0)) fn_2) lam) (* (* (/ 1.0 4.0) fn_1) lam) (* (* (/ 5.0 4.0) lam) tp_1))))
 (and (and (distinct ?x54 0.0) true)))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let ((?x59 (* 5.0 tp_1)))
 (=> (and (distinct (+ fn_1 (* 4.0 fp_1) ?x59) 0.0) true) (= (* x_1 (+ fn_1 (* 4.0 fp_1) ?x59)) ?x59))))
(assert
 (let ((?x68 (* 5.0 tp_2)))
 (=> (and (distinct (+ fn_2 (* 4.0 fp_2) ?x68) 0.0) true) (= (* x_2 (+ fn_2 (* 4.0 fp_2) ?x68)) ?x68))))
(assert
 (let ((?x80 (* (* 5.0 lam) tp_1)))
(let ((?x78 (* (* (- 5.0) lam) tp_2)))
(let ((?x68 (* 5.0 tp_2)))
(let ((?x82 (* fn_1 lam)))
(let ((?x69 (* 4.0 fp_2)))
(let ((?x88 (+ fn_2 ?x69 ?x68 ?x82 (* (* (- 1.0) fn_2) lam) ?x78 (* (* (- 4.0) fp_2) lam) (* (* 4.0 fp_1) lam) ?x80)))
(=> (and (distinct ?x88 0.0) true) (= (* x_m ?x88) (+ ?x68 ?x78 ?x80))))))))))
(check-sat)
