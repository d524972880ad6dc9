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
 (forall ((a Performance) (b Performance) (c Performance) )(let (($x18 (le a c)))
 (let (($x19 (le b c)))
 (let (($x20 (le a b)))
 (let (($x21 (and $x20 $x19)))
 (=> $x21 $x18))))))
 )
(assert
 (let (($x64 (forall ((p1 Performance) (p2 Performance) (p3 Performance) )(let (($x42 (le p2 p1)))
(let (($x43 (not $x42)))
(let (($x20 (le p1 p2)))
(let (($x44 (not $x20)))
(let (($x45 (and $x44 $x43)))
(let (($x46 (and $x44 $x42)))
(let (($x61 (and (not (and (and $x20 $x43) (and $x20 $x42))) (not (and (and $x20 $x43) $x46)) (not (and (and $x20 $x43) $x45)) (not (and (and $x20 $x42) $x46)) (not (and (and $x20 $x42) $x45)) (not (and $x46 $x45)))))
(and (or (and $x20 $x43) (and $x20 $x42) $x46 $x45) $x61)))))))))
))
(not $x64)))
(check-sat)
