(* dimerlab: the Jacobi resolution of a block of heat-bath updates (the model behind claim GJ-ORACLE;
   docs/algorithms.md §3.4 and docs/verification.md §4.1).

   Model.  Update t of a tape touches edge (eu t, ev t) with coin (coin t); the state is
   mate : nat -> option nat (None = monomer).  [step] is written as the C++ rule
   heat_bath_update (core/model/heat_bath_rule.hpp) is: remove the edge if present, then add it
   back iff the coin says "occupied" and both endpoints are free; its outcome is the value that
   function returns (+1 add, -1 remove, 0 no change).

   Parallel view.  An outcome guess o : nat -> delta gives every vertex w, before time t, the mate
   written by the last update s < t touching w whose outcome is a write ("last writer wins": what
   the per-vertex scan over the time-ordered event list computes).  One Jacobi round recomputes
   every outcome from those views at once: [F o t].  The loop stops when a round changes
   nothing.  We prove: whenever it stops, every outcome and every vertex's final mate equal the
   sequential run's (model_fixed_point_equals_sequential); it stops after at most T+1 rounds from ANY start
   guess (model_rounds_within_tape_length); and the sequential chain keeps a symmetric matching (run_valid). *)
From Coq Require Import Arith Bool Lia.

Inductive delta := Keep | Add | Remove.

Definition delta_eqb (a b : delta) : bool :=
  match a, b with Keep, Keep | Add, Add | Remove, Remove => true | _, _ => false end.

Section Model.
Variables (eu ev : nat -> nat) (coin : nat -> bool) (m0 : nat -> option nat).

Definition opt_eqb (a b : option nat) : bool :=
  match a, b with
  | Some x, Some y => Nat.eqb x y
  | None, None => true
  | _, _ => false
  end.

Lemma opt_eqb_spec : forall a b, opt_eqb a b = true <-> a = b.
Proof.
  intros [x|] [y|]; simpl; split; intro H; try congruence.
  - apply Nat.eqb_eq in H; congruence.
  - injection H as ->; apply Nat.eqb_refl.
Qed.

(* The decision of heat_bath_update from the two mates it reads. *)
Definition decide (mu mv : option nat) (v : nat) (c : bool) : delta :=
  let was_in := opt_eqb mu (Some v) in
  let now_in := c && (was_in || (opt_eqb mu None && opt_eqb mv None)) in
  if Bool.eqb now_in was_in then Keep else if now_in then Add else Remove.

Definition upd (m : nat -> option nat) (k : nat) (x : option nat) : nat -> option nat :=
  fun j => if Nat.eqb j k then x else m j.

(* The write an outcome performs, in the C++ order: mate[u] first, then mate[v]. *)
Definition apply (m : nat -> option nat) (u v : nat) (d : delta) : nat -> option nat :=
  match d with
  | Keep => m
  | Add => upd (upd m u (Some v)) v (Some u)
  | Remove => upd (upd m u None) v None
  end.

Definition out_seq_at (m : nat -> option nat) (t : nat) : delta :=
  decide (m (eu t)) (m (ev t)) (ev t) (coin t).

Fixpoint run (t : nat) : nat -> option nat :=
  match t with
  | 0 => m0
  | S t' => apply (run t') (eu t') (ev t') (out_seq_at (run t') t')
  end.

Definition seq_out (t : nat) : delta := out_seq_at (run t) t.

(* ---- the per-vertex view ---- *)
Definition touches (t w : nat) : bool := Nat.eqb w (eu t) || Nat.eqb w (ev t).

(* The value update t writes at vertex w (for w one of its endpoints), in write order. *)
Definition written (t w : nat) (d : delta) : option nat :=
  apply (fun _ => None) (eu t) (ev t) d w.

Fixpoint mate_before (o : nat -> delta) (w t : nat) : option nat :=
  match t with
  | 0 => m0 w
  | S t' =>
      if touches t' w && negb (delta_eqb (o t') Keep) then written t' w (o t')
      else mate_before o w t'
  end.

Definition F (o : nat -> delta) (t : nat) : delta :=
  decide (mate_before o (eu t) t) (mate_before o (ev t) t) (ev t) (coin t).

(* ---- generic facts about causal round functions ---- *)
Definition is_fix (T : nat) (G : (nat -> delta) -> nat -> delta) (o : nat -> delta) : Prop :=
  forall t, t < T -> G o t = o t.

Lemma mate_before_causal : forall o o' w t,
  (forall s, s < t -> o s = o' s) -> mate_before o w t = mate_before o' w t.
Proof.
  intros o o' w t; induction t as [|t IH]; intro H; simpl; [reflexivity|].
  rewrite (H t) by lia. rewrite IH by (intros; apply H; lia). reflexivity.
Qed.

Lemma F_causal : forall o o' t, (forall s, s < t -> o s = o' s) -> F o t = F o' t.
Proof.
  intros o o' t H; unfold F.
  rewrite (mate_before_causal o o' (eu t) t H), (mate_before_causal o o' (ev t) t H).
  reflexivity.
Qed.

(* A fixed point below T is unique: it is the stop test "nothing changed". *)
Lemma fix_unique : forall T o o', is_fix T F o -> is_fix T F o' -> forall t, t < T -> o t = o' t.
Proof.
  intros T o o' Ho Ho' t.
  induction t as [t IH] using (well_founded_induction lt_wf); intro Ht.
  rewrite <- (Ho t Ht), <- (Ho' t Ht).
  apply F_causal; intros s Hs; apply IH; lia.
Qed.

Definition jacobi (k : nat) (o0 : nat -> delta) : nat -> delta := Nat.iter k F o0.

(* After k rounds, outcomes before k no longer depend on the start guess. *)
Lemma jacobi_prefix : forall k o0 o0' t, t < k -> jacobi k o0 t = jacobi k o0' t.
Proof.
  induction k as [|k IH]; intros o0 o0' t Ht; [lia|].
  simpl. apply F_causal. intros s Hs. apply IH. lia.
Qed.

Lemma jacobi_shift : forall k o0, jacobi (S k) o0 = jacobi k (F o0).
Proof.
  induction k as [|k IH]; intro o0; [reflexivity|].
  change (jacobi (S (S k)) o0) with (F (jacobi (S k) o0)).
  rewrite IH. reflexivity.
Qed.

(* Round T is already a fixed point: the loop runs at most T+1 rounds. *)
Theorem jacobi_terminates : forall T o0, is_fix T F (jacobi T o0).
Proof.
  intros T o0 t Ht.
  change (F (jacobi T o0) t) with (jacobi (S T) o0 t).
  rewrite jacobi_shift. apply jacobi_prefix. exact Ht.
Qed.

(* ---- the link: the imperative run is the per-vertex "last writer wins" view ---- *)
Lemma step_pointwise : forall t w, run t w = mate_before seq_out w t.
Proof.
  induction t as [|t IH]; intro w; [reflexivity|].
  simpl. unfold seq_out at 1. fold (seq_out t).
  unfold touches, written.
  destruct (seq_out t) eqn:Hd; simpl.
  - rewrite andb_false_r. apply IH.
  - unfold upd. destruct (Nat.eqb w (ev t)) eqn:E1; destruct (Nat.eqb w (eu t)) eqn:E2;
      simpl; auto.
  - unfold upd. destruct (Nat.eqb w (ev t)) eqn:E1; destruct (Nat.eqb w (eu t)) eqn:E2;
      simpl; auto.
Qed.

Theorem seq_is_fix : forall T, is_fix T F seq_out.
Proof.
  intros T t _. unfold F. rewrite <- !step_pointwise. reflexivity.
Qed.

(* Whenever the rounds stop (a fixed point), outcomes and final mates equal the sequential run. *)
Theorem model_fixed_point_equals_sequential : forall T o, is_fix T F o ->
  (forall t, t < T -> o t = seq_out t) /\ (forall w, mate_before o w T = run T w).
Proof.
  intros T o Ho.
  assert (Hout : forall t, t < T -> o t = seq_out t)
    by (intros; apply (fix_unique T); auto using seq_is_fix).
  split; [exact Hout|].
  intro w. rewrite step_pointwise. apply mate_before_causal. exact Hout.
Qed.

(* From any start guess, T+1 rounds reach that fixed point. *)
Theorem model_rounds_within_tape_length : forall T o0,
  is_fix T F (jacobi T o0) /\ (forall t, t < T -> jacobi T o0 t = seq_out t).
Proof.
  intros T o0. split; [apply jacobi_terminates|].
  apply model_fixed_point_equals_sequential, jacobi_terminates.
Qed.

(* ---- the chain keeps a matching ---- *)
Definition valid (m : nat -> option nat) : Prop :=
  forall a b, m a = Some b -> a <> b /\ m b = Some a.

Ltac eqb_cases :=
  repeat match goal with
  | |- context [Nat.eqb ?x ?y] =>
      let E := fresh "E" in destruct (Nat.eqb x y) eqn:E;
      [apply Nat.eqb_eq in E; subst | apply Nat.eqb_neq in E]
  | H : context [Nat.eqb ?x ?y] |- _ =>
      let E := fresh "E" in destruct (Nat.eqb x y) eqn:E;
      [apply Nat.eqb_eq in E; subst | apply Nat.eqb_neq in E]
  end.

Lemma step_valid : forall m t, eu t <> ev t -> valid m -> valid (apply m (eu t) (ev t) (out_seq_at m t)).
Proof.
  intros m t Huv Hm. unfold out_seq_at, decide.
  remember (eu t) as u; remember (ev t) as v. clear Hequ Heqv.
  destruct (m u) as [x|] eqn:Hmu; destruct (m v) as [y|] eqn:Hmv; destruct (coin t);
    simpl; unfold apply, upd; eqb_cases; simpl; try exact Hm.
  all: intros a b Hab; eqb_cases; simpl in *;
       try (pose proof (Hm _ _ Hab) as [? ?]);
       try (pose proof (Hm _ _ Hmu) as [? ?]);
       try (pose proof (Hm _ _ Hmv) as [? ?]);
       intuition congruence.
Qed.

Theorem run_valid : (forall t, eu t <> ev t) -> valid m0 -> forall t, valid (run t).
Proof.
  intros Huv H0 t; induction t as [|t IH]; simpl; [exact H0|].
  apply step_valid; auto.
Qed.

End Model.
