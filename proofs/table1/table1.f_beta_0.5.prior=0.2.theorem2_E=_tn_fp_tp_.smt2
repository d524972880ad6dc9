; obligation theorem2[E={tn, fp, tp}]: for f_beta_0.5 on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fp, tp}
; expected: unsat (no counterexample exists)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun x_1 () Real)
(assert
 (>= (+ (/ 4.0 5.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (let ((?x8 (* 4.0 fp_1)))
 (let ((?x9 (+ 1.0 ?x8)))
 (let (($x11 (and (distinct ?x9 0.0) true)))
 (and $x11)))))
(assert
 (or (> 0.0 x_1) (< 1.0 x_1)))
(assert
 (let ((?x8 (* 4.0 fp_1)))
(let ((?x9 (+ 1.0 ?x8)))
(let (($x11 (and (distinct ?x9 0.0) true)))
(=> $x11 (= 1.0 (* x_1 ?x9)))))))
(check-sat)
