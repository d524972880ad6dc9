; obligation nonneg-polynomial-face: e a polynomial with nonnegative coefficients in forms ≥ 0 on Π (e.g. 1 − Σ P(y=c)P(ŷ=c) = Σ_{c≠d} P(y=c)P(ŷ=d) once homogenised): e = 0 at a proper mixture implies e = 0 at both ends, so {e ≠ 0} ∩ Π is closed under mixtures (κ, R_K)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): a1 = 0, a2 = 0, b1 = 0, b2 = 0, c1 = 0, c2 = 0, lam = 1/2, w1 = 0, w2 = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun lam () Real)
(declare-fun a1 () Real)
(declare-fun a2 () Real)
(declare-fun b1 () Real)
(declare-fun b2 () Real)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
(declare-fun w1 () Real)
(declare-fun w2 () Real)
(assert
 (> lam 0.0))
(assert
 (< lam 1.0))
(assert
 (>= a1 0.0))
(assert
 (>= a2 0.0))
(assert
 (>= b1 0.0))
(assert
 (>= b2 0.0))
(assert
 (>= c1 0.0))
(assert
 (>= c2 0.0))
(assert
 (>= w1 0.0))
(assert
 (>= w2 0.0))
(assert
 (let ((?x34 (* (* w1 (+ (* lam a1) (* (- 1.0 lam) a2))) (+ (* lam b1) (* (- 1.0 lam) b2)))))
 (= (+ ?x34 (* w2 (+ (* lam c1) (* (- 1.0 lam) c2)))) 0.0)))
(assert
 (let (($x51 (and (= (+ (* (* w1 a1) b1) (* w2 c1)) 0.0) (= (+ (* (* w1 a2) b2) (* w2 c2)) 0.0))))
(not $x51)))
(check-sat)
