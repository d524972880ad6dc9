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
 (forall ((a Performance) (b Performance) (c Performance) )(let (($x18 (le a c)))
 (let (($x21 (and (le a b) (le b c))))
 (=> $x21 $x18))))
 )
(assert
 (let (($x33 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(and (not (and (not (le p1 p1)) (le p1 p1))) (not (and (le p1 p1) (not (le p1 p1))))))
))
(not $x33)))
(check-sat)
