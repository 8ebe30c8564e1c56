(* dimerlab: Algorithm A (docs/algorithms.md §3.2-3.4) proved equal to sequential Glauber.
   A block is N slots: slots 0..nv-1 are the virtual updates of the start matching, slots
   nv..N-1 the tape updates in order. Slot s updates edge [ed s]; [coin s] is the heat-bath coin
   of the tape's uniform at activity lambda ("occupied"), left abstract. Slot indices serve as
   times: the code gives every virtual slot time 0 and tape slot nv+i time i+1, an order-
   preserving relabelling under which every comparison "t < bound" below is unchanged. *)
From Coq Require Import Arith Lia List Bool.
Import ListNotations.

Inductive val := Zero | One | Unk.

Definition isOne y := match y with One => true | _ => false end.
Definition notZero y := match y with Zero => false | _ => true end.
Definition isUnk y := match y with Unk => true | _ => false end.

Section Block.
Variable ends : nat -> nat * nat.
Variable N nv : nat.
Variable ed : nat -> nat.
Variable coin : nat -> bool.

Definition touch f w := (fst (ends f) =? w) || (snd (ends f) =? w).
(* Edge f, present, keeps edge e out: another edge at an endpoint of e. *)
Definition blocks e f := negb (f =? e) && (touch f (fst (ends e)) || touch f (snd (ends e))).

(* ---- the sequential chain: a matching is the list of its edges ---- *)
Definition rem e (M : list nat) := filter (fun g => negb (g =? e)) M.
Definition step (live : bool) e M :=
  if live && negb (existsb (blocks e) M) then e :: rem e M else rem e M.

Definition start := map ed (seq 0 nv).
Fixpoint chain n := match n with 0 => start | S n => step (coin (nv + n)) (ed (nv + n)) (chain n) end.

(* The same chain over all slots from the empty matching; virtual slots count as live. *)
Definition lv s := (s <? nv) || coin s.
Fixpoint st k := match k with 0 => [] | S k => step (lv k) (ed k) (st k) end.
Definition X s := lv s && negb (existsb (blocks (ed s)) (st s)).

(* ---- occupation intervals ---- *)
Fixpoint search e i n := match n with 0 => N | S n => if ed i =? e then i else search e (S i) n end.
Definition nxt s := search (ed s) (S s) (N - S s).

(* ---- Algorithm A ---- *)
Fixpoint pmax (g : nat -> nat) t := match t with 0 => 0 | S t => max (pmax g t) (g t) end.
(* Exclusive prefix maxima at vertex w before slot t: the latest end of a certain (Y = 1) and of a
   possible (Y <> 0) occupation. [nx] is the table of nxt, a parameter so the extracted oracle reads
   it in constant time. *)
Definition cert (nx : nat -> nat) (y : nat -> val) w t :=
  pmax (fun s => if touch (ed s) w && isOne (y s) then nx s else 0) t.
Definition poss (nx : nat -> nat) (y : nat -> val) w t :=
  pmax (fun s => if touch (ed s) w && notZero (y s) then nx s else 0) t.

Definition decide nx y t :=
  match y t with
  | Unk =>
      let u := fst (ends (ed t)) in let v := snd (ends (ed t)) in
      if (t <? cert nx y u t) || (t <? cert nx y v t) then Zero
      else if (t <? poss nx y u t) || (t <? poss nx y v t) then Unk else One
  | d => d
  end.

Definition init s := if s <? nv then One else if coin s then Unk else Zero.
Definition round nx (y : nat -> val) := map (decide nx y) (seq 0 N).
Definition get (l : list val) s := nth s l Unk.
Fixpoint rounds k := match k with 0 => map init (seq 0 N) | S k => round nxt (get (rounds k)) end.

(* The final matching: edges whose last slot in the block is decided 1. *)
Definition final y := map ed (filter (fun s => (nxt s =? N) && isOne (y s)) (seq 0 N)).
Definition live_slots := length (filter (fun s => (nv <=? s) && coin s) (seq 0 N)).
Definition undecided y := length (filter (fun s => isUnk (y s)) (seq 0 N)).

(* ================= proofs ================= *)
Lemma in_rem : forall f e M, In f (rem e M) <-> f <> e /\ In f M.
Proof.
  intros. unfold rem. rewrite filter_In, negb_true_iff, Nat.eqb_neq. tauto.
Qed.

Lemma in_step : forall f l e M,
  In f (step l e M) <-> (f = e /\ l && negb (existsb (blocks e) M) = true) \/ (f <> e /\ In f M).
Proof.
  intros. unfold step. destruct (l && negb (existsb (blocks e) M)) eqn:H; simpl;
  rewrite ?in_rem; split; intros; try (destruct (Nat.eq_dec e f)); intuition (try congruence; try discriminate).
Qed.

Definition same (M M' : list nat) := forall f, In f M <-> In f M'.

Lemma existsb_same : forall p M M', same M M' -> existsb p M = existsb p M'.
Proof.
  intros. destruct (existsb p M) eqn:E1, (existsb p M') eqn:E2; auto.
  - apply existsb_exists in E1. destruct E1 as [x [Hx Hp]]. apply H in Hx.
    assert (existsb p M' = true) by (apply existsb_exists; eauto). congruence.
  - apply existsb_exists in E2. destruct E2 as [x [Hx Hp]]. apply H in Hx.
    assert (existsb p M = true) by (apply existsb_exists; eauto). congruence.
Qed.

Lemma step_same : forall l e M M', same M M' -> same (step l e M) (step l e M').
Proof.
  intros l e M M' H f. rewrite !in_step, (existsb_same _ _ _ H), (H f). tauto.
Qed.

(* The chain's state as the slots that last wrote each edge. *)
Lemma st_occupants : forall k f, In f (st k) <->
  exists s, s < k /\ ed s = f /\ X s = true /\ forall j, s < j < k -> ed j <> f.
Proof.
  induction k; intros f; simpl.
  - split; [tauto | intros [s [H _]]; lia].
  - rewrite in_step, IHk. split.
    + intros [[-> H] | [Hne [s [Hs [He [Hx Hj]]]]]].
      * exists k. split; [lia|]. split; [auto|]. split; [exact H|]. intros; lia.
      * exists s. split; [lia|]. split; [auto|]. split; [auto|]. intros j Hj'.
        destruct (Nat.eq_dec j k); [subst; auto | apply Hj; lia].
    + intros [s [Hs [He [Hx Hj]]]]. destruct (Nat.eq_dec s k).
      * subst. left. split; auto.
      * right. split; [intros Hf; apply (Hj k); [lia | congruence] |].
        exists s. split; [lia|]. split; [auto|]. split; [auto|]. intros; apply Hj; lia.
Qed.

Lemma search_spec : forall e n i, i + n = N ->
  (search e i n = N \/ (i <= search e i n < N /\ ed (search e i n) = e)) /\
  (forall j, i <= j < search e i n -> ed j <> e).
Proof.
  induction n; intros i Hi; simpl.
  - split; [auto | intros; lia].
  - destruct (ed i =? e) eqn:E.
    + apply Nat.eqb_eq in E. split; [right; split; [lia | auto] | intros; lia].
    + apply Nat.eqb_neq in E. destruct (IHn (S i)) as [H1 H2]; [lia|]. split.
      * destruct H1 as [H1 | [H1 H1']]; [left; auto | right; split; [lia | auto]].
      * intros j Hj. destruct (Nat.eq_dec j i); [subst; auto | apply H2; lia].
Qed.

Lemma nxt_spec : forall s, s < N ->
  s < nxt s <= N /\ (nxt s < N -> ed (nxt s) = ed s) /\ (forall j, s < j < nxt s -> ed j <> ed s).
Proof.
  intros s Hs. unfold nxt. destruct (search_spec (ed s) (N - S s) (S s)) as [H1 H2]; [lia|].
  split; [destruct H1 as [H1|H1]; lia|]. split.
  - intros Hl. destruct H1 as [H1|H1]; [lia | tauto].
  - intros j Hj. apply H2. lia.
Qed.

(* For s < k <= N: no later slot of the edge of s before k iff the interval of s reaches k. *)
Lemma interval_reaches : forall s k, s < k -> k <= N ->
  (forall j, s < j < k -> ed j <> ed s) <-> k <= nxt s.
Proof.
  intros s k Hs Hk. destruct (nxt_spec s) as [H1 [H2 H3]]; [lia|]. split.
  - intros H. destruct (le_lt_dec k (nxt s)); auto. exfalso. apply (H (nxt s)); [lia|]. apply H2; lia.
  - intros H j Hj. apply H3. lia.
Qed.

(* Key lemma: the endpoints of slot t are covered at time t by another edge iff some slot with
   X = 1 at one of them has an occupation interval [s, nxt s) containing t. *)
Lemma covered_iff_interval : forall t, t < N ->
  existsb (blocks (ed t)) (st t) = true <->
  exists s, s < t /\ blocks (ed t) (ed s) = true /\ X s = true /\ t < nxt s.
Proof.
  intros t Ht. rewrite existsb_exists. split.
  - intros [f [Hf Hb]]. apply st_occupants in Hf. destruct Hf as [s [Hs [<- [Hx Hj]]]].
    exists s. repeat split; auto. apply interval_reaches in Hj; [|lia|lia].
    destruct (Nat.eq_dec (nxt s) t) as [E|E]; [|lia]. exfalso.
    destruct (nxt_spec s) as [_ [H2 _]]; [lia|]. rewrite E in H2.
    unfold blocks in Hb. rewrite H2 in Hb by lia. rewrite Nat.eqb_refl in Hb. discriminate.
  - intros [s [Hs [Hb [Hx Hn]]]]. exists (ed s). split; auto. apply st_occupants.
    exists s. repeat split; auto. apply interval_reaches; lia.
Qed.

Lemma pmax_gt : forall g t x, x < pmax g t <-> exists s, s < t /\ x < g s.
Proof.
  induction t; intros x; simpl.
  - split; [lia | intros [s [H _]]; lia].
  - rewrite Nat.max_lt_iff, IHt. split.
    + intros [[s [H1 H2]] | H]; [exists s; split; [lia|auto] | exists t; split; [lia|auto]].
    + intros [s [H1 H2]]. destruct (Nat.eq_dec s t); [subst; auto | left; exists s; split; [lia|auto]].
Qed.

Lemma pmax_ext : forall g h t, (forall s, s < t -> g s = h s) -> pmax g t = pmax h t.
Proof. induction t; intros H; simpl; auto. rewrite IHt, H; auto. Qed.

Lemma cond_gt : forall (b : bool) n t, t < (if b then n else 0) <-> b = true /\ t < n.
Proof. intros [|] n t; split; intuition (try lia; try discriminate). Qed.

Lemma cert_gt : forall y w t, t < cert nxt y w t <->
  exists s, s < t /\ touch (ed s) w = true /\ y s = One /\ t < nxt s.
Proof.
  intros. unfold cert. rewrite pmax_gt. setoid_rewrite cond_gt. setoid_rewrite andb_true_iff.
  split; intros [s H]; exists s; destruct (y s); simpl in *; intuition discriminate.
Qed.

Lemma poss_gt : forall y w t, t < poss nxt y w t <->
  exists s, s < t /\ touch (ed s) w = true /\ y s <> Zero /\ t < nxt s.
Proof.
  intros. unfold poss. rewrite pmax_gt. setoid_rewrite cond_gt. setoid_rewrite andb_true_iff.
  split; intros [s H]; exists s; destruct (y s); simpl in *; intuition discriminate.
Qed.

(* An interval that contains t belongs to another edge. *)
Lemma interval_other_edge : forall s t, s < t -> t < nxt s -> ed s <> ed t.
Proof.
  intros s t Hs Hn E.
  assert (s < N) by (destruct (lt_dec s N); auto; unfold nxt in Hn;
                     replace (N - S s) with 0 in Hn by lia; simpl in Hn; lia).
  destruct (nxt_spec s) as [H1 [_ H3]]; [lia|]. apply (H3 t); auto.
Qed.

Lemma blocks_touch : forall s t, s < t -> t < nxt s ->
  blocks (ed t) (ed s) = true <->
  touch (ed s) (fst (ends (ed t))) = true \/ touch (ed s) (snd (ends (ed t))) = true.
Proof.
  intros s t Hs Hn. pose proof (interval_other_edge s t Hs Hn). unfold blocks.
  apply Nat.eqb_neq in H. rewrite H. simpl. rewrite orb_true_iff. tauto.
Qed.

(* What a round keeps: a decided slot holds its sequential value; an undecided one is live. *)
Definition inv (y : nat -> val) := forall s, s < N ->
  (y s = One -> X s = true) /\ (y s = Zero -> X s = false) /\ (y s = Unk -> lv s = true).

Definition valid_start := forall s s', s < nv -> s' < nv -> blocks (ed s) (ed s') = false.

Lemma virtual_state : valid_start -> forall k, k <= nv ->
  (forall f, In f (st k) <-> exists s, s < k /\ ed s = f) /\ (forall s, s < k -> X s = true).
Proof.
  intros Hv. induction k; intros Hk; simpl.
  - split; [intros f; split; [tauto | intros [s [H _]]; lia] | intros; lia].
  - destruct IHk as [H1 H2]; [lia|].
    assert (Hn : existsb (blocks (ed k)) (st k) = false).
    { destruct (existsb (blocks (ed k)) (st k)) eqn:E; auto. apply existsb_exists in E.
      destruct E as [f [Hf Hb]]. apply H1 in Hf. destruct Hf as [s [Hs <-]].
      rewrite Hv in Hb by lia. discriminate. }
    assert (Hl : lv k = true) by (unfold lv; apply orb_true_iff; left; apply Nat.ltb_lt; lia).
    split.
    + intros f. rewrite in_step, Hn, Hl, H1. simpl. split.
      * intros [[-> _] | [_ [s [Hs He]]]]; [exists k; split; [lia|auto] | exists s; split; [lia|auto]].
      * intros [s [Hs He]]. destruct (Nat.eq_dec s k); [subst; left; auto|].
        destruct (Nat.eq_dec f (ed k)); [left; auto | right; split; auto; exists s; split; [lia|auto]].
    + intros s Hs. destruct (Nat.eq_dec s k); [|apply H2; lia]. subst. unfold X. rewrite Hl, Hn. auto.
Qed.

Lemma get_map_seq : forall (g : nat -> val) s, s < N -> get (map g (seq 0 N)) s = g s.
Proof.
  intros. unfold get. rewrite nth_indep with (d' := g 0) by (rewrite map_length, seq_length; auto).
  rewrite map_nth, seq_nth; auto.
Qed.

Lemma inv_init : valid_start -> nv <= N -> inv (get (map init (seq 0 N))).
Proof.
  intros Hv Hnv s Hs. rewrite get_map_seq by auto. unfold init.
  destruct (s <? nv) eqn:E.
  - apply Nat.ltb_lt in E. destruct (virtual_state Hv nv (Nat.le_refl _)) as [_ H].
    repeat split; try discriminate. intros; apply H; auto.
  - destruct (coin s) eqn:C; repeat split; try discriminate.
    + intros _. unfold lv. rewrite C, orb_true_r. auto.
    + intros _. unfold X, lv. rewrite E, C. auto.
Qed.

Lemma inv_round : forall y, inv y -> inv (get (round nxt y)).
Proof.
  intros y Hi t Ht. unfold round. rewrite get_map_seq by auto.
  destruct (Hi t Ht) as [H1 [H0 HU]]. unfold decide.
  destruct (y t) eqn:Yt; auto.
  specialize (HU eq_refl).
  destruct ((t <? cert nxt y (fst (ends (ed t))) t) || (t <? cert nxt y (snd (ends (ed t))) t)) eqn:C.
  - (* certainly blocked *)
    repeat split; try discriminate. intros _. unfold X.
    enough (existsb (blocks (ed t)) (st t) = true) as -> by (rewrite andb_false_r; auto).
    apply covered_iff_interval; auto.
    apply orb_true_iff in C. rewrite !Nat.ltb_lt, !cert_gt in C.
    destruct C as [[s [Hs [Hw [Ys Hn]]]] | [s [Hs [Hw [Ys Hn]]]]];
      exists s; (repeat split; auto; [apply blocks_touch; auto | apply (Hi s); [lia | auto]]).
  - destruct ((t <? poss nxt y (fst (ends (ed t))) t) || (t <? poss nxt y (snd (ends (ed t))) t)) eqn:P.
    + repeat split; try discriminate. auto.
    + (* nothing can block *)
      repeat split; try discriminate. intros _. unfold X. rewrite HU. simpl.
      apply negb_true_iff. destruct (existsb (blocks (ed t)) (st t)) eqn:E; auto. exfalso.
      apply covered_iff_interval in E; auto. destruct E as [s [Hs [Hb [Hx Hn]]]].
      assert (Ys : y s <> Zero) by (intros Z; destruct (Hi s) as [_ [Hz _]]; [lia|]; rewrite Hz in Hx; auto; discriminate).
      apply blocks_touch in Hb; auto. apply orb_false_iff in P. destruct P as [P1 P2].
      apply Nat.ltb_ge in P1, P2. destruct Hb as [Hw|Hw].
      * assert (t < poss nxt y (fst (ends (ed t))) t) by (apply poss_gt; exists s; auto). lia.
      * assert (t < poss nxt y (snd (ends (ed t))) t) by (apply poss_gt; exists s; auto). lia.
Qed.

Lemma inv_rounds : valid_start -> nv <= N -> forall k, inv (get (rounds k)).
Proof. intros Hv Hn. induction k; simpl; [apply inv_init | apply inv_round]; auto. Qed.

(* Theorem 1. *)
Theorem soundness_decided_slot_is_sequential : valid_start -> nv <= N -> forall k s, s < N ->
  (get (rounds k) s = One -> X s = true) /\ (get (rounds k) s = Zero -> X s = false).
Proof. intros Hv Hn k s Hs. destruct (inv_rounds Hv Hn k s Hs) as [H1 [H0 _]]. auto. Qed.

(* Theorem 2, one round: the earliest undecided slot is decided, whatever the rest holds. *)
Theorem progress_earliest_undecided_is_decided : forall y t,
  y t = Unk -> (forall s, s < t -> y s <> Unk) -> decide nxt y t <> Unk.
Proof.
  intros y t Yt Hb. unfold decide. rewrite Yt.
  assert (E : forall w, cert nxt y w t = poss nxt y w t).
  { intros w. apply pmax_ext. intros s Hs. specialize (Hb s Hs). destruct (y s); simpl; auto; congruence. }
  rewrite !E. destruct (_ || _) eqn:C; [discriminate|].
  destruct (_ || _); congruence.
Qed.

Lemma decided_stays : forall y t, y t <> Unk -> decide nxt y t = y t.
Proof. intros y t H. unfold decide. destruct (y t); congruence. Qed.

Lemma filter_len_le : forall (p q : nat -> bool) l, (forall x, In x l -> p x = true -> q x = true) ->
  length (filter p l) <= length (filter q l).
Proof.
  induction l; intros H; simpl; auto.
  destruct (p a) eqn:Pa; [rewrite (H a) by (simpl; auto); simpl|destruct (q a); simpl];
    (assert (length (filter p l) <= length (filter q l)) by (apply IHl; intros; apply H; simpl; auto); lia).
Qed.

Lemma filter_len_lt : forall (p q : nat -> bool) l, (forall x, In x l -> p x = true -> q x = true) ->
  forall x, In x l -> p x = false -> q x = true -> length (filter p l) < length (filter q l).
Proof.
  induction l; intros H x Hx Px Qx; [destruct Hx|]. simpl.
  assert (Hl : forall x, In x l -> p x = true -> q x = true) by (intros; apply H; simpl; auto).
  destruct Hx as [<- | Hx].
  - rewrite Px, Qx. simpl. pose proof (filter_len_le p q l Hl). lia.
  - destruct (p a) eqn:Pa; [rewrite (H a) by (simpl; auto); simpl|destruct (q a); simpl];
      (assert (length (filter p l) < length (filter q l)) by (apply (IHl Hl x); auto); lia).
Qed.

Lemma least_undecided : forall (y : nat -> val) n, (exists s, s < n /\ y s = Unk) ->
  exists t, t < n /\ y t = Unk /\ forall s, s < t -> y s <> Unk.
Proof.
  induction n; intros [s [Hs Ys]]; [lia|].
  destruct (existsb (fun s => isUnk (y s)) (seq 0 n)) eqn:E.
  - apply existsb_exists in E. destruct E as [u [Hu Yu]]. apply in_seq in Hu.
    destruct IHn as [t H]; [exists u; split; [lia | destruct (y u); auto; discriminate]|].
    exists t. intuition lia.
  - assert (Hno : forall u, u < n -> y u <> Unk).
    { intros u Hu Yu. assert (existsb (fun s => isUnk (y s)) (seq 0 n) = true); [|congruence].
      apply existsb_exists. exists u. rewrite in_seq, Yu. split; [lia | auto]. }
    exists s. assert (s = n) as -> by (destruct (Nat.eq_dec s n); auto; exfalso; apply (Hno s); [lia | auto]).
    split; [lia | split; auto].
Qed.

Lemma round_undecided : forall y, undecided (get (round nxt y)) <= undecided y /\
  (undecided y <> 0 -> undecided (get (round nxt y)) < undecided y).
Proof.
  intros y. unfold undecided.
  assert (Hp : forall x, In x (seq 0 N) -> isUnk (get (round nxt y) x) = true -> isUnk (y x) = true).
  { intros x Hx. apply in_seq in Hx. unfold round. rewrite get_map_seq by lia.
    destruct (y x) eqn:Yx; auto; rewrite decided_stays by congruence; rewrite Yx; auto. }
  split; [apply filter_len_le; auto|]. intros Hne.
  destruct (filter (fun s => isUnk (y s)) (seq 0 N)) as [|u l] eqn:F; [simpl in Hne; lia|].
  assert (Hu : In u (filter (fun s => isUnk (y s)) (seq 0 N))) by (rewrite F; simpl; auto).
  apply filter_In in Hu. destruct Hu as [Hu Yu]. apply in_seq in Hu. rewrite <- F.
  destruct (least_undecided y N) as [t [Ht [Yt Hb]]];
    [exists u; split; [lia | destruct (y u); auto; discriminate]|].
  apply filter_len_lt with (x := t); auto; [apply in_seq; lia | | rewrite Yt; auto].
  unfold round. rewrite get_map_seq by auto.
  pose proof (progress_earliest_undecided_is_decided y t Yt Hb). destruct (decide nxt y t); auto; congruence.
Qed.

Lemma undecided_init : undecided (get (rounds 0)) = live_slots.
Proof.
  unfold undecided, live_slots. simpl. f_equal. apply filter_ext_in. intros s Hs. apply in_seq in Hs.
  rewrite get_map_seq by lia. unfold init. destruct (s <? nv) eqn:E, (nv <=? s) eqn:F;
    try (apply Nat.ltb_lt in E; apply Nat.leb_le in F; lia);
    try (apply Nat.ltb_ge in E; apply Nat.leb_gt in F; lia); destruct (coin s); auto.
Qed.

Lemma undecided_rounds : forall k, undecided (get (rounds k)) = 0 \/ undecided (get (rounds k)) + k <= live_slots.
Proof.
  induction k; [right; rewrite undecided_init; lia|]. simpl.
  destruct (round_undecided (get (rounds k))) as [H1 H2].
  destruct (Nat.eq_dec (undecided (get (round nxt (get (rounds k))))) 0); [left; auto|right].
  destruct IHk as [IH|IH]; [lia|]. assert (undecided (get (rounds k)) <> 0) by lia. specialize (H2 H). lia.
Qed.

(* Theorem 2, whole block: after as many rounds as there are live tape slots, none is undecided. *)
Theorem progress_all_decided_within_live_slots : forall k, live_slots <= k ->
  forall s, s < N -> get (rounds k) s <> Unk.
Proof.
  intros k Hk s Hs Ys. destruct (undecided_rounds k) as [H|H].
  - unfold undecided in H. apply length_zero_iff_nil in H.
    assert (In s (filter (fun s => isUnk (get (rounds k) s)) (seq 0 N))) by (apply filter_In; rewrite in_seq, Ys; split; [lia|auto]).
    rewrite H in H0. destruct H0.
  - assert (undecided (get (rounds k)) <> 0); [|lia]. unfold undecided. intros H0.
    apply length_zero_iff_nil in H0.
    assert (In s (filter (fun s => isUnk (get (rounds k) s)) (seq 0 N))) by (apply filter_In; rewrite in_seq, Ys; split; [lia|auto]).
    rewrite H0 in H1. destruct H1.
Qed.

Lemma st_chain : valid_start -> forall n, same (st (nv + n)) (chain n).
Proof.
  intros Hv. induction n.
  - rewrite Nat.add_0_r. simpl. intros f. unfold start. rewrite in_map_iff.
    destruct (virtual_state Hv nv (Nat.le_refl _)) as [H _]. rewrite H.
    split; intros [s [H1 H2]]; exists s; rewrite in_seq in *; split; auto; lia.
  - rewrite Nat.add_succ_r. simpl.
    replace (lv (nv + n)) with (coin (nv + n)) by
      (unfold lv; replace (nv + n <? nv) with false by (symmetry; apply Nat.ltb_ge; lia); auto).
    apply step_same. auto.
Qed.

(* Theorem 3: the matching assembled from the last slot of each edge is the chain's matching
   after the block, for every graph (ends), tape (ed, coin) and valid start matching. *)
Theorem final_state_equals_sequential_chain : valid_start -> nv <= N ->
  forall f, In f (final (get (rounds live_slots))) <-> In f (chain (N - nv)).
Proof.
  intros Hv Hn f. rewrite <- (st_chain Hv (N - nv) f). replace (nv + (N - nv)) with N by lia.
  rewrite st_occupants. unfold final. rewrite in_map_iff. split.
  - intros [s [<- HF]]. apply filter_In in HF. destruct HF as [Hs HB]. apply in_seq in Hs.
    apply andb_true_iff in HB. destruct HB as [Hx Y]. apply Nat.eqb_eq in Hx.
    destruct (soundness_decided_slot_is_sequential Hv Hn live_slots s) as [H1 _]; [lia|].
    exists s. split; [lia|]. split; auto. split; [apply H1; destruct (get _ s); auto; discriminate|].
    apply interval_reaches; lia.
  - intros [s [Hs [<- [Hx Hj]]]]. exists s. split; auto. apply filter_In. split; [apply in_seq; lia|].
    apply andb_true_iff. split.
    + apply Nat.eqb_eq. apply interval_reaches in Hj; [|lia|lia]. destruct (nxt_spec s) as [[_ H] _]; [lia|]. lia.
    + pose proof (progress_all_decided_within_live_slots live_slots (Nat.le_refl _) s Hs).
      destruct (soundness_decided_slot_is_sequential Hv Hn live_slots s) as [_ H0]; [lia|].
      destruct (get (rounds live_slots) s) eqn:G; simpl; auto; exfalso;
        first [ congruence | (rewrite H0 in Hx by auto; discriminate) ].
Qed.

End Block.
