; obligation test1[s=0]: for mcc on Π = all: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 0, P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun fp_2 () Real)
(declare-fun fn_2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(declare-fun root!3 () Real)
(declare-fun root!4 () Real)
(assert
 (let ((?x9 (+ 1.0 (* (- 1.0) fn_1))))
 (>= ?x9 0.0)))
(assert
 (>= fn_1 0.0))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x16 (* (- 1.0) fp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x19 (+ 1.0 ?x14 ?x16 ?x18)))
 (>= ?x19 0.0))))))
(assert
 (>= fp_2 0.0))
(assert
 (>= fn_2 0.0))
(assert
 (>= tp_2 0.0))
(assert
 (let ((?x9 (+ 1.0 (* (- 1.0) fn_1))))
 (let (($x25 (and (distinct ?x9 0.0) true)))
 (let (($x24 (and (distinct fn_1 0.0) true)))
 (and $x24 $x24 $x25 $x25)))))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_2) (* (- 1.0) tp_2)) 0.0) true) (and (distinct (+ fn_2 tp_2) 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) tp_2)) 0.0) true) (and (distinct (+ fp_2 tp_2) 0.0) true)))
(assert
 (> x_1 x_2))
(assert
 (=> (and (distinct 1.0 0.0) true) (= (- 1.0) (* x_1 1.0))))
(assert
 (let (($x49 (and (> root!1 0.0) (= (* (* root!1 root!1) (+ fn_2 tp_2)) 1.0))))
 (=> (> (+ fn_2 tp_2) 0.0) $x49)))
(assert
 (let (($x57 (and (> root!2 0.0) (= (* (* root!2 root!2) (+ fp_2 tp_2)) 1.0))))
 (=> (> (+ fp_2 tp_2) 0.0) $x57)))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x31 (+ 1.0 ?x14 ?x18)))
 (let ((?x62 (* root!3 root!3)))
 (=> (> ?x31 0.0) (and (> root!3 0.0) (= (* ?x62 ?x31) 1.0))))))))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x16 (* (- 1.0) fp_2)))
 (let ((?x27 (+ 1.0 ?x16 ?x18)))
 (let ((?x70 (* root!4 root!4)))
 (=> (> ?x27 0.0) (and (> root!4 0.0) (= (* ?x70 ?x27) 1.0))))))))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
(let ((?x16 (* (- 1.0) fp_2)))
(let ((?x14 (* (- 1.0) fn_2)))
(let ((?x19 (+ 1.0 ?x14 ?x16 ?x18)))
(let ((?x81 (* (* (* (* root!1 root!2) root!3) root!4) (+ (* tp_2 ?x19) (* ?x14 fp_2)))))
(= x_2 ?x81)))))))
(check-sat)
