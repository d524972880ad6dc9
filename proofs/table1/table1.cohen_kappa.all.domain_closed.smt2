; obligation domain_closed: for cohen_kappa on Π = all: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
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
 (let ((?x39 (* (- 2.0) fp_1)))
 (let ((?x40 (* ?x39 tp_1)))
 (let ((?x36 (* (- 2.0) fn_1)))
 (let ((?x38 (* ?x36 tp_1)))
 (let ((?x37 (* ?x36 fp_1)))
 (let ((?x35 (* 2.0 tp_1)))
 (let ((?x32 (* tp_1 tp_1)))
 (let ((?x33 (* (- 2.0) ?x32)))
 (and (and (distinct (+ fn_1 fp_1 ?x33 ?x35 ?x37 ?x38 ?x40) 0.0) true)))))))))))
(assert
 (let ((?x50 (* (- 2.0) fp_2)))
 (let ((?x51 (* ?x50 tp_2)))
 (let ((?x47 (* (- 2.0) fn_2)))
 (let ((?x49 (* ?x47 tp_2)))
 (let ((?x48 (* ?x47 fp_2)))
 (let ((?x46 (* 2.0 tp_2)))
 (let ((?x44 (* tp_2 tp_2)))
 (let ((?x45 (* (- 2.0) ?x44)))
 (and (and (distinct (+ fn_2 fp_2 ?x45 ?x46 ?x48 ?x49 ?x51) 0.0) true)))))))))))
(assert
 (let ((?x50 (* (- 2.0) fp_2)))
(let ((?x51 (* ?x50 tp_2)))
(let ((?x47 (* (- 2.0) fn_2)))
(let ((?x49 (* ?x47 tp_2)))
(let ((?x48 (* ?x47 fp_2)))
(let ((?x56 (* fp_1 lam)))
(let ((?x55 (* fn_1 lam)))
(let ((?x46 (* 2.0 tp_2)))
(let ((?x44 (* tp_2 tp_2)))
(let ((?x45 (* (- 2.0) ?x44)))
(let ((?x119 (+ fn_2 fp_2 ?x45 ?x46 ?x55 ?x56 (* (* (- 1.0) fn_2) lam) (* (* (- 1.0) fp_2) lam) ?x48 ?x49 ?x51 (* (* (- 2.0) lam) tp_2) (* (* (- 2.0) (* lam lam)) (* tp_1 tp_1)) (* (* (- 2.0) (* lam lam)) ?x44) (* (* 2.0 lam) tp_1) (* (* 4.0 lam) ?x44) (* (* (* (- 4.0) lam) tp_1) tp_2) (* (* (* (- 2.0) fn_1) fp_1) (* lam lam)) (* (* (* (- 2.0) fn_1) fp_2) lam) (* (* (* (- 2.0) fn_1) lam) tp_2) (* (* (* (- 2.0) fn_1) tp_1) (* lam lam)) (* (* ?x47 fp_1) lam) (* ?x48 (* lam lam)) (* (* ?x47 lam) tp_1) (* ?x49 (* lam lam)) (* (* (* (- 2.0) fp_1) lam) tp_2) (* (* (* (- 2.0) fp_1) tp_1) (* lam lam)) (* (* ?x50 lam) tp_1) (* ?x51 (* lam lam)) (* (* (* 2.0 fn_1) fp_2) (* lam lam)) (* (* (* 2.0 fn_1) tp_2) (* lam lam)) (* (* (* 2.0 fn_2) fp_1) (* lam lam)) (* (* (* 2.0 fn_2) tp_1) (* lam lam)) (* (* (* 2.0 fp_1) tp_2) (* lam lam)) (* (* (* 2.0 fp_2) tp_1) (* lam lam)) (* (* (* 4.0 fn_2) fp_2) lam) (* (* (* 4.0 fn_2) lam) tp_2) (* (* (* 4.0 fp_2) lam) tp_2) (* (* (* 4.0 tp_1) tp_2) (* lam lam)))))
(not (and (and (distinct ?x119 0.0) true)))))))))))))))
(check-sat)
