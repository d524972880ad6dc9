; obligation converse-derived: when ≲ is a preorder, the derived relations are consistent: P1 ≲ P2 ⇔ P1 < P2 ∨ P1 ∼ P2 (eq. 5)
; expected: unsat (the negated claim is impossible)
; reference: eq. (5) (A.2.2)
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
 (let (($x32 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x26 (le p2 p1)))
(let (($x20 (le p1 p2)))
(let (($x27 (and $x20 $x26)))
(let (($x29 (and $x20 (not $x26))))
(= $x20 (or $x29 $x27)))))))
))
(not $x32)))
(check-sat)
