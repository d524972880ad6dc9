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
 (forall ((a Performance) (b Performance) (c Performance) )(let (($x18 (le a c)))
 (let (($x19 (le b c)))
 (let (($x20 (le a b)))
 (let (($x21 (and $x20 $x19)))
 (=> $x21 $x18))))))
 )
(assert
 (let (($x38 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x20 (le p1 p2)))
(let (($x29 (le p2 p1)))
(let (($x30 (and $x29 $x20)))
(let (($x31 (not $x20)))
(let (($x32 (and $x29 $x31)))
(= (or (and $x31 $x29) (and $x20 $x29)) (or $x32 $x30))))))))
))
(not $x38)))
(check-sat)
