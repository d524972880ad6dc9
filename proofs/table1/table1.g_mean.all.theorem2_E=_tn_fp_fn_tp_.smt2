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
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (let ((?x21 (+ 1.0 ?x8 ?x12)))
 (let (($x22 (and (distinct ?x21 0.0) true)))
 (let ((?x19 (+ fn_1 tp_1)))
 (let (($x20 (and (distinct ?x19 0.0) true)))
 (and $x20 $x22 (>= (* (* (* tp_1 inv!1) inv!2) ?x13) 0.0)))))))))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x19 (+ fn_1 tp_1)))
 (let (($x20 (and (distinct ?x19 0.0) true)))
 (=> $x20 (= (* inv!1 ?x19) 1.0)))))
(assert
 (let (($x38 (= (* inv!2 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x21 (+ 1.0 ?x8 ?x12)))
 (let (($x22 (and (distinct ?x21 0.0) true)))
 (=> $x22 $x38)))))))
(assert
 (let (($x18 (>= tp_1 0.0)))
 (=> $x18 (and (>= root!3 0.0) (= (* root!3 root!3) tp_1)))))
(assert
 (let ((?x19 (+ fn_1 tp_1)))
 (let (($x20 (and (distinct ?x19 0.0) true)))
 (=> $x20 (= (* inv!4 ?x19) 1.0)))))
(assert
 (let (($x52 (= (* inv!5 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x21 (+ 1.0 ?x8 ?x12)))
 (let (($x22 (and (distinct ?x21 0.0) true)))
 (=> $x22 $x52)))))))
(assert
 (let (($x57 (>= root!6 0.0)))
 (=> (>= (* inv!4 inv!5) 0.0) (and $x57 (= (* root!6 root!6) (* inv!4 inv!5))))))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (let ((?x64 (* root!7 root!7)))
 (let (($x63 (>= root!7 0.0)))
 (let (($x15 (>= ?x13 0.0)))
 (=> $x15 (and $x63 (= ?x64 ?x13)))))))))))
(assert
 (= x_1 (* (* root!3 root!6) root!7)))
(check-sat)
