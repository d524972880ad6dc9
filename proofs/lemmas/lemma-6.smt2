; obligation lemma-6: when ≲ is a preorder, > and < are asymmetric
; expected: unsat (the negated claim is impossible)
; reference: Lemma 6 (A.2.4)
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
 (let (($x20 (le a b)))
 (let (($x21 (and $x20 (le b c))))
 (=> $x21 $x18)))))
 )
(assert
 (let (($x44 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x37 (and (and (le p1 p2) (not (le p2 p1))) (and (le p2 p1) (not (le p1 p2))))))
(let (($x41 (and (and (not (le p1 p2)) (le p2 p1)) (and (not (le p2 p1)) (le p1 p2)))))
(and (not $x41) (not $x37)))))
))
(not $x44)))
(check-sat)
