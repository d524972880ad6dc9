; obligation harmonic-mean-unit-4: p₁…p₄ in [0, 1] and Σᵢ ∏_(j≠i) pⱼ ≠ 0: the harmonic mean in product form H = 4·∏pᵢ / Σᵢ ∏_(j≠i) pⱼ lies in [0, 1], is 1 when every pᵢ = 1 and 0 when some pᵢ = 0
; expected: unsat (the negated claim is impossible)
; reference: issue 13; GPS in product form (Piérard et al.); paper §4.2, Axiom 2
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): h = 0, p0 = 1/2, p1 = 0, p2 = 1/2, p3 = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun p0 () Real)
(declare-fun p1 () Real)
(declare-fun p2 () Real)
(declare-fun p3 () Real)
(declare-fun h () Real)
(assert
 (>= p0 0.0))
(assert
 (>= p1 0.0))
(assert
 (>= p2 0.0))
(assert
 (>= p3 0.0))
(assert
 (<= p0 1.0))
(assert
 (<= p1 1.0))
(assert
 (<= p2 1.0))
(assert
 (<= p3 1.0))
(assert
 (let ((?x22 (* 1.0 p0)))
 (let ((?x25 (* ?x22 p1)))
 (let ((?x27 (* ?x25 p2)))
 (let ((?x28 (+ (* (* (* 1.0 p1) p2) p3) (* (* ?x22 p2) p3) (* ?x25 p3) ?x27)))
 (and (distinct ?x28 0.0) true))))))
(assert
 (let ((?x22 (* 1.0 p0)))
 (let ((?x25 (* ?x22 p1)))
 (let ((?x27 (* ?x25 p2)))
 (let ((?x28 (+ (* (* (* 1.0 p1) p2) p3) (* (* ?x22 p2) p3) (* ?x25 p3) ?x27)))
 (= (* h ?x28) (* 4.0 (* ?x27 p3))))))))
(assert
 (let (($x50 (= h 0.0)))
(let (($x49 (or (= p0 0.0) (= p1 0.0) (= p2 0.0) (= p3 0.0))))
(let (($x43 (= h 1.0)))
(let (($x42 (and (= p0 1.0) (= p1 1.0) (= p2 1.0) (= p3 1.0))))
(let (($x37 (<= h 1.0)))
(let (($x36 (>= h 0.0)))
(not (and $x36 $x37 (=> $x42 $x43) (=> $x49 $x50))))))))))
(check-sat)
