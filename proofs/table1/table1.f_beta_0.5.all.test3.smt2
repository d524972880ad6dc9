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
 (let ((?x34 (* 5.0 tp_1)))
 (let ((?x32 (* 4.0 fp_1)))
 (let ((?x35 (+ fn_1 ?x32 ?x34)))
 (let (($x36 (and (distinct ?x35 0.0) true)))
 (and $x36))))))
(assert
 (let ((?x39 (* 5.0 tp_2)))
 (let ((?x38 (* 4.0 fp_2)))
 (let ((?x40 (+ fn_2 ?x38 ?x39)))
 (let (($x41 (and (distinct ?x40 0.0) true)))
 (and $x41))))))
(assert
 (let ((?x53 (* (* 5.0 lam) tp_1)))
 (let ((?x47 (* (* (- 5.0) lam) tp_2)))
 (let ((?x43 (* fn_1 lam)))
 (let ((?x39 (* 5.0 tp_2)))
 (let ((?x38 (* 4.0 fp_2)))
 (let ((?x54 (+ fn_2 ?x38 ?x39 ?x43 (* (* (- 1.0) fn_2) lam) ?x47 (* (* (- 4.0) fp_2) lam) (* (* 4.0 fp_1) lam) ?x53)))
 (let (($x55 (and (distinct ?x54 0.0) true)))
 (and $x55)))))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let ((?x34 (* 5.0 tp_1)))
 (let ((?x32 (* 4.0 fp_1)))
 (let ((?x35 (+ fn_1 ?x32 ?x34)))
 (let (($x36 (and (distinct ?x35 0.0) true)))
 (=> $x36 (= (* x_1 ?x35) ?x34)))))))
(assert
 (let ((?x39 (* 5.0 tp_2)))
 (let ((?x38 (* 4.0 fp_2)))
 (let ((?x40 (+ fn_2 ?x38 ?x39)))
 (let (($x41 (and (distinct ?x40 0.0) true)))
 (=> $x41 (= (* x_2 ?x40) ?x39)))))))
(assert
 (let ((?x53 (* (* 5.0 lam) tp_1)))
(let ((?x47 (* (* (- 5.0) lam) tp_2)))
(let ((?x39 (* 5.0 tp_2)))
(let ((?x43 (* fn_1 lam)))
(let ((?x38 (* 4.0 fp_2)))
(let ((?x54 (+ fn_2 ?x38 ?x39 ?x43 (* (* (- 1.0) fn_2) lam) ?x47 (* (* (- 4.0) fp_2) lam) (* (* 4.0 fp_1) lam) ?x53)))
(let (($x55 (and (distinct ?x54 0.0) true)))
(=> $x55 (= (* x_m ?x54) (+ ?x39 ?x47 ?x53)))))))))))
(check-sat)
