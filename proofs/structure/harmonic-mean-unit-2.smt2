; obligation harmonic-mean-unit-2: p₁…p₂ in [0, 1] and Σᵢ ∏_(j≠i) pⱼ ≠ 0: the harmonic mean in product form H = 2·∏pᵢ / Σᵢ ∏_(j≠i) pⱼ lies in [0, 1], is 1 when every pᵢ = 1 and 0 when some pᵢ = 0
; expected: unsat (the negated claim is impossible)
; reference: issue 13; GPS in product form (Piérard et al.); paper §4.2, Axiom 2
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): h = 0, p0 = 0, p1 = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun p0 () Real)
(declare-fun p1 () Real)
(declare-fun h () Real)
(assert
 (>= p0 0.0))
(assert
 (>= p1 0.0))
(assert
 (<= p0 1.0))
(assert
 (<= p1 1.0))
(assert
 (let ((?x14 (* 1.0 p0)))
 (let ((?x15 (+ (* 1.0 p1) ?x14)))
 (and (distinct ?x15 0.0) true))))
(assert
 (= (* h (+ (* 1.0 p1) (* 1.0 p0))) (* 2.0 (* (* 1.0 p0) p1))))
(assert
 (let (($x24 (<= h 1.0)))
(let (($x23 (>= h 0.0)))
(let (($x35 (and $x23 $x24 (=> (and (= p0 1.0) (= p1 1.0)) (= h 1.0)) (=> (or (= p0 0.0) (= p1 0.0)) (= h 0.0)))))
(not $x35)))))
(check-sat)
