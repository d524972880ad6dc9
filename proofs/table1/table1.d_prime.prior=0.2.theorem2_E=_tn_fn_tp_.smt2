; obligation theorem2[E={tn, fn, tp}]: for d_prime on Π = prior=1/5: P(E) = 1 implies 0 ≤ X(P) ≤ 1 for E = {tn, fn, tp}
; expected: unsat (no counterexample exists)
; non-algebraic functions abstracted as monotone unknowns (sound for unsat only)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
