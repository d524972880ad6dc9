; obligation harmonic-mean-unit-3: p₁…p₃ in [0, 1] and Σᵢ ∏_(j≠i) pⱼ ≠ 0: the harmonic mean in product form H = 3·∏pᵢ / Σᵢ ∏_(j≠i) pⱼ lies in [0, 1], is 1 when every pᵢ = 1 and 0 when some pᵢ = 0
; expected: unsat (the negated claim is impossible)
; reference: issue 13; GPS in product form (Piérard et al.); paper §4.2, Axiom 2
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): h = 0, p0 = 1/2, p1 = 0, p2 = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun p0 () Real)
(declare-fun p1 () Real)
(declare-fun p2 () Real)
(declare-fun h () Real)
(assert
 (>= p0 0.0))
(assert
 (>= p1 0.0))
(assert
 (>= p2 0.0))
(assert
 (<= p0 1.0))
(assert
 (<= p1 1.0))
(assert
 (<= p2 1.0))
(assert
 (let ((?x18 (* 1.0 p0)))
 (let ((?x20 (* ?x18 p1)))
 (let ((?x21 (+ (* (* 1.0 p1) p2) (* ?x18 p2) ?x20)))
 (and (distinct ?x21 0.0) true)))))
(assert
 (let ((?x18 (* 1.0 p0)))
 (let ((?x20 (* ?x18 p1)))
 (let ((?x21 (+ (* (* 1.0 p1) p2) (* ?x18 p2) ?x20)))
 (= (* h ?x21) (* 3.0 (* ?x20 p2)))))))
(assert
 (let (($x41 (= h 0.0)))
(let (($x40 (or (= p0 0.0) (= p1 0.0) (= p2 0.0))))
(let (($x35 (= h 1.0)))
(let (($x34 (and (= p0 1.0) (= p1 1.0) (= p2 1.0))))
(let (($x30 (<= h 1.0)))
(let (($x29 (>= h 0.0)))
(not (and $x29 $x30 (=> $x34 $x35) (=> $x40 $x41))))))))))
(check-sat)
