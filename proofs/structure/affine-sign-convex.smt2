; obligation affine-sign-convex: c linear and ≥ 0 on Π: c ≠ 0 at P1 and P2 implies c ≠ 0 at their mixtures (domain closed under mixtures)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): c1 = 1, c2 = 1, lam = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun c1 () Real)
(declare-fun c2 () Real)
(declare-fun lam () Real)
(assert
 (>= c1 0.0))
(assert
 (>= c2 0.0))
(assert
 (and (distinct c1 0.0) true))
(assert
 (and (distinct c2 0.0) true))
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (not (and (distinct (+ (* lam c1) (* (- 1.0 lam) c2)) 0.0) true)))
(check-sat)
