; Claim CH-RACE, ground form: only the instances of A1-A3 that the two threads need (weaker
; hypotheses than chromatic_race.smt2, so unsat here is still a proof). The mutants use this form
; because a sat answer on a quantified query is out of reach for both solvers.
(set-logic QF_UFLIA)
(declare-const m Int)
(declare-const c Int)
(declare-fun order (Int) Int)
(declare-fun off (Int) Int)
(declare-fun col (Int) Int)
(declare-fun eu (Int) Int)
(declare-fun ev (Int) Int)
(declare-const begin Int)
(declare-const end Int)
(declare-const t1 Int)
(declare-const t2 Int)
(assert (and (<= 0 (off c)) (<= (off c) begin) (<= begin end) (<= end (off (+ c 1))) (<= (off (+ c 1)) m)))
(assert (and (<= 0 t1) (< t1 (- end begin)) (<= 0 t2) (< t2 (- end begin)) (not (= t1 t2))))
(define-fun p1 () Int (+ begin t1))
(define-fun p2 () Int (+ begin t2))
(define-fun e1 () Int (order p1))
(define-fun e2 () Int (order p2))
; A1 at p1, p2: in range and injective
(assert (and (<= 0 e1) (< e1 m) (<= 0 e2) (< e2 m)))
(assert (=> (not (= p1 p2)) (not (= e1 e2))))
; A2 at p1, p2
(assert (and (= (col e1) c) (= (col e2) c)))
; A3 at e1, e2
(assert (=> (and (not (= e1 e2)) (= (col e1) (col e2)))
            (and (not (= (eu e1) (eu e2))) (not (= (eu e1) (ev e2)))
                 (not (= (ev e1) (eu e2))) (not (= (ev e1) (ev e2))))))
(assert (or (= (eu e1) (eu e2)) (= (eu e1) (ev e2)) (= (ev e1) (eu e2)) (= (ev e1) (ev e2))))
(check-sat)
