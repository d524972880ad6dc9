; obligation affine-mixture: a linear form of P commutes with mixtures: N(λP1 + (1−λ)P2) = λN(P1) + (1−λ)N(P2)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun q2 () Real)
(declare-fun a2 () Real)
(declare-fun q1 () Real)
(declare-fun a1 () Real)
(declare-fun a0 () Real)
(declare-fun lam () Real)
(declare-fun p2 () Real)
(declare-fun p1 () Real)
(assert
 (let ((?x35 (+ (* lam (+ (+ a0 (* a1 p1)) (* a2 p2))) (* (- 1.0 lam) (+ (+ a0 (* a1 q1)) (* a2 q2))))))
(let ((?x24 (+ (+ a0 (* a1 (+ (* lam p1) (* (- 1.0 lam) q1)))) (* a2 (+ (* lam p2) (* (- 1.0 lam) q2))))))
(not (= ?x24 ?x35)))))
(check-sat)
