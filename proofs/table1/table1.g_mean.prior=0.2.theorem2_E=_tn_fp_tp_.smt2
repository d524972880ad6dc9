; obligation theorem2[E={tn, fp, tp}]: for g_mean on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(assert
 (let ((?x27 (+ (/ 4.0 5.0) (* (- 1.0) fp_1))))
 (>= ?x27 0.0)))
(assert
 (>= fp_1 0.0))
(assert
 (and (>= (+ 1.0 (* (- (/ 5.0 4.0)) fp_1)) 0.0)))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (=> (>= 5.0 0.0) (and (>= root!1 0.0) (= 5.0 (* root!1 root!1)))))
(assert
 (let (($x30 (>= root!2 0.0)))
 (let ((?x27 (+ (/ 4.0 5.0) (* (- 1.0) fp_1))))
 (let (($x29 (>= ?x27 0.0)))
 (=> $x29 (and $x30 (= (* root!2 root!2) ?x27)))))))
(assert
 (= x_1 (* (* (/ 1.0 2.0) root!1) root!2)))
(check-sat)
