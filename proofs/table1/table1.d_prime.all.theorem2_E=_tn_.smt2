; obligation theorem2[E={tn}]: for d_prime on Π = all: P(E) = 1 implies 1 ≤ X(P) ≤ 1 for E = {tn}
; expected: unsat (no counterexample exists)
; non-algebraic functions abstracted as monotone unknowns (sound for unsat only)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
