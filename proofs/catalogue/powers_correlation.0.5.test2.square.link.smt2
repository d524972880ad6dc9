; part 1/5 of powers_correlation_prior=1_2.level.test2
; role: X ≥ 0 and Y = X² on Π ∩ dom(X)
; for powers_correlation on Π = prior=1/2: X >= 0 and X^2 = (fn**2*fp**2 - 2*fn*fp*tn*tp + tn**2*tp**2)/(fn**2*fp**2 + fn**2*fp*tn + fn**2*fp*tp + fn**2*tn*tp + fn*fp**2*tn + fn*fp**2*tp + fn*fp*tn**2 + 2*fn*fp*tn*tp + fn*fp*tp**2 + fn*tn**2*tp + fn*tn*tp**2 + fp**2*tn*tp + fp*tn**2*tp + fp*tn*tp**2 + tn**2*tp**2) on Π ∩ dom(X)
; expected: unsat
; sanity model (the assumptions alone hold here; of the test's assumptions, found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=1/2, tp=0), P2 = (tn=0, fp=1/2, fn=1/2, tp=0), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun inv!2 () Real)
(declare-fun inv!1 () Real)
(declare-fun x_1 () Real)
(declare-fun y_1 () Real)
(declare-fun inv!3 () Real)
(declare-fun inv!4 () Real)
(declare-fun root!5 () Real)
(assert
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x31 (+ (/ 1.0 2.0) ?x9)))
 (>= ?x31 0.0))))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (let ((?x25 (* tp_1 inv!1)))
 (let ((?x19 (* 2.0 tp_1)))
 (let ((?x17 (* (- 2.0) fp_1)))
 (let ((?x20 (+ ?x17 ?x19)))
 (let (($x35 (>= (* ?x20 (+ (- 1.0) ?x25 (* inv!2 (+ (/ 1.0 2.0) (* (- 1.0) fp_1))))) 0.0)))
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (and $x13 $x15 $x35)))))))))))))
(assert
 (not (and (>= x_1 0.0) (= y_1 (* x_1 x_1)))))
(assert
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (=> $x15 (= (* inv!1 ?x14) 1.0)))))
(assert
 (let (($x28 (= (* inv!2 (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (=> $x13 $x28)))))))
(assert
 (let ((?x14 (+ fp_1 tp_1)))
 (let (($x15 (and (distinct ?x14 0.0) true)))
 (=> $x15 (= (* inv!3 ?x14) 1.0)))))
(assert
 (let (($x45 (= (* inv!4 (+ 1.0 (* (- 1.0) fp_1) (* (- 1.0) tp_1))) 1.0)))
 (let ((?x10 (* (- 1.0) tp_1)))
 (let ((?x9 (* (- 1.0) fp_1)))
 (let ((?x11 (+ 1.0 ?x9 ?x10)))
 (let (($x13 (and (distinct ?x11 0.0) true)))
 (=> $x13 $x45)))))))
(assert
 (let ((?x42 (* tp_1 inv!3)))
 (let ((?x19 (* 2.0 tp_1)))
 (let ((?x17 (* (- 2.0) fp_1)))
 (let ((?x20 (+ ?x17 ?x19)))
 (let ((?x49 (* ?x20 (+ (- 1.0) ?x42 (* inv!4 (+ (/ 1.0 2.0) (* (- 1.0) fp_1)))))))
 (let ((?x53 (* root!5 root!5)))
 (let (($x52 (>= root!5 0.0)))
 (=> (>= ?x49 0.0) (and $x52 (= ?x53 ?x49)))))))))))
(assert
 (= x_1 root!5))
(assert
 (let ((?x65 (* (* (- 4.0) fp_1) tp_1)))
(let ((?x61 (* tp_1 tp_1)))
(let ((?x62 (* 2.0 ?x61)))
(let ((?x59 (* fp_1 fp_1)))
(let ((?x60 (* 2.0 ?x59)))
(let ((?x19 (* 2.0 tp_1)))
(let ((?x69 (* 2.0 fp_1)))
(let ((?x68 (* (- 2.0) ?x61)))
(let ((?x67 (* (- 2.0) ?x59)))
(let ((?x70 (+ ?x67 ?x68 ?x69 ?x19 ?x65)))
(=> (and (distinct ?x70 0.0) true) (= (* y_1 ?x70) (+ ?x60 ?x62 ?x65))))))))))))))
(check-sat)
