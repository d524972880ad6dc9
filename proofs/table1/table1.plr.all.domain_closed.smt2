; obligation domain_closed: for plr on Π = all: P1, P2 ∈ Π ∩ dom(X) imply λP1 + (1−λ)P2 ∈ dom(X)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=0, tp=1/2), P2 = (tn=0, fp=1/2, fn=0, tp=1/2), lambda = 1/2
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
(declare-fun inv!1 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!3 () Real)
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
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x36 (+ 1.0 ?x8 ?x12)))
 (let (($x37 (and (distinct ?x36 0.0) true)))
 (and (and (distinct fp_1 0.0) true) (and (distinct (+ fn_1 tp_1) 0.0) true) $x37 (and (distinct inv!1 0.0) true)))))))
(assert
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x20 (* (- 1.0) fn_2)))
 (let ((?x44 (+ 1.0 ?x20 ?x24)))
 (let (($x45 (and (distinct ?x44 0.0) true)))
 (and (and (distinct fp_2 0.0) true) (and (distinct (+ fn_2 tp_2) 0.0) true) $x45 (and (distinct inv!2 0.0) true)))))))
(assert
 (let ((?x60 (* fn_2 lam)))
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x20 (* (- 1.0) fn_2)))
 (let ((?x64 (+ 1.0 ?x20 ?x24 ?x60 (* lam tp_2) (* (* (- 1.0) fn_1) lam) (* (* (- 1.0) lam) tp_1))))
 (let (($x65 (and (distinct ?x64 0.0) true)))
 (let ((?x53 (* fn_1 lam)))
 (let ((?x58 (+ fn_2 tp_2 ?x53 (* lam tp_1) (* ?x20 lam) (* (* (- 1.0) lam) tp_2))))
 (let (($x52 (and (distinct (+ fp_2 (* fp_1 lam) (* (* (- 1.0) fp_2) lam)) 0.0) true)))
 (not (and $x52 (and (distinct ?x58 0.0) true) $x65 (and (distinct inv!3 0.0) true))))))))))))
(assert
 (let (($x71 (= (* inv!1 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x36 (+ 1.0 ?x8 ?x12)))
 (let (($x37 (and (distinct ?x36 0.0) true)))
 (=> $x37 $x71)))))))
(assert
 (let (($x74 (= (* inv!2 (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) tp_2))) 1.0)))
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x20 (* (- 1.0) fn_2)))
 (let ((?x44 (+ 1.0 ?x20 ?x24)))
 (let (($x45 (and (distinct ?x44 0.0) true)))
 (=> $x45 $x74)))))))
(assert
 (let ((?x60 (* fn_2 lam)))
(let ((?x24 (* (- 1.0) tp_2)))
(let ((?x20 (* (- 1.0) fn_2)))
(let ((?x64 (+ 1.0 ?x20 ?x24 ?x60 (* lam tp_2) (* (* (- 1.0) fn_1) lam) (* (* (- 1.0) lam) tp_1))))
(let (($x65 (and (distinct ?x64 0.0) true)))
(=> $x65 (= (* inv!3 ?x64) 1.0))))))))
(check-sat)
