; obligation harmonic-mean-unit-5: p₁…p₅ in [0, 1] and Σᵢ ∏_(j≠i) pⱼ ≠ 0: the harmonic mean in product form H = 5·∏pᵢ / Σᵢ ∏_(j≠i) pⱼ lies in [0, 1], is 1 when every pᵢ = 1 and 0 when some pᵢ = 0
; expected: unsat (the negated claim is impossible)
; reference: issue 13; GPS in product form (Piérard et al.); paper §4.2, Axiom 2
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): h = 0, p0 = 0, p1 = 1/2, p2 = 1/2, p3 = 1/2, p4 = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun p0 () Real)
(declare-fun p1 () Real)
(declare-fun p2 () Real)
(declare-fun p3 () Real)
(declare-fun p4 () Real)
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
 (>= p4 0.0))
(assert
 (<= p0 1.0))
(assert
 (<= p1 1.0))
(assert
 (<= p2 1.0))
(assert
 (<= p3 1.0))
(assert
 (<= p4 1.0))
(assert
 (let ((?x26 (* 1.0 p0)))
 (let ((?x30 (* ?x26 p1)))
 (let ((?x33 (* ?x30 p2)))
 (let ((?x35 (* ?x33 p3)))
 (let ((?x36 (+ (* (* (* (* 1.0 p1) p2) p3) p4) (* (* (* ?x26 p2) p3) p4) (* (* ?x30 p3) p4) (* ?x33 p4) ?x35)))
 (and (distinct ?x36 0.0) true)))))))
(assert
 (let ((?x26 (* 1.0 p0)))
 (let ((?x30 (* ?x26 p1)))
 (let ((?x33 (* ?x30 p2)))
 (let ((?x35 (* ?x33 p3)))
 (let ((?x36 (+ (* (* (* (* 1.0 p1) p2) p3) p4) (* (* (* ?x26 p2) p3) p4) (* (* ?x30 p3) p4) (* ?x33 p4) ?x35)))
 (= (* h ?x36) (* 5.0 (* ?x35 p4)))))))))
(assert
 (let (($x60 (= h 0.0)))
(let (($x59 (or (= p0 0.0) (= p1 0.0) (= p2 0.0) (= p3 0.0) (= p4 0.0))))
(let (($x52 (= h 1.0)))
(let (($x51 (and (= p0 1.0) (= p1 1.0) (= p2 1.0) (= p3 1.0) (= p4 1.0))))
(let (($x45 (<= h 1.0)))
(let (($x44 (>= h 0.0)))
(not (and $x44 $x45 (=> $x51 $x52) (=> $x59 $x60))))))))))
(check-sat)
