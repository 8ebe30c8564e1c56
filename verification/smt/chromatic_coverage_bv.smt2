; Part of claim CH-IDX: the host's launch covers every position of the piece: for every p in
; [pos, stop) some (bid < blocks, tid < 256) has thread = p - pos. Negated: a position whose
; thread id would need a block past the grid. Expected: unsat.
(set-logic QF_BV)
(declare-const m (_ BitVec 32))
(declare-const pos (_ BitVec 32))
(declare-const stop (_ BitVec 32))
(declare-const p (_ BitVec 32))
(assert (bvule pos stop))
(assert (bvule stop m))
(assert (bvule pos p))
(assert (bvult p stop))
(define-fun n64 () (_ BitVec 64) ((_ zero_extend 32) (bvsub stop pos)))
(define-fun blocks () (_ BitVec 32) ((_ extract 31 0) (bvudiv (bvadd n64 #x00000000000000ff) #x0000000000000100)))
; thread p - pos sits in block (p - pos) / 256, lane (p - pos) % 256
(assert (not (bvult (bvudiv (bvsub p pos) #x00000100) blocks)))
(check-sat)
