; obligation lemma-2: when ≲ is a preorder, ∼ is transitive
; expected: unsat (the negated claim is impossible)
; reference: Lemma 2 (A.2.4)
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
 (let (($x24 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x13 (le p1 p3)))
(let (($x22 (and $x13 (le p3 p1))))
(let (($x20 (and (and (le p1 p2) (le p2 p1)) (and (le p2 p3) (le p3 p2)))))
(=> $x20 $x22)))))
))
(not $x24)))
(check-sat)
