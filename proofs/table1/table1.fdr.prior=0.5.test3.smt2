; obligation test3: for fdr on Π = prior=0.5: X(λP1 + (1−λ)P2) ≥ min(X(P1), X(P2)) for P1, P2 in Π ∩ dom(X), λ ∈ [0, 1]
; expected: unsat (no counterexample exists)
; sanity model (the assumptions alone hold here; found by search, re-validated in exact arithmetic): P1 = (tn=0, fp=1/2, fn=0, tp=1/2), P2 = (tn=0, fp=1/2, fn=0, tp=1/2), lambda = 1/2
(set-info :smt-lib-version 2.6)
; benchmark generated from python API
(set-info :status unknown)
(declare-fun fp_1 () Real)
(declare-fun tp_1 () Real)
(declare-fun fp_2 () Real)
(declare-fun tp_2 () Real)
(declare-fun lam () Real)
(declare-fun x_1 () Real)
(declare-fun x_m () Real)
(declare-fun x_2 () Real)
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) fp_1)) 0.0))
(assert
 (>= fp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_1)) 0.0))
(assert
 (>= tp_1 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) fp_2)) 0.0))
(assert
 (>= fp_2 0.0))
(assert
 (>= (+ (/ 1.0 2.0) (* (- 1.0) tp_2)) 0.0))
(assert
 (>= tp_2 0.0))
(assert
 (>= lam 0.0))
(assert
 (<= lam 1.0))
(assert
 (let ((?x32 (+ fp_1 tp_1)))
 (let (($x33 (and (distinct ?x32 0.0) true)))
 (and $x33))))
(assert
 (let ((?x35 (+ fp_2 tp_2)))
 (let (($x36 (and (distinct ?x35 0.0) true)))
 (and $x36))))
(assert
 (let ((?x19 (* (- 1.0) fp_2)))
 (let ((?x40 (* ?x19 lam)))
 (let ((?x38 (* fp_1 lam)))
 (let ((?x43 (+ fp_2 tp_2 ?x38 (* lam tp_1) ?x40 (* (* (- 1.0) lam) tp_2))))
 (let (($x44 (and (distinct ?x43 0.0) true)))
 (and $x44)))))))
(assert
 (< x_m x_1))
(assert
 (< x_m x_2))
(assert
 (let ((?x32 (+ fp_1 tp_1)))
 (let (($x33 (and (distinct ?x32 0.0) true)))
 (=> $x33 (= (* x_1 ?x32) fp_1)))))
(assert
 (let ((?x35 (+ fp_2 tp_2)))
 (let (($x36 (and (distinct ?x35 0.0) true)))
 (=> $x36 (= (* x_2 ?x35) fp_2)))))
(assert
 (let ((?x19 (* (- 1.0) fp_2)))
(let ((?x40 (* ?x19 lam)))
(let ((?x38 (* fp_1 lam)))
(let ((?x43 (+ fp_2 tp_2 ?x38 (* lam tp_1) ?x40 (* (* (- 1.0) lam) tp_2))))
(let (($x44 (and (distinct ?x43 0.0) true)))
(=> $x44 (= (* x_m ?x43) (+ fp_2 ?x38 ?x40)))))))))
(check-sat)
