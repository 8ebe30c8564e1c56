; MUTANT bug_guard: off-by-one guard `thread > end - begin`. Must be sat (reads order[m]).
; Claim CH-IDX (gpu/src/chromatic.cu: chromatic_class_kernel + its host loop; chromatic_thread).
; The kernel's index arithmetic in the machine's own bit widths, with the kernel's constexpr block
; size kThreads = 256 (a symbolic blockDim makes cvc5 time out: docs/verification.md §4.6, item 4).
;   host:   blocks = (unsigned)((uint64(stop - pos) + 255) / 256),   0 <= pos <= stop <= m < 2^32
;   device: thread = blockIdx.x * uint64(blockDim.x) + threadIdx.x   (64-bit)
;           if (thread >= uint64(end) - begin) return;   e = order[begin + thread]  (64-bit sum)
; Negated goal: a thread passes the guard and (an intermediate wraps, or the order index leaves
; [0, m), or the host's cast of the block count truncates). Expected: unsat.
(set-logic QF_BV)
(declare-const m (_ BitVec 32))
(declare-const pos (_ BitVec 32))
(declare-const stop (_ BitVec 32))
(declare-const bid (_ BitVec 32))
(declare-const tid (_ BitVec 32))
(define-fun BD () (_ BitVec 32) #x00000100)     ; kThreads = 256
(assert (bvule pos stop))
(assert (bvule stop m))
; host block count, in 64 bits, then cast to unsigned
(define-fun n64 () (_ BitVec 64) ((_ zero_extend 32) (bvsub stop pos)))
(define-fun blocks64 () (_ BitVec 64) (bvudiv (bvadd n64 #x00000000000000ff) #x0000000000000100))
(define-fun blocks () (_ BitVec 32) ((_ extract 31 0) blocks64))
; launch shape: blockIdx.x < gridDim.x = blocks, threadIdx.x < blockDim.x = 256
(assert (bvult bid blocks))
(assert (bvult tid BD))
(define-fun thread () (_ BitVec 64)
  (bvadd (bvmul ((_ zero_extend 32) bid) ((_ zero_extend 32) BD)) ((_ zero_extend 32) tid)))
; the same quantities in 128 bits, to detect wrapping (z3 4.8.12 lacks bvumul_noovfl:
; docs/verification.md §4.6, item 7)
(define-fun thread128 () (_ BitVec 128)
  (bvadd (bvmul ((_ zero_extend 96) bid) ((_ zero_extend 96) BD)) ((_ zero_extend 96) tid)))
(define-fun idx () (_ BitVec 64) (bvadd ((_ zero_extend 32) pos) thread))
(define-fun idx128 () (_ BitVec 128) (bvadd ((_ zero_extend 96) pos) thread128))
; the kernel's guard passes
(define-fun guard () Bool (bvult thread (bvsub ((_ zero_extend 32) stop) ((_ zero_extend 32) pos))))
(assert (not (bvugt thread (bvsub ((_ zero_extend 32) stop) ((_ zero_extend 32) pos)))))
(assert (or (not (= ((_ zero_extend 64) thread) thread128))
            (not (= ((_ zero_extend 64) idx) idx128))
            (not (bvult idx ((_ zero_extend 32) m)))
            (not (= ((_ zero_extend 32) blocks) blocks64))))
(check-sat)
