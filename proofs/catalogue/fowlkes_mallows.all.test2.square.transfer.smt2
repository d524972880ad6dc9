; part 2/5 of fowlkes_mallows_all.level.test2
; role: a > b ≥ 0 implies a² > b²
; a > b >= 0 implies a^2 > b^2
; expected: unsat
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
