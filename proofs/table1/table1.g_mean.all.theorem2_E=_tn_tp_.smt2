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
 (let ((?x8 (* (- 1.0) tp_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (>= ?x9 0.0))))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x8 (* (- 1.0) tp_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x14 (and (distinct ?x9 0.0) true)))
 (let (($x13 (and (distinct tp_1 0.0) true)))
 (and $x13 $x14))))))
(assert
 (or (> 1.0 x_1) (< 1.0 x_1)))
(assert
 (let (($x12 (>= tp_1 0.0)))
 (=> $x12 (and (>= root!1 0.0) (= (* root!1 root!1) tp_1)))))
(assert
 (let (($x13 (and (distinct tp_1 0.0) true)))
 (=> $x13 (= (* inv!2 tp_1) 1.0))))
(assert
 (let ((?x8 (* (- 1.0) tp_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x14 (and (distinct ?x9 0.0) true)))
 (=> $x14 (= (* inv!3 ?x9) 1.0))))))
(assert
 (let (($x37 (>= root!4 0.0)))
 (=> (>= (* inv!2 inv!3) 0.0) (and $x37 (= (* root!4 root!4) (* inv!2 inv!3))))))
(assert
 (let (($x43 (>= root!5 0.0)))
 (let ((?x8 (* (- 1.0) tp_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x11 (>= ?x9 0.0)))
 (=> $x11 (and $x43 (= (* root!5 root!5) ?x9))))))))
(assert
 (= x_1 (* (* root!1 root!4) root!5)))
(check-sat)
