; obligation test1[s=0]: for d_prime on Π = prior=0.5: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; non-algebraic functions abstracted as monotone unknowns (sound for unsat only)
; vacuous: the assumptions alone are unsatisfiable (z3 5.4.1: the assumptions alone are unsat); the statement holds vacuously
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
