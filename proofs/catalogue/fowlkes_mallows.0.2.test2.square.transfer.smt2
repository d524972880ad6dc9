; part 2/5 of fowlkes_mallows_prior=1_5.level.test2
; role: a > b ≥ 0 implies a² > b²
; a > b >= 0 implies a^2 > b^2
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=4/5, fn=0, tp=1/5), P2 = (tn=0, fp=4/5, fn=0, tp=1/5), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun b () Real)
(declare-fun a () Real)
(assert
 (>= b 0.0))
(assert
 (> a b))
(assert
 (not (> (* a a) (* b b))))
(check-sat)
