; obligation test1[s=1]: for g_mean on Π = all: P1(S ≤ 1) = 1 and P2(S ≥ 1) = 1 in Π ∩ dom(X) imply X(P1) ≤ X(P2)
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): s = 1, P1 = (tn=0, fp=1/2, fn=0, tp=1/2), P2 = (tn=1/2, fp=0, fn=0, tp=1/2)
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun tp_1 () Real)
(declare-fun fp_1 () Real)
(declare-fun fn_1 () Real)
(declare-fun tp_2 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_2 () Real)
(declare-fun x_1 () Real)
(declare-fun root!3 () Real)
(declare-fun inv!4 () Real)
(declare-fun inv!5 () Real)
(declare-fun root!6 () Real)
(declare-fun root!7 () Real)
(declare-fun root!8 () Real)
(declare-fun inv!9 () Real)
(declare-fun inv!10 () Real)
(declare-fun root!11 () Real)
(declare-fun root!12 () Real)
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
 (let ((?x20 (* (- 1.0) tp_2)))
 (let ((?x21 (+ 1.0 ?x20)))
 (>= ?x21 0.0))))
(assert
 (>= tp_2 0.0))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (let ((?x26 (+ 1.0 ?x8 ?x12)))
 (let (($x27 (and (distinct ?x26 0.0) true)))
 (let ((?x24 (+ fn_1 tp_1)))
 (let (($x25 (and (distinct ?x24 0.0) true)))
 (and $x25 $x27 (>= (* (* (* tp_1 inv!1) inv!2) ?x13) 0.0)))))))))))
(assert
 (let ((?x20 (* (- 1.0) tp_2)))
 (let ((?x21 (+ 1.0 ?x20)))
 (let (($x36 (and (distinct ?x21 0.0) true)))
 (let (($x35 (and (distinct tp_2 0.0) true)))
 (and $x35 $x36))))))
(assert
 (> x_1 x_2))
(assert
 (let ((?x24 (+ fn_1 tp_1)))
 (let (($x25 (and (distinct ?x24 0.0) true)))
 (=> $x25 (= (* inv!1 ?x24) 1.0)))))
(assert
 (let (($x45 (= (* inv!2 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x26 (+ 1.0 ?x8 ?x12)))
 (let (($x27 (and (distinct ?x26 0.0) true)))
 (=> $x27 $x45)))))))
(assert
 (let (($x18 (>= tp_1 0.0)))
 (=> $x18 (and (>= root!3 0.0) (= (* root!3 root!3) tp_1)))))
(assert
 (let ((?x24 (+ fn_1 tp_1)))
 (let (($x25 (and (distinct ?x24 0.0) true)))
 (=> $x25 (= (* inv!4 ?x24) 1.0)))))
(assert
 (let (($x59 (= (* inv!5 (+ 1.0 (* (- 1.0) fn_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x26 (+ 1.0 ?x8 ?x12)))
 (let (($x27 (and (distinct ?x26 0.0) true)))
 (=> $x27 $x59)))))))
(assert
 (let (($x64 (>= root!6 0.0)))
 (=> (>= (* inv!4 inv!5) 0.0) (and $x64 (= (* root!6 root!6) (* inv!4 inv!5))))))
(assert
 (let ((?x12 (* (- 1.0) tp_1)))
 (let ((?x10 (* (- 1.0) fp_1)))
 (let ((?x8 (* (- 1.0) fn_1)))
 (let ((?x13 (+ 1.0 ?x8 ?x10 ?x12)))
 (let ((?x71 (* root!7 root!7)))
 (let (($x70 (>= root!7 0.0)))
 (let (($x15 (>= ?x13 0.0)))
 (=> $x15 (and $x70 (= ?x71 ?x13)))))))))))
(assert
 (= x_1 (* (* root!3 root!6) root!7)))
(assert
 (let (($x23 (>= tp_2 0.0)))
 (=> $x23 (and (>= root!8 0.0) (= (* root!8 root!8) tp_2)))))
(assert
 (let (($x35 (and (distinct tp_2 0.0) true)))
 (=> $x35 (= (* inv!9 tp_2) 1.0))))
(assert
 (let ((?x20 (* (- 1.0) tp_2)))
 (let ((?x21 (+ 1.0 ?x20)))
 (let (($x36 (and (distinct ?x21 0.0) true)))
 (=> $x36 (= (* inv!10 ?x21) 1.0))))))
(assert
 (let (($x95 (>= root!11 0.0)))
 (=> (>= (* inv!9 inv!10) 0.0) (and $x95 (= (* root!11 root!11) (* inv!9 inv!10))))))
(assert
 (let (($x101 (>= root!12 0.0)))
 (let ((?x20 (* (- 1.0) tp_2)))
 (let ((?x21 (+ 1.0 ?x20)))
 (let (($x22 (>= ?x21 0.0)))
 (=> $x22 (and $x101 (= (* root!12 root!12) ?x21))))))))
(assert
 (= x_2 (* (* root!8 root!11) root!12)))
(check-sat)
