; obligation test3: for f_beta_0.5 on Π = all: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=0, fn=0, tp=1), P2 = (tn=0, fp=0, fn=0, tp=1), lambda = 1/2
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
 (let ((?x36 (* 5.0 tp_1)))
 (let ((?x34 (* 4.0 fp_1)))
 (let ((?x37 (+ fn_1 ?x34 ?x36)))
 (let (($x38 (and (distinct ?x37 0.0) true)))
 (and $x38))))))
(assert
 (let ((?x41 (* 5.0 tp_2)))
 (let ((?x40 (* 4.0 fp_2)))
 (let ((?x42 (+ fn_2 ?x40 ?x41)))
 (let (($x43 (and (distinct ?x42 0.0) true)))
 (and $x43))))))
(assert
 (let ((?x55 (* (* 5.0 lam) tp_1)))
 (let ((?x49 (* (* (- 5.0) lam) tp_2)))
 (let ((?x45 (* fn_1 lam)))
 (let ((?x41 (* 5.0 tp_2)))
 (let ((?x40 (* 4.0 fp_2)))
 (let ((?x56 (+ fn_2 ?x40 ?x41 ?x45 (* (* (- 1.0) fn_2) lam) ?x49 (* (* (- 4.0) fp_2) lam) (* (* 4.0 fp_1) lam) ?x55)))
 (let (($x57 (and (distinct ?x56 0.0) true)))
 (and $x57)))))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let ((?x36 (* 5.0 tp_1)))
 (let ((?x34 (* 4.0 fp_1)))
 (let ((?x37 (+ fn_1 ?x34 ?x36)))
 (let (($x38 (and (distinct ?x37 0.0) true)))
 (=> $x38 (= (* x_1 ?x37) ?x36)))))))
(assert
 (let ((?x41 (* 5.0 tp_2)))
 (let ((?x40 (* 4.0 fp_2)))
 (let ((?x42 (+ fn_2 ?x40 ?x41)))
 (let (($x43 (and (distinct ?x42 0.0) true)))
 (=> $x43 (= (* x_2 ?x42) ?x41)))))))
(assert
 (let ((?x55 (* (* 5.0 lam) tp_1)))
(let ((?x49 (* (* (- 5.0) lam) tp_2)))
(let ((?x41 (* 5.0 tp_2)))
(let ((?x45 (* fn_1 lam)))
(let ((?x40 (* 4.0 fp_2)))
(let ((?x56 (+ fn_2 ?x40 ?x41 ?x45 (* (* (- 1.0) fn_2) lam) ?x49 (* (* (- 4.0) fp_2) lam) (* (* 4.0 fp_1) lam) ?x55)))
(let (($x57 (and (distinct ?x56 0.0) true)))
(=> $x57 (= (* x_m ?x56) (+ ?x41 ?x49 ?x55)))))))))))
(check-sat)
