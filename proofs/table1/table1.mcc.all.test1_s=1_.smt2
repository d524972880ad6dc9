; obligation test1[s=1]: for mcc on Π = all: P1(S ≤ 1) = 1 and P2(S ≥ 1) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 1, P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=1/2, fp=0, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(declare-fun root!1 () Real)
(declare-fun root!2 () Real)
(declare-fun root!3 () Real)
(declare-fun root!4 () Real)
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (>= ?x13 0.0))))))
(assert
 (>= fp_1 0.0))
(assert
 (>= fn_1 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x21 (+ 1.0 (* (- 1.0) tp_2))))
 (>= ?x21 0.0)))
(assert
 (>= tp_2 0.0))
(assert
 (and (and (distinct (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fn_1 tp_1) 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1)) 0.0) true) (and (distinct (+ fp_1 tp_1) 0.0) true)))
(assert
 (let (($x34 (and (distinct tp_2 0.0) true)))
 (let ((?x21 (+ 1.0 (* (- 1.0) tp_2))))
 (let (($x33 (and (distinct ?x21 0.0) true)))
 (and $x33 $x34 $x33 $x34)))))
(assert
 (> x_1 x_2))
(assert
 (let (($x45 (and (> root!1 0.0) (= (* (* root!1 root!1) (+ fn_1 tp_1)) 1.0))))
 (=> (> (+ fn_1 tp_1) 0.0) $x45)))
(assert
 (let (($x53 (and (> root!2 0.0) (= (* (* root!2 root!2) (+ fp_1 tp_1)) 1.0))))
 (=> (> (+ fp_1 tp_1) 0.0) $x53)))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x28 (+ 1.0 ?x8 ?x12)))
 (let ((?x58 (* root!3 root!3)))
 (=> (> ?x28 0.0) (and (> root!3 0.0) (= (* ?x58 ?x28) 1.0))))))))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x24 (+ 1.0 ?x10 ?x12)))
 (let ((?x66 (* root!4 root!4)))
 (=> (> ?x24 0.0) (and (> root!4 0.0) (= (* ?x66 ?x24) 1.0))))))))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (let ((?x77 (* (* (* (* root!1 root!2) root!3) root!4) (+ (* tp_1 ?x13) (* ?x8 fp_1)))))
 (= x_1 ?x77)))))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 1.0 (* x_2 1.0))))
(check-sat)
