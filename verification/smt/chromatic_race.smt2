; Claim CH-RACE (gpu/src/chromatic.cu, core/chromatic/chromatic_update.hpp: chromatic_thread).
; Two-thread reduction: two arbitrary distinct threads t1 != t2 of ONE class launch over positions
; [begin, end) of order[]. Thread t updates edge e = order[begin + t] and touches mate[eu[e]] and
; mate[ev[e]] only (footprint: claim HB-WP). Sound for this kernel because it has no barriers and
; its addresses depend only on read-only arrays (order, edges), never on mate.
; Negated goal: the two footprints overlap. Expected: unsat (race-free under A1-A3).
(set-logic UFLIA)
(declare-const m Int)                 ; number of edges
(declare-const c Int)                 ; the class being launched
(declare-fun order (Int) Int)
(declare-fun off (Int) Int)           ; class c is order[off(c), off(c+1))
(declare-fun col (Int) Int)           ; colour of each edge
(declare-fun eu (Int) Int)
(declare-fun ev (Int) Int)
(declare-const begin Int)             ; host launches a piece [begin, end) of one class
(declare-const end Int)
(assert (and (<= 0 (off c)) (<= (off c) begin) (<= begin end) (<= end (off (+ c 1))) (<= (off (+ c 1)) m)))
; A1: order is a permutation of [0, m)  (runtime: validate_colouring)
(assert (forall ((i Int)) (=> (and (<= 0 i) (< i m)) (and (<= 0 (order i)) (< (order i) m)))))
(assert (forall ((i Int) (j Int)) (=> (and (<= 0 i) (< i m) (<= 0 j) (< j m) (not (= i j)))
                                      (not (= (order i) (order j))))))
; A2: the segment of class c holds only colour-c edges  (runtime: validate_colouring)
(assert (forall ((p Int)) (=> (and (<= (off c) p) (< p (off (+ c 1)))) (= (col (order p)) c))))
; A3: the colouring is proper  (runtime: validate_colouring)
(assert (forall ((e1 Int) (e2 Int))
  (=> (and (<= 0 e1) (< e1 m) (<= 0 e2) (< e2 m) (not (= e1 e2)) (= (col e1) (col e2)))
      (and (not (= (eu e1) (eu e2))) (not (= (eu e1) (ev e2)))
           (not (= (ev e1) (eu e2))) (not (= (ev e1) (ev e2)))))))
; the two threads, as the kernel maps them (thread >= end - begin returns at once)
(declare-const t1 Int)
(declare-const t2 Int)
(assert (and (<= 0 t1) (< t1 (- end begin)) (<= 0 t2) (< t2 (- end begin)) (not (= t1 t2))))
(define-fun e1 () Int (order (+ begin t1)))
(define-fun e2 () Int (order (+ begin t2)))
; negated goal: some mate[] entry is touched by both threads (each one writes what it touches)
(assert (or (= (eu e1) (eu e2)) (= (eu e1) (ev e2)) (= (ev e1) (eu e2)) (= (ev e1) (ev e2))))
(check-sat)
