; obligation weighted-sum-of-bounds: weights Wᵢ ≥ 0 on Π and Nᵢ/Dᵢ ≤ tᵢ imply Σ Wᵢ·Nᵢ/Dᵢ ≤ Σ Wᵢ·tᵢ, a linear form bounded by a linear query (test 1 of frequency-weighted IoU)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): r0 = 0, r1 = 0, r2 = 0, t0 = 0, t1 = 0, t2 = 0, w0 = 0, w1 = 0, w2 = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun w0 () Real)
(declare-fun w1 () Real)
(declare-fun w2 () Real)
(declare-fun t0 () Real)
(declare-fun r0 () Real)
(declare-fun t1 () Real)
(declare-fun r1 () Real)
(declare-fun t2 () Real)
(declare-fun r2 () Real)
(assert
 (>= w0 0.0))
(assert
 (>= w1 0.0))
(assert
 (>= w2 0.0))
(assert
 (<= r0 t0))
(assert
 (<= r1 t1))
(assert
 (<= r2 t2))
(assert
 (let (($x29 (<= (+ (* w0 r0) (* w1 r1) (* w2 r2)) (+ (* w0 t0) (* w1 t1) (* w2 t2)))))
(not $x29)))
(check-sat)
