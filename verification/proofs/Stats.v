(* dimerlab: the reduction merge operators are exact over the reals (claim RD-EXACT).

   A Welford/Chan summary (n, mean, M2) of a sample stands for its power sums (n, S1, S2) with
   mean = S1/n and M2 = S2 - S1^2/n.  A log-sum-exp summary (m, s) stands for s * exp m.  Merging
   two summaries yields the summary of the union, so ANY reduction tree (any thread count, any
   block shape, any merge order) computes the exact value.  Nothing here is about rounding. *)
From Coq Require Import Reals Lra.
Open Scope R_scope.

Definition represents (n mean m2 s1 s2 : R) : Prop :=
  mean = s1 / n /\ m2 = s2 - s1 * s1 / n.

(* Chan et al.'s pairwise merge (the combine step of a parallel or tree reduction). *)
Definition chan_mean (na ma nb mb : R) : R := ma + (mb - ma) * nb / (na + nb).
Definition chan_m2 (na ma qa nb mb qb : R) : R :=
  qa + qb + (mb - ma) * (mb - ma) * na * nb / (na + nb).

Theorem chan_merge_exact : forall na ma qa s1a s2a nb mb qb s1b s2b,
  0 < na -> 0 < nb ->
  represents na ma qa s1a s2a -> represents nb mb qb s1b s2b ->
  represents (na + nb) (chan_mean na ma nb mb) (chan_m2 na ma qa nb mb qb)
             (s1a + s1b) (s2a + s2b).
Proof.
  intros na ma qa s1a s2a nb mb qb s1b s2b Ha Hb [-> ->] [-> ->].
  unfold represents, chan_mean, chan_m2. split; field; lra.
Qed.

(* The one-sample Welford push of core/sampling/running_stats.hpp (d = x - mean; mean += d / n;
   m2 += d * (x - mean)), written with the updated mean as the C++ does; it is the merge with a
   one-element summary (1, x, 0). *)
Theorem welford_push_exact : forall na ma qa s1a s2a x,
  0 < na -> represents na ma qa s1a s2a ->
  let mean' := ma + (x - ma) / (na + 1) in
  represents (na + 1) mean' (qa + (x - ma) * (x - mean')) (s1a + x) (s2a + x * x).
Proof.
  intros na ma qa s1a s2a x Ha [-> ->] mean'. unfold mean', represents. split; field; lra.
Qed.

(* Log-sum-exp merge: rescale both partial sums to the larger maximum. *)
Definition lse_max (m1 m2 : R) : R := Rmax m1 m2.
Definition lse_sum (m1 s1 m2 s2 : R) : R :=
  s1 * exp (m1 - lse_max m1 m2) + s2 * exp (m2 - lse_max m1 m2).

Theorem lse_merge_exact : forall m1 s1 m2 s2,
  lse_sum m1 s1 m2 s2 * exp (lse_max m1 m2) = s1 * exp m1 + s2 * exp m2.
Proof.
  intros. unfold lse_sum.
  rewrite Rmult_plus_distr_r, !Rmult_assoc, <- !exp_plus.
  replace (m1 - lse_max m1 m2 + lse_max m1 m2) with m1 by ring.
  replace (m2 - lse_max m1 m2 + lse_max m1 m2) with m2 by ring.
  reflexivity.
Qed.

Lemma exp_nonpos_le_1 : forall x, x <= 0 -> exp x <= 1.
Proof.
  intros x H. destruct (Rle_lt_or_eq_dec x 0 H) as [Hlt | ->].
  - left. rewrite <- exp_0. apply exp_increasing. exact Hlt.
  - right. apply exp_0.
Qed.

(* The rescale factors never exceed 1, so the rescale itself cannot overflow. *)
Theorem lse_scale_le_1 : forall m1 m2,
  exp (m1 - lse_max m1 m2) <= 1 /\ exp (m2 - lse_max m1 m2) <= 1.
Proof.
  intros. unfold lse_max.
  split; apply exp_nonpos_le_1; [pose proof (Rmax_l m1 m2) | pose proof (Rmax_r m1 m2)]; lra.
Qed.

(* The merge is associative on the represented value: tree shape does not matter. *)
Theorem lse_merge_assoc : forall m1 s1 m2 s2 m3 s3,
  let m12 := lse_max m1 m2 in let s12 := lse_sum m1 s1 m2 s2 in
  let m23 := lse_max m2 m3 in let s23 := lse_sum m2 s2 m3 s3 in
  lse_sum m12 s12 m3 s3 * exp (lse_max m12 m3) = lse_sum m1 s1 m23 s23 * exp (lse_max m1 m23).
Proof.
  intros. unfold m12, s12, m23, s23. rewrite !lse_merge_exact. ring.
Qed.
