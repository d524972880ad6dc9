; obligation lemma-7: when ≲ is a preorder, > and < are transitive
; expected: unsat (the negated claim is impossible)
; reference: Lemma 7 (A.2.4)
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
 (let (($x62 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x18 (le p1 p3)))
(let (($x44 (and $x18 (not (le p3 p1)))))
(let (($x51 (and (and (le p1 p2) (not (le p2 p1))) (and (le p2 p3) (not (le p3 p2))))))
(let (($x42 (le p3 p1)))
(let (($x54 (and (not $x18) $x42)))
(let (($x59 (and (and (not (le p1 p2)) (le p2 p1)) (and (not (le p2 p3)) (le p3 p2)))))
(and (=> $x59 $x54) (=> $x51 $x44)))))))))
))
(not $x62)))
(check-sat)
