; obligation four-cases: when ≲ is a preorder, exactly one of P1 < P2, P1 ∼ P2, P1 > P2, P1 ⋈ P2 holds
; expected: unsat (the negated claim is impossible)
; reference: §3.2 and A.2.2
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
 (let (($x38 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x16 (le p2 p1)))
(let (($x17 (not $x16)))
(let (($x10 (le p1 p2)))
(let (($x20 (not $x10)))
(let (($x22 (and $x20 $x17)))
(let (($x21 (and $x20 $x16)))
(let (($x36 (and (not (and (and $x10 $x17) (and $x10 $x16))) (not (and (and $x10 $x17) $x21)) (not (and (and $x10 $x17) $x22)) (not (and (and $x10 $x16) $x21)) (not (and (and $x10 $x16) $x22)) (not (and $x21 $x22)))))
(and (or (and $x10 $x17) (and $x10 $x16) $x21 $x22) $x36)))))))))
))
(not $x38)))
(check-sat)
