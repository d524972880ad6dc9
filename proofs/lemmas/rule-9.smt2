; obligation rule-9: when ≲ is a preorder, P1 < P2 ∧ P2 < P3 ⇒ P1 < P3
; expected: unsat (the negated claim is impossible)
; reference: eq. (9) (A.2.3)
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
 (forall ((a Performance) (b Performance) (c Performance) )(let (($x13 (le a c)))
 (let (($x11 (le b c)))
 (let (($x10 (le a b)))
 (let (($x12 (and $x10 $x11)))
 (=> $x12 $x13))))))
 )
(assert
 (let (($x27 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x13 (le p1 p3)))
(let (($x25 (and $x13 (not (le p3 p1)))))
(let (($x22 (and (and (le p1 p2) (not (le p2 p1))) (and (le p2 p3) (not (le p3 p2))))))
(=> $x22 $x25)))))
))
(not $x27)))
(check-sat)
