; obligation test2: for npv on Π = all: X(λP1 + (1−λ)P2) ≤ max(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
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
(declare-fun x_1 () Real)
(declare-fun x_m () Real)
(declare-fun x_2 () Real)
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (>= ?x13 0.0))))))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x22 (* (- 1.0) fp_2)))
 (let ((?x20 (* (- 1.0) fn_2)))
 (let ((?x25 (+ 1.0 ?x20 ?x22 ?x24)))
 (>= ?x25 0.0))))))
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
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x33 (+ 1.0 ?x10 ?x12)))
 (let (($x34 (and (distinct ?x33 0.0) true)))
 (and $x34))))))
(assert
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x22 (* (- 1.0) fp_2)))
 (let ((?x36 (+ 1.0 ?x22 ?x24)))
 (let (($x37 (and (distinct ?x36 0.0) true)))
 (and $x37))))))
(assert
 (let ((?x43 (* (* (- 1.0) lam) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x41 (* ?x10 lam)))
 (let ((?x40 (* lam tp_2)))
 (let ((?x39 (* fp_2 lam)))
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x22 (* (- 1.0) fp_2)))
 (let ((?x44 (+ 1.0 ?x22 ?x24 ?x39 ?x40 ?x41 ?x43)))
 (let (($x45 (and (distinct ?x44 0.0) true)))
 (and $x45)))))))))))
(assert
 (> x_m x_1))
(assert
 (> x_m x_2))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (let ((?x33 (+ 1.0 ?x10 ?x12)))
 (let (($x34 (and (distinct ?x33 0.0) true)))
 (=> $x34 (= (* x_1 ?x33) ?x13)))))))))
(assert
 (let ((?x24 (* (- 1.0) tp_2)))
 (let ((?x22 (* (- 1.0) fp_2)))
 (let ((?x20 (* (- 1.0) fn_2)))
 (let ((?x25 (+ 1.0 ?x20 ?x22 ?x24)))
 (let ((?x36 (+ 1.0 ?x22 ?x24)))
 (let (($x37 (and (distinct ?x36 0.0) true)))
 (=> $x37 (= (* x_2 ?x36) ?x25)))))))))
(assert
 (let ((?x43 (* (* (- 1.0) lam) tp_1)))
(let ((?x10 (* (- 1.0) fp_1)))
(let ((?x41 (* ?x10 lam)))
(let ((?x40 (* lam tp_2)))
(let ((?x39 (* fp_2 lam)))
(let ((?x59 (* fn_2 lam)))
(let ((?x24 (* (- 1.0) tp_2)))
(let ((?x22 (* (- 1.0) fp_2)))
(let ((?x20 (* (- 1.0) fn_2)))
(let ((?x61 (+ 1.0 ?x20 ?x22 ?x24 ?x59 ?x39 ?x40 (* (* (- 1.0) fn_1) lam) ?x41 ?x43)))
(let ((?x44 (+ 1.0 ?x22 ?x24 ?x39 ?x40 ?x41 ?x43)))
(let (($x45 (and (distinct ?x44 0.0) true)))
(=> $x45 (= (* x_m ?x44) ?x61)))))))))))))))
(check-sat)
