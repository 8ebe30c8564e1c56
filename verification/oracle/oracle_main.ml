(* dimerlab: the executable oracle extracted from the Coq model (verification/proofs/Jacobi.v).

   Reads a tape on stdin:
     n T
     mate0_0 ... mate0_{n-1}        (-1: monomer)
     u_0 v_0 c_0 ... u_{T-1} v_{T-1} c_{T-1}   (c = 1: the coin says "occupied")
   and prints
     rounds R
     jacobi m_0 ... m_{n-1}         (final mates from the fixed point of the Jacobi rounds)
     sequential m_0 ... m_{n-1}     (final mates of the sequential fold)
     outcomes d_0 ... d_{T-1}       (the fixed point's outcome per update: 1 add, -1 remove, 0 none)
   Every decision is made by extracted code (F, mate_before, out_seq_at, apply); this file only
   tabulates each round's outcomes in an array.  The model keeps states as functions, which is
   exponential to evaluate unmemoised (docs/verification.md §4.6, item 6), hence the tables.
   Exit 1 when the two results differ or the rounds exceed T+1 (the theorems would be false),
   2 on malformed input. *)

open Jacobi_model

let fail_input msg = prerr_endline ("oracle: " ^ msg); exit 2

let read_int () =
  try Scanf.scanf " %d" (fun x -> x) with _ -> fail_input "expected an integer"

let () =
  let n = read_int () in
  let t_len = read_int () in
  if n < 0 || t_len < 0 then fail_input "negative size";
  let mate0 = Array.init n (fun _ -> read_int ()) in
  let us = Array.make t_len 0 and vs = Array.make t_len 0 and cs = Array.make t_len false in
  for t = 0 to t_len - 1 do
    us.(t) <- read_int ();
    vs.(t) <- read_int ();
    cs.(t) <- read_int () <> 0;
    if us.(t) < 0 || us.(t) >= n || vs.(t) < 0 || vs.(t) >= n then fail_input "endpoint out of range"
  done;
  Array.iter (fun m -> if m < -1 || m >= n then fail_input "start mate out of range") mate0;
  let eu t = if t < t_len then us.(t) else 0 in
  let ev t = if t < t_len then vs.(t) else 0 in
  let coin t = t < t_len && cs.(t) in
  let m0 w = if w < n && mate0.(w) >= 0 then Some mate0.(w) else None in
  (* Jacobi rounds from the all-Keep guess until a round changes nothing. *)
  let prev = ref (Array.make t_len Keep) in
  let rounds = ref 0 in
  let stop = ref false in
  while not !stop do
    let o = !prev in
    let next = Array.init t_len (fun t -> f eu ev coin m0 (fun s -> o.(s)) t) in
    incr rounds;
    if next = o then stop := true else prev := next;
    if !rounds > t_len + 1 then begin
      Printf.printf "rounds %d exceed T+1 = %d\n" !rounds (t_len + 1);
      exit 1
    end
  done;
  let o = !prev in
  let jac = Array.init n (fun w -> mate_before eu ev m0 (fun s -> o.(s)) w t_len) in
  (* The sequential fold, one tabulated state per step. *)
  let state = ref (Array.init n m0) in
  for t = 0 to t_len - 1 do
    let s = !state in
    let d = out_seq_at eu ev coin (fun w -> s.(w)) t in
    let next = apply (fun w -> s.(w)) (eu t) (ev t) d in
    state := Array.init n next
  done;
  let show name a =
    print_string name;
    Array.iter (fun m -> print_string (match m with None -> " -1" | Some x -> " " ^ string_of_int x)) a;
    print_newline ()
  in
  (* Rounds counted as the C++ solvers do: the last round is the one that changed nothing. *)
  Printf.printf "rounds %d\n" !rounds;
  show "jacobi" jac;
  show "sequential" !state;
  print_string "outcomes";
  Array.iter (fun d -> print_string (match d with Keep -> " 0" | Add -> " 1" | Remove -> " -1")) o;
  print_newline ();
  if jac <> !state then (prerr_endline "oracle: jacobi and sequential differ"; exit 1)
