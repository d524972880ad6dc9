; obligation test1[s=1]: for plr on Π = prior=0.2: P1(S ≤ 1) = 1 and P2(S ≥ 1) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; vacuous: the assumptions alone are unsatisfiable (z3 5.4.1: the assumptions alone are unsat); the statement holds vacuously
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(assert
 false)
(check-sat)
