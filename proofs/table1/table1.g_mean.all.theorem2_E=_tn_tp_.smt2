; obligation theorem2[E={tn, tp}]: for g_mean on Π = all: P(E) = 1 implies 1 ≤ X(P) ≤ 1 for E = {tn, tp}
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P = (tn=1/2, fp=0, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!3 () Real)
(declare-fun root!4 () Real)
(declare-fun root!5 () Real)
(assert
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (>= ?x11 0.0))))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (let (($x7 (and (distinct tp_1 0.0) true)))
 (and $x7 $x12))))))
(assert
 (or (> 1.0 x_1) (< 1.0 x_1)))
(assert
 (let (($x16 (>= tp_1 0.0)))
 (=> $x16 (and (>= root!1 0.0) (= (* root!1 root!1) tp_1)))))
(assert
 (let (($x7 (and (distinct tp_1 0.0) true)))
 (=> $x7 (= (* inv!2 tp_1) 1.0))))
(assert
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (let (($x12 (and (distinct ?x11 0.0) true)))
 (=> $x12 (= (* inv!3 ?x11) 1.0))))))
(assert
 (let (($x33 (>= root!4 0.0)))
 (=> (>= (* inv!2 inv!3) 0.0) (and $x33 (= (* root!4 root!4) (* inv!2 inv!3))))))
(assert
 (let (($x41 (>= root!5 0.0)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x11 (+ 1.0 ?x10)))
 (let (($x40 (>= ?x11 0.0)))
 (=> $x40 (and $x41 (= (* root!5 root!5) ?x11))))))))
(assert
 (= x_1 (* (* root!1 root!4) root!5)))
(check-sat)
