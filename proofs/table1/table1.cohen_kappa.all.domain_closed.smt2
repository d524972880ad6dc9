; obligation domain_closed: for cohen_kappa on Π = all: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=0, fn=1, tp=0), P2 = (tn=0, fp=0, fn=1, tp=0), lambda = 1/2
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
 (let ((?x41 (* (- 2.0) fp_1)))
 (let ((?x42 (* ?x41 tp_1)))
 (let ((?x38 (* (- 2.0) fn_1)))
 (let ((?x40 (* ?x38 tp_1)))
 (let ((?x39 (* ?x38 fp_1)))
 (let ((?x37 (* 2.0 tp_1)))
 (let ((?x34 (* tp_1 tp_1)))
 (let ((?x35 (* (- 2.0) ?x34)))
 (and (and (distinct (+ fn_1 fp_1 ?x35 ?x37 ?x39 ?x40 ?x42) 0.0) true)))))))))))
(assert
 (let ((?x52 (* (- 2.0) fp_2)))
 (let ((?x53 (* ?x52 tp_2)))
 (let ((?x49 (* (- 2.0) fn_2)))
 (let ((?x51 (* ?x49 tp_2)))
 (let ((?x50 (* ?x49 fp_2)))
 (let ((?x48 (* 2.0 tp_2)))
 (let ((?x46 (* tp_2 tp_2)))
 (let ((?x47 (* (- 2.0) ?x46)))
 (and (and (distinct (+ fn_2 fp_2 ?x47 ?x48 ?x50 ?x51 ?x53) 0.0) true)))))))))))
(assert
 (let ((?x52 (* (- 2.0) fp_2)))
(let ((?x53 (* ?x52 tp_2)))
(let ((?x49 (* (- 2.0) fn_2)))
(let ((?x51 (* ?x49 tp_2)))
(let ((?x50 (* ?x49 fp_2)))
(let ((?x58 (* fp_1 lam)))
(let ((?x57 (* fn_1 lam)))
(let ((?x48 (* 2.0 tp_2)))
(let ((?x46 (* tp_2 tp_2)))
(let ((?x47 (* (- 2.0) ?x46)))
(let ((?x121 (+ fn_2 fp_2 ?x47 ?x48 ?x57 ?x58 (* (* (- 1.0) fn_2) lam) (* (* (- 1.0) fp_2) lam) ?x50 ?x51 ?x53 (* (* (- 2.0) lam) tp_2) (* (* (- 2.0) (* lam lam)) (* tp_1 tp_1)) (* (* (- 2.0) (* lam lam)) ?x46) (* (* 2.0 lam) tp_1) (* (* 4.0 lam) ?x46) (* (* (* (- 4.0) lam) tp_1) tp_2) (* (* (* (- 2.0) fn_1) fp_1) (* lam lam)) (* (* (* (- 2.0) fn_1) fp_2) lam) (* (* (* (- 2.0) fn_1) lam) tp_2) (* (* (* (- 2.0) fn_1) tp_1) (* lam lam)) (* (* ?x49 fp_1) lam) (* ?x50 (* lam lam)) (* (* ?x49 lam) tp_1) (* ?x51 (* lam lam)) (* (* (* (- 2.0) fp_1) lam) tp_2) (* (* (* (- 2.0) fp_1) tp_1) (* lam lam)) (* (* ?x52 lam) tp_1) (* ?x53 (* lam lam)) (* (* (* 2.0 fn_1) fp_2) (* lam lam)) (* (* (* 2.0 fn_1) tp_2) (* lam lam)) (* (* (* 2.0 fn_2) fp_1) (* lam lam)) (* (* (* 2.0 fn_2) tp_1) (* lam lam)) (* (* (* 2.0 fp_1) tp_2) (* lam lam)) (* (* (* 2.0 fp_2) tp_1) (* lam lam)) (* (* (* 4.0 fn_2) fp_2) lam) (* (* (* 4.0 fn_2) lam) tp_2) (* (* (* 4.0 fp_2) lam) tp_2) (* (* (* 4.0 tp_1) tp_2) (* lam lam)))))
(not (and (and (distinct ?x121 0.0) true)))))))))))))))
(check-sat)
