; obligation theorem2[E={tn, fp, fn, tp}]: for g_mean on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, fn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=0, fp=1/2, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(declare-fun root!3 () Real)
(declare-fun inv!4 () Real)
(declare-fun inv!5 () Real)
(declare-fun root!6 () Real)
(declare-fun root!7 () Real)
(assert
 (let ((?x14 (* (- 1.0) tp_1)))
 (let ((?x27 (* (- 1.0) fp_1)))
 (let ((?x13 (* (- 1.0) fn_1)))
 (let ((?x28 (+ 1.0 ?x13 ?x27 ?x14)))
 (>= ?x28 0.0))))))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x14 (* (- 1.0) tp_1)))
 (let ((?x27 (* (- 1.0) fp_1)))
 (let ((?x13 (* (- 1.0) fn_1)))
 (let ((?x28 (+ 1.0 ?x13 ?x27 ?x14)))
 (let ((?x15 (+ 1.0 ?x13 ?x14)))
 (let (($x16 (and (distinct ?x15 0.0) true)))
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (and $x10 $x16 (>= (* (* (* tp_1 inv!1) inv!2) ?x28) 0.0)))))))))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (=> $x10 (= (* inv!1 ?x8) 1.0)))))
(assert
 (let (($x24 (= (* inv!2 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x14 (* (- 1.0) tp_1)))
 (let ((?x13 (* (- 1.0) fn_1)))
 (let ((?x15 (+ 1.0 ?x13 ?x14)))
 (let (($x16 (and (distinct ?x15 0.0) true)))
 (=> $x16 $x24)))))))
(assert
 (let (($x34 (>= tp_1 0.0)))
 (=> $x34 (and (>= root!3 0.0) (= (* root!3 root!3) tp_1)))))
(assert
 (let ((?x8 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x8 0.0) true)))
 (=> $x10 (= (* inv!4 ?x8) 1.0)))))
(assert
 (let (($x46 (= (* inv!5 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x14 (* (- 1.0) tp_1)))
 (let ((?x13 (* (- 1.0) fn_1)))
 (let ((?x15 (+ 1.0 ?x13 ?x14)))
 (let (($x16 (and (distinct ?x15 0.0) true)))
 (=> $x16 $x46)))))))
(assert
 (let (($x51 (>= root!6 0.0)))
 (=> (>= (* inv!4 inv!5) 0.0) (and $x51 (= (* root!6 root!6) (* inv!4 inv!5))))))
(assert
 (let ((?x14 (* (- 1.0) tp_1)))
 (let ((?x27 (* (- 1.0) fp_1)))
 (let ((?x13 (* (- 1.0) fn_1)))
 (let ((?x28 (+ 1.0 ?x13 ?x27 ?x14)))
 (let ((?x60 (* root!7 root!7)))
 (let (($x59 (>= root!7 0.0)))
 (let (($x58 (>= ?x28 0.0)))
 (=> $x58 (and $x59 (= ?x60 ?x28)))))))))))
(assert
 (= x_1 (* (* root!3 root!6) root!7)))
(check-sat)
