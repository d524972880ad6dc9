; obligation test1[s=0]: for g_mean on Π = all: P1(S ≤ 0) = 1 and P2(S ≥ 0) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 0, P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun fp_2 () Real)
(declare-fun fn_2 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(declare-fun root!3 () Real)
(declare-fun inv!4 () Real)
(declare-fun inv!5 () Real)
(declare-fun root!6 () Real)
(declare-fun root!7 () Real)
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
 (and (and (distinct fn_1 0.0) true) (and (distinct (+ 1.0 (* (- 1.0) fn_1)) 0.0) true)))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x16 (* (- 1.0) fp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x19 (+ 1.0 ?x14 ?x16 ?x18)))
 (let ((?x29 (+ 1.0 ?x14 ?x18)))
 (let (($x30 (and (distinct ?x29 0.0) true)))
 (let ((?x27 (+ fn_2 tp_2)))
 (let (($x28 (and (distinct ?x27 0.0) true)))
 (and $x28 $x30 (>= (* (* (* tp_2 inv!1) inv!2) ?x19) 0.0)))))))))))
(assert
 (> x_1 x_2))
(assert
 (let ((?x27 (+ fn_2 tp_2)))
 (let (($x28 (and (distinct ?x27 0.0) true)))
 (=> $x28 (= (* inv!1 ?x27) 1.0)))))
(assert
 (let (($x45 (= (* inv!2 (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) tp_2))) 1.0)))
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x29 (+ 1.0 ?x14 ?x18)))
 (let (($x30 (and (distinct ?x29 0.0) true)))
 (=> $x30 $x45)))))))
(assert
 (=> (and (distinct 1.0 0.0) true) (= 0.0 (* x_1 1.0))))
(assert
 (let (($x23 (>= tp_2 0.0)))
 (=> $x23 (and (>= root!3 0.0) (= (* root!3 root!3) tp_2)))))
(assert
 (let ((?x27 (+ fn_2 tp_2)))
 (let (($x28 (and (distinct ?x27 0.0) true)))
 (=> $x28 (= (* inv!4 ?x27) 1.0)))))
(assert
 (let (($x63 (= (* inv!5 (+ 1.0 (* (- 1.0) fn_2) (* (- 1.0) tp_2))) 1.0)))
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x29 (+ 1.0 ?x14 ?x18)))
 (let (($x30 (and (distinct ?x29 0.0) true)))
 (=> $x30 $x63)))))))
(assert
 (let (($x68 (>= root!6 0.0)))
 (=> (>= (* inv!4 inv!5) 0.0) (and $x68 (= (* root!6 root!6) (* inv!4 inv!5))))))
(assert
 (let ((?x18 (* (- 1.0) tp_2)))
 (let ((?x16 (* (- 1.0) fp_2)))
 (let ((?x14 (* (- 1.0) fn_2)))
 (let ((?x19 (+ 1.0 ?x14 ?x16 ?x18)))
 (let ((?x75 (* root!7 root!7)))
 (let (($x74 (>= root!7 0.0)))
 (let (($x20 (>= ?x19 0.0)))
 (=> $x20 (and $x74 (= ?x75 ?x19)))))))))))
(assert
 (= x_2 (* (* root!3 root!6) root!7)))
(check-sat)
