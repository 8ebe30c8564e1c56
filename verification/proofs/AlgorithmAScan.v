(* dimerlab: the certain and possible bounds of Algorithm A (AlgorithmA.v) as the CUDA kernels
   compute them (gpu/src/jacobi_device_state.cu): the 2N endpoint events of the block's slots,
   sorted stably by vertex, an exclusive max-scan by key over them, and each slot's two results
   selected back by event. The stable sort by vertex is stated as what any stable sort gives: the
   events of vertex 0 in slot order, then those of vertex 1, and so on (the CPU solver's counting
   sort builds exactly this). The kernels scan both bounds at once in one packed word whose
   operator is the component-wise max (claim GJ-WP), so each bound is one scan here. *)
From Coq Require Import Arith Lia List Bool.
From DL Require Import AlgorithmA.
Import ListNotations.

Section Scan.
Variable ends : nat -> nat * nat.
Variable N nV : nat.
Variable ed : nat -> nat.
(* The value slot s contributes to the scan at each of its endpoints. *)
Variable bnd : nat -> nat.

Definition events (l : list nat) :=
  flat_map (fun s => [(fst (ends (ed s)), s); (snd (ends (ed s)), s)]) l.
Definition segment w := filter (fun e => fst e =? w) (events (seq 0 N)).
Definition sorted_by_vertex := flat_map segment (seq 0 nV).

Definition same_key (pk : option nat) w := match pk with Some k => k =? w | None => false end.

(* cub::DeviceScan::ExclusiveScanByKey with max and identity 0: each event gets the max of the
   earlier events of its run of equal keys. *)
Fixpoint xscan (pk : option nat) (acc : nat) (l : list (nat * nat)) : list ((nat * nat) * nat) :=
  match l with
  | [] => []
  | (w, s) :: r =>
      let a := if same_key pk w then acc else 0 in ((w, s), a) :: xscan (Some w) (Nat.max a (bnd s)) r
  end.

(* The select step: the scan's result at the event of slot t at vertex w (event_pos). *)
Definition select (l : list ((nat * nat) * nat)) w t :=
  match find (fun p => (fst (fst p) =? w) && (snd (fst p) =? t)) l with Some p => snd p | None => 0 end.

Definition scan_bound w t := select (xscan None 0 sorted_by_vertex) w t.

Definition mx (l : list nat) := fold_right (fun s m => Nat.max (bnd s) m) 0 l.

Variable simple : forall s, fst (ends (ed s)) <> snd (ends (ed s)).

Lemma segment_events : forall w l,
  filter (fun e => fst e =? w) (events l) = map (pair w) (filter (fun s => touch ends (ed s) w) l).
Proof.
  intros w. induction l as [|s l IH]; simpl; auto. rewrite IH. unfold touch.
  pose proof (simple s).
  destruct (fst (ends (ed s)) =? w) eqn:U, (snd (ends (ed s)) =? w) eqn:V; simpl.
  - apply Nat.eqb_eq in U. apply Nat.eqb_eq in V. lia.
  - apply Nat.eqb_eq in U. rewrite U. auto.
  - apply Nat.eqb_eq in V. rewrite V. auto.
  - auto.
Qed.

Lemma select_skip_other_keys : forall w t l r pk acc,
  (forall e, In e l -> fst e <> w) -> same_key pk w = false ->
  exists pk' acc', same_key pk' w = false /\ select (xscan pk acc (l ++ r)) w t = select (xscan pk' acc' r) w t.
Proof.
  intros w t. induction l as [|[k s] l IH]; intros r pk acc Hl Hpk; simpl.
  - exists pk, acc. auto.
  - assert (Hk : k <> w) by (apply (Hl (k, s)); simpl; auto).
    destruct (IH r (Some k) (Nat.max (if same_key pk k then acc else 0) (bnd s))) as [pk' [acc' [H1 H2]]].
    + intros e He. apply Hl. simpl. auto.
    + simpl. apply Nat.eqb_neq. auto.
    + exists pk', acc'. split; auto. unfold select in *. simpl.
      replace (k =? w) with false by (symmetry; apply Nat.eqb_neq; auto). simpl. auto.
Qed.

Lemma select_in_segment : forall w t p n a pk acc r, a <= t < a + n -> p t = true ->
  select (xscan pk acc (map (pair w) (filter p (seq a n)) ++ r)) w t =
  Nat.max (if same_key pk w then acc else 0) (mx (filter p (seq a (t - a)))).
Proof.
  intros w t p. induction n as [|n IH]; intros a pk acc r Ht Pt; [lia|].
  simpl. destruct (p a) eqn:Pa.
  - simpl. destruct (Nat.eq_dec a t) as [<-|Hne].
    + unfold select. simpl. rewrite !Nat.eqb_refl. simpl. rewrite Nat.sub_diag. simpl. rewrite Nat.max_0_r. auto.
    + unfold select at 1. simpl. rewrite Nat.eqb_refl. replace (a =? t) with false by (symmetry; apply Nat.eqb_neq; auto).
      simpl. fold (select (xscan (Some w) (Nat.max (if same_key pk w then acc else 0) (bnd a))
                            (map (pair w) (filter p (seq (S a) n)) ++ r)) w t).
      rewrite IH by (first [lia | auto]). simpl. rewrite Nat.eqb_refl.
      replace (t - a) with (S (t - S a)) by lia. simpl. rewrite Pa. simpl. lia.
  - destruct (Nat.eq_dec a t) as [<-|Hne]; [congruence|].
    rewrite IH by (first [lia | auto]). replace (t - a) with (S (t - S a)) by lia. simpl. rewrite Pa. auto.
Qed.

Lemma mx_app : forall l1 l2, mx (l1 ++ l2) = Nat.max (mx l1) (mx l2).
Proof. induction l1; intros; simpl; auto. unfold mx in *. rewrite IHl1. lia. Qed.

Lemma mx_is_pmax : forall p t, mx (filter p (seq 0 t)) = pmax (fun s => if p s then bnd s else 0) t.
Proof.
  intros p. induction t; [simpl; auto|]. rewrite seq_S, filter_app, mx_app, IHt. simpl.
  destruct (p t); simpl; lia.
Qed.

Variable in_range : forall s, fst (ends (ed s)) < nV /\ snd (ends (ed s)) < nV.

(* The kernels' bound at an endpoint w of slot t is the definition's prefix maximum. *)
Theorem scan_bound_is_prefix_max : forall w t, t < N -> touch ends (ed t) w = true ->
  scan_bound w t = pmax (fun s => if touch ends (ed s) w then bnd s else 0) t.
Proof.
  intros w t Ht Hw.
  assert (Hwn : w < nV).
  { unfold touch in Hw. destruct (in_range t). apply orb_true_iff in Hw.
    destruct Hw as [E|E]; apply Nat.eqb_eq in E; lia. }
  unfold scan_bound, sorted_by_vertex.
  replace nV with (w + (1 + (nV - S w))) by lia. rewrite seq_app, flat_map_app. simpl.
  destruct (select_skip_other_keys w t (flat_map segment (seq 0 w))
              (segment w ++ flat_map segment (seq (S w) (nV - S w))) None 0) as [pk [acc [Hpk ->]]].
  - intros e He. apply in_flat_map in He. destruct He as [k [Hk He]]. apply in_seq in Hk.
    unfold segment in He. apply filter_In in He. destruct He as [_ He]. apply Nat.eqb_eq in He. lia.
  - auto.
  - unfold segment. rewrite segment_events. rewrite select_in_segment by (auto; lia).
    rewrite Hpk, Nat.sub_0_r, mx_is_pmax. auto.
Qed.

End Scan.

Section Decision.
Variable ends : nat -> nat * nat.
Variable N nV : nat.
Variable ed nx : nat -> nat.
Variable y : nat -> val.
Variable simple : forall s, fst (ends (ed s)) <> snd (ends (ed s)).
Variable in_range : forall s, fst (ends (ed s)) < nV /\ snd (ends (ed s)) < nV.

Definition certain_input s := if isOne (y s) then nx s else 0.
Definition possible_input s := if notZero (y s) then nx s else 0.

Lemma cert_by_scan : forall w t, t < N -> touch ends (ed t) w = true ->
  scan_bound ends N nV ed certain_input w t = cert ends ed nx y w t.
Proof.
  intros w t Ht Hw. rewrite scan_bound_is_prefix_max by auto. unfold cert. apply pmax_ext.
  intros s _. unfold certain_input. destruct (touch ends (ed s) w), (isOne (y s)); auto.
Qed.

Lemma poss_by_scan : forall w t, t < N -> touch ends (ed t) w = true ->
  scan_bound ends N nV ed possible_input w t = poss ends ed nx y w t.
Proof.
  intros w t Ht Hw. rewrite scan_bound_is_prefix_max by auto. unfold poss. apply pmax_ext.
  intros s _. unfold possible_input. destruct (touch ends (ed s) w), (notZero (y s)); auto.
Qed.

(* Algorithm A's decision with the bounds from the kernels' sort, scan and select. *)
Definition decide_by_scan t :=
  match y t with
  | Unk =>
      let u := fst (ends (ed t)) in let v := snd (ends (ed t)) in
      let c w := scan_bound ends N nV ed certain_input w t in
      let p w := scan_bound ends N nV ed possible_input w t in
      if (t <? c u) || (t <? c v) then Zero else if (t <? p u) || (t <? p v) then Unk else One
  | d => d
  end.

Theorem kernel_decision_equals_definition : forall t, t < N -> decide_by_scan t = decide ends ed nx y t.
Proof.
  intros t Ht. unfold decide_by_scan, decide.
  destruct (y t); auto.
  assert (Hu : touch ends (ed t) (fst (ends (ed t))) = true) by (unfold touch; rewrite Nat.eqb_refl; auto).
  assert (Hv : touch ends (ed t) (snd (ends (ed t))) = true)
    by (unfold touch; rewrite Nat.eqb_refl, orb_true_r; auto).
  rewrite (cert_by_scan _ t), (cert_by_scan _ t), (poss_by_scan _ t), (poss_by_scan _ t) by auto.
  auto.
Qed.

End Decision.

(* One round of the kernels (bounds by sort, scan and select; the decision on every slot) is the
   definition's round, so the theorems of AlgorithmA.v hold of the rounds as the kernels run them. *)
Theorem kernel_round_equals_definition : forall ends N nV ed nx y,
  (forall s, fst (ends (ed s)) <> snd (ends (ed s))) ->
  (forall s, fst (ends (ed s)) < nV /\ snd (ends (ed s)) < nV) ->
  map (decide_by_scan ends N nV ed nx y) (seq 0 N) = round ends N ed nx y.
Proof.
  intros ends N nV ed nx y Hs Hr. unfold round. apply map_ext_in. intros t Ht. apply in_seq in Ht.
  apply kernel_decision_equals_definition; auto. lia.
Qed.
