; obligation rule-10: when ≲ is a preorder, (P1 ∼ P2 ∧ P2 > P3) ∨ (P1 > P2 ∧ P2 ∼ P3) ⇒ P1 > P3
; expected: unsat (the negated claim is impossible)
; reference: eq. (10) (A.2.3)
; sanity model (the assumptions alone hold here; the one-element order: reflexive, transitive, antisymmetric, total, by enumeration): universe = {a}, ≲ = {(a, a)}
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-sort Performance 0)
(declare-fun le (Performance Performance) Bool)
(assert
 (forall ((a Performance) )(le a a))
 )
(assert
 (forall ((a Performance) (b Performance) (c Performance) )(let (($x18 (le a c)))
 (let (($x19 (le b c)))
 (let (($x20 (le a b)))
 (let (($x21 (and $x20 $x19)))
 (=> $x21 $x18))))))
 )
(assert
 (let (($x52 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x39 (and (not (le p1 p3)) (le p3 p1))))
(let (($x45 (and (and (not (le p1 p2)) (le p2 p1)) (and (le p2 p3) (le p3 p2)))))
(let (($x49 (and (and (le p1 p2) (le p2 p1)) (and (not (le p2 p3)) (le p3 p2)))))
(=> (or $x49 $x45) $x39)))))
))
(not $x52)))
(check-sat)
