(* dimerlab: Algorithm A's rounds, extracted from the proof (verification/proofs/AlgorithmA.v via
   ExtractA.v), as an executable oracle that prints every slot's value after every round.

   Reads a block on stdin:
     m                              (edges)
     u_0 v_0 ... u_{m-1} v_{m-1}
     N nv                           (slots; the first nv are the start matching's virtual slots)
     e_0 c_0 ... e_{N-1} c_{N-1}    (each slot's edge and coin: 1 when it says "occupied")
   and prints
     round k y_0 ... y_{N-1}        (k = 0, 1, ...: 0, 1, or 2 for unknown, as kJacobiZero/One/Unknown)
   until no slot is unknown, then
     final f_1 ... f_j              (the edges of the block's final matching, ascending)
   Every value is computed by extracted code (init, nxt, decide, final); this file only parses
   the block and keeps each round's values in an array, since the proof's states are functions,
   exponential to evaluate unmemoised. Exit 1 when the rounds exceed the live tape slots (the
   progress theorem would be false), 2 on malformed input. *)

open Algorithm_a

let fail_input msg = prerr_endline ("algorithm_a_oracle: " ^ msg); exit 2

let read_int () =
  try Scanf.scanf " %d" (fun x -> x) with _ -> fail_input "expected an integer"

let code = function Zero -> 0 | One -> 1 | Unk -> 2

let () =
  let m = read_int () in
  if m < 0 then fail_input "negative edge count";
  let eu = Array.make m 0 and ev = Array.make m 0 in
  for f = 0 to m - 1 do
    eu.(f) <- read_int ();
    ev.(f) <- read_int ();
    if eu.(f) < 0 || ev.(f) < 0 || eu.(f) = ev.(f) then fail_input "an edge needs two distinct endpoints"
  done;
  let n = read_int () in
  let nv = read_int () in
  if n < 0 || nv < 0 || nv > n then fail_input "bad slot counts";
  let ed_a = Array.make n 0 and coin_a = Array.make n false in
  for s = 0 to n - 1 do
    ed_a.(s) <- read_int ();
    coin_a.(s) <- read_int () <> 0;
    if ed_a.(s) < 0 || ed_a.(s) >= m then fail_input "slot edge out of range"
  done;
  let ends f = if f < m then (eu.(f), ev.(f)) else (0, 0) in
  let ed s = if s < n then ed_a.(s) else 0 in
  let coin s = s < n && coin_a.(s) in
  let nx_a = Array.init n (fun s -> nxt n ed s) in
  let nx s = if s < n then nx_a.(s) else n in
  let live = ref 0 in
  for s = nv to n - 1 do if coin_a.(s) then incr live done;
  let y = ref (Array.init n (fun s -> init nv coin s)) in
  let show k a =
    Printf.printf "round %d" k;
    Array.iter (fun v -> Printf.printf " %d" (code v)) a;
    print_newline ()
  in
  let k = ref 0 in
  show 0 !y;
  while Array.exists (fun v -> v = Unk) !y do
    let prev = !y in
    y := Array.init n (fun t -> decide ends ed nx (fun s -> if s < n then prev.(s) else Unk) t);
    incr k;
    show !k !y;
    if !k > !live then begin
      Printf.printf "rounds %d exceed the %d live slots\n" !k !live;
      exit 1
    end
  done;
  let last = !y in
  let edges = final n ed (fun s -> if s < n then last.(s) else Unk) in
  print_string "final";
  List.iter (fun f -> Printf.printf " %d" f) (List.sort compare edges);
  print_newline ()
