; obligation domain_closed: for mcc on Π = all: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0), lambda = 1/2
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
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fn_1 tp_1) 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fp_1 tp_1) 0.0) true)))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0) true) (and (distinct (+ fn_2 tp_2) 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) tp_2)) 0.0) true) (and (distinct (+ fp_2 tp_2) 0.0) true)))
(assert
 (let ((?x54 (* (- 1.0) lam)))
(let ((?x61 (* ?x54 tp_2)))
(let ((?x59 (* lam tp_1)))
(let ((?x68 (* fp_1 lam)))
(let (($x71 (and (distinct (+ fp_2 tp_2 ?x68 ?x59 (* (* (- 1.0) fp_2) lam) ?x61) 0.0) true)))
(let ((?x55 (* ?x54 tp_1)))
(let ((?x52 (* lam tp_2)))
(let ((?x64 (* fn_2 lam)))
(let ((?x24 (* (- 1.0) tp_2)))
(let ((?x20 (* (- 1.0) fn_2)))
(let (($x67 (and (distinct (+ 1.0 ?x20 ?x24 ?x64 ?x52 (* (* (- 1.0) fn_1) lam) ?x55) 0.0) true)))
(let (($x63 (and (distinct (+ fn_2 tp_2 (* fn_1 lam) ?x59 (* ?x20 lam) ?x61) 0.0) true)))
(let ((?x51 (* fp_2 lam)))
(let ((?x22 (* (- 1.0) fp_2)))
(let (($x57 (and (distinct (+ 1.0 ?x22 ?x24 ?x51 ?x52 (* (* (- 1.0) fp_1) lam) ?x55) 0.0) true)))
(not (and $x57 $x63 $x67 $x71))))))))))))))))))
(check-sat)
