; obligation sum-of-bounds: g increasing, Tᵢ(P1) ≤ tᵢ and Tᵢ(P2) ≥ uᵢ with Σ tᵢ ≤ Σ uᵢ imply g(Σ Tᵢ(P1)) ≤ g(Σ Tᵢ(P2)) (test 1 at one level)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; g(x) = x is strictly monotone by definition; 0 ≤ 0 and 0 between 0 and 0, checked exactly): g = x ↦ x, every other value = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun g (Real) Real)
(declare-fun t0 () Real)
(declare-fun a0 () Real)
(declare-fun t1 () Real)
(declare-fun a1 () Real)
(declare-fun t2 () Real)
(declare-fun a2 () Real)
(declare-fun u0 () Real)
(declare-fun b0 () Real)
(declare-fun u1 () Real)
(declare-fun b1 () Real)
(declare-fun u2 () Real)
(declare-fun b2 () Real)
(assert
 (forall ((u Real) (v Real) )(=> (< u v) (< (g u) (g v))))
 )
(assert
 (<= a0 t0))
(assert
 (<= a1 t1))
(assert
 (<= a2 t2))
(assert
 (>= b0 u0))
(assert
 (>= b1 u1))
(assert
 (>= b2 u2))
(assert
 (<= (+ t0 t1 t2) (+ u0 u1 u2)))
(assert
 (not (<= (g (+ a0 a1 a2)) (g (+ b0 b1 b2)))))
(check-sat)
