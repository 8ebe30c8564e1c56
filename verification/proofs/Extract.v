(* dimerlab: extraction of the Jacobi model (Jacobi.v) to OCaml, for the executable oracle of
   claim GJ-ORACLE (verification/oracle/oracle_main.ml).  nat becomes OCaml int
   (ExtrOcamlNatInt): the tapes the oracle reads are far below max_int, and no arithmetic beyond
   comparisons and successor is used by the extracted functions. *)
From DL Require Import Jacobi.
From Coq Require Import Extraction ExtrOcamlBasic ExtrOcamlNatInt.
Extraction Language OCaml.
Extraction "jacobi_model.ml" F mate_before out_seq_at apply decide.
