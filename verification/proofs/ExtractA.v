(* dimerlab: extraction of Algorithm A's proved round (AlgorithmA.v) to OCaml, for the
   round-by-round oracle (verification/oracle/algorithm_a_oracle.ml). *)
From DL Require Import AlgorithmA.
From Coq Require Import Extraction ExtrOcamlBasic ExtrOcamlNatInt.
Extraction Language OCaml.
Extraction "algorithm_a.ml" init decide nxt final.
