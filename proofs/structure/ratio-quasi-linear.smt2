; obligation ratio-quasi-linear: X = N/D with N, D linear and D > 0 at P1 and P2: X(λP1 + (1−λ)P2) lies between X(P1) and X(P2) (tests 2 and 3)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): d1 = 1, d2 = 1, lam = 0, n1 = 0, n2 = 0, x1 = 0, x2 = 0, xm = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun d1 () Real)
(declare-fun d2 () Real)
(declare-fun lam () Real)
(declare-fun n1 () Real)
(declare-fun x1 () Real)
(declare-fun n2 () Real)
(declare-fun x2 () Real)
(declare-fun xm () Real)
(assert
 (> d1 0.0))
(assert
 (> d2 0.0))
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (= (* x1 d1) n1))
(assert
 (= (* x2 d2) n2))
(assert
 (= (* xm (+ (* lam d1) (* (- 1.0 lam) d2))) (+ (* lam n1) (* (- 1.0 lam) n2))))
(assert
 (let (($x38 (and (or (<= xm x1) (<= xm x2)) (or (>= xm x1) (>= xm x2)))))
(not $x38)))
(check-sat)
