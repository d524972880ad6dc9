; obligation lemma-5: when ≲ is a preorder, > and < are irreflexive
; expected: unsat (the negated claim is impossible)
; reference: Lemma 5 (A.2.4)
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
 (let (($x12 (and (le a b) (le b c))))
 (=> $x12 $x13))))
 )
(assert
 (let (($x23 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(and (not (and (not (le p1 p1)) (le p1 p1))) (not (and (le p1 p1) (not (le p1 p1))))))
))
(not $x23)))
(check-sat)
