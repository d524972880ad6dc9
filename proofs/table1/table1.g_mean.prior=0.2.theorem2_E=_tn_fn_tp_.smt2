; obligation theorem2[E={tn, fn, tp}]: for g_mean on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(assert
 (>= (+ (/ 1.0 5.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (and (>= (* 5.0 tp_1) 0.0)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (=> (>= 5.0 0.0) (and (>= root!1 0.0) (= 5.0 (* root!1 root!1)))))
(assert
 (let (($x20 (>= tp_1 0.0)))
 (=> $x20 (and (>= root!2 0.0) (= (* root!2 root!2) tp_1)))))
(assert
 (let ((?x26 (* root!1 root!2)))
(= x_1 ?x26)))
(check-sat)
