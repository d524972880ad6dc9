; obligation increasing-transform: g strictly increasing: x_m between x1 and x2 implies g(x_m) between g(x1) and g(x2)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; g(x) = x is strictly monotone by definition; 0 ≤ 0 and 0 between 0 and 0, checked exactly): g = x ↦ x, every other value = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun g (Real) Real)
(declare-fun x2 () Real)
(declare-fun xm () Real)
(declare-fun x1 () Real)
(assert
 (forall ((u Real) (v Real) )(=> (< u v) (< (g u) (g v))))
 )
(assert
 (and (or (<= xm x1) (<= xm x2)) (or (>= xm x1) (>= xm x2))))
(assert
 (let (($x32 (and (or (<= (g xm) (g x1)) (<= (g xm) (g x2))) (or (>= (g xm) (g x1)) (>= (g xm) (g x2))))))
(not $x32)))
(check-sat)
