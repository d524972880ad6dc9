; obligation theorem2[E={tn, fn, tp}]: for g_mean on Π = all: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(declare-fun root!2 () Real)
(declare-fun inv!3 () Real)
(declare-fun inv!4 () Real)
(declare-fun root!5 () Real)
(declare-fun root!6 () Real)
(assert
 (let ((?x19 (* (- 1.0) tp_1)))
 (let ((?x18 (* (- 1.0) fn_1)))
 (let ((?x20 (+ 1.0 ?x18 ?x19)))
 (>= ?x20 0.0)))))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x19 (* (- 1.0) tp_1)))
 (let ((?x18 (* (- 1.0) fn_1)))
 (let ((?x20 (+ 1.0 ?x18 ?x19)))
 (let (($x21 (and (distinct ?x20 0.0) true)))
 (let ((?x7 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x7 0.0) true)))
 (and (>= (* tp_1 inv!1) 0.0) $x10 $x21))))))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x7 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x7 0.0) true)))
 (=> $x10 (= (* inv!1 ?x7) 1.0)))))
(assert
 (let (($x25 (>= tp_1 0.0)))
 (=> $x25 (and (>= root!2 0.0) (= (* root!2 root!2) tp_1)))))
(assert
 (let ((?x7 (+ fn_1 tp_1)))
 (let (($x10 (and (distinct ?x7 0.0) true)))
 (=> $x10 (= (* inv!3 ?x7) 1.0)))))
(assert
 (let (($x37 (= (* inv!4 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x19 (* (- 1.0) tp_1)))
 (let ((?x18 (* (- 1.0) fn_1)))
 (let ((?x20 (+ 1.0 ?x18 ?x19)))
 (let (($x21 (and (distinct ?x20 0.0) true)))
 (=> $x21 $x37)))))))
(assert
 (let (($x42 (>= root!5 0.0)))
 (=> (>= (* inv!3 inv!4) 0.0) (and $x42 (= (* root!5 root!5) (* inv!3 inv!4))))))
(assert
 (let ((?x19 (* (- 1.0) tp_1)))
 (let ((?x18 (* (- 1.0) fn_1)))
 (let ((?x20 (+ 1.0 ?x18 ?x19)))
 (let ((?x51 (* root!6 root!6)))
 (let (($x50 (>= root!6 0.0)))
 (let (($x49 (>= ?x20 0.0)))
 (=> $x49 (and $x50 (= ?x51 ?x20))))))))))
(assert
 (= x_1 (* (* root!2 root!5) root!6)))
(check-sat)
