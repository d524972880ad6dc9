; obligation lemma-10: when ≲ is a preorder, ≲ and ≳ are converse
; expected: unsat (the negated claim is impossible)
; reference: Lemma 10 (A.2.4)
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
 (let (($x25 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x23 (or (and (le p2 p1) (not (le p1 p2))) (and (le p2 p1) (le p1 p2)))))
(let (($x20 (or (and (not (le p1 p2)) (le p2 p1)) (and (le p1 p2) (le p2 p1)))))
(= $x20 $x23))))
))
(not $x25)))
(check-sat)
