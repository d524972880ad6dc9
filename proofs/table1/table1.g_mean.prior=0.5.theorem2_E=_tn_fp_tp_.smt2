; obligation theorem2[E={tn, fp, tp}]: for g_mean on Π = prior=1/2: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(assert
 (let ((?x25 (+ (/ 1.0 2.0) (* (- 1.0) fp_1))))
 (>= ?x25 0.0)))
(assert
 (>= fp_1 0.0))
(assert
 (and (>= (+ 1.0 (* (- 2.0) fp_1)) 0.0)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (=> (>= 2.0 0.0) (and (>= root!1 0.0) (= 2.0 (* root!1 root!1)))))
(assert
 (let (($x28 (>= root!2 0.0)))
 (let ((?x25 (+ (/ 1.0 2.0) (* (- 1.0) fp_1))))
 (let (($x27 (>= ?x25 0.0)))
 (=> $x27 (and $x28 (= (* root!2 root!2) ?x25)))))))
(assert
 (let ((?x33 (* root!1 root!2)))
(= x_1 ?x33)))
(check-sat)
