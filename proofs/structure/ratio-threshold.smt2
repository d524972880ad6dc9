; obligation ratio-threshold: with D > 0, N/D ≤ t iff N − t·D ≤ 0 (test 1 and Theorem 2's bounds become linear queries)
; expected: unsat (the negated claim is impossible)
; reference: issue 13; paper §4.2 (Theorem 4) and Table 1's tests
; sanity model (the assumptions alone hold here; a z3 model of the assumptions, re-validated by exact evaluation): d = 1, n = 0, x = 0
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun d () Real)
(declare-fun n () Real)
(declare-fun x () Real)
(declare-fun t () Real)
(assert
 (> d 0.0))
(assert
 (= (* x d) n))
(assert
 (not (= (<= x t) (<= (- n (* t d)) 0.0))))
(check-sat)
