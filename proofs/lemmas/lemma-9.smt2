; obligation lemma-9: when ≲ is a preorder, ⋈ is symmetric
; expected: unsat (the negated claim is impossible)
; reference: Lemma 9 (A.2.4)
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
 (let (($x22 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x10 (le p1 p2)))
(let (($x16 (not $x10)))
(let (($x18 (not (le p2 p1))))
(let (($x20 (and $x18 $x16)))
(let (($x19 (and $x16 $x18)))
(=> $x19 $x20)))))))
))
(not $x22)))
(check-sat)
