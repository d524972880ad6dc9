; obligation test3: for f_beta_1 on Π = all: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
 (let ((?x32 (* 2.0 tp_1)))
 (let ((?x33 (+ fn_1 fp_1 ?x32)))
 (let (($x34 (and (distinct ?x33 0.0) true)))
 (and $x34)))))
(assert
 (let ((?x36 (* 2.0 tp_2)))
 (let ((?x37 (+ fn_2 fp_2 ?x36)))
 (let (($x38 (and (distinct ?x37 0.0) true)))
 (and $x38)))))
(assert
 (let ((?x48 (* (* 2.0 lam) tp_1)))
 (let ((?x46 (* (* (- 2.0) lam) tp_2)))
 (let ((?x41 (* fp_1 lam)))
 (let ((?x40 (* fn_1 lam)))
 (let ((?x36 (* 2.0 tp_2)))
 (let ((?x49 (+ fn_2 fp_2 ?x36 ?x40 ?x41 (* (* (- 1.0) fn_2) lam) (* (* (- 1.0) fp_2) lam) ?x46 ?x48)))
 (let (($x50 (and (distinct ?x49 0.0) true)))
 (and $x50)))))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let ((?x32 (* 2.0 tp_1)))
 (let ((?x33 (+ fn_1 fp_1 ?x32)))
 (let (($x34 (and (distinct ?x33 0.0) true)))
 (=> $x34 (= (* x_1 ?x33) ?x32))))))
(assert
 (let ((?x36 (* 2.0 tp_2)))
 (let ((?x37 (+ fn_2 fp_2 ?x36)))
 (let (($x38 (and (distinct ?x37 0.0) true)))
 (=> $x38 (= (* x_2 ?x37) ?x36))))))
(assert
 (let ((?x48 (* (* 2.0 lam) tp_1)))
(let ((?x46 (* (* (- 2.0) lam) tp_2)))
(let ((?x36 (* 2.0 tp_2)))
(let ((?x41 (* fp_1 lam)))
(let ((?x40 (* fn_1 lam)))
(let ((?x49 (+ fn_2 fp_2 ?x36 ?x40 ?x41 (* (* (- 1.0) fn_2) lam) (* (* (- 1.0) fp_2) lam) ?x46 ?x48)))
(let (($x50 (and (distinct ?x49 0.0) true)))
(=> $x50 (= (* x_m ?x49) (+ ?x36 ?x46 ?x48)))))))))))
(check-sat)
