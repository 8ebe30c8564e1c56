/* Claim CH-SPIN: one chromatic class launch, small instance, every interleaving.
   Three threads run the heat-bath rule of heat_bath_update on their own edge, with each load
   and each store of mate[] a separate atomic step (as on the GPU, where nothing makes a thread's
   body atomic). Proper class: edges {0,1}, {2,3}, {4,5} share no vertex. After all threads finish,
   mate[] must equal the sequential result (threads in order 0, 1, 2), from a fixed start state
   and for every combination of coins (chosen non-deterministically). */
#define NV 6
#define NOMATE 255
#ifndef EU1
#define EU1 2
#endif
byte mate[NV];
byte expect[NV];
bit coin[3];
byte eu[3];
byte ev[3];
byte done = 0;

inline heat_bath(u, v, c, mu, mv, was_in, now_in) {
  mu = mate[u];
  mv = mate[v];
  was_in = (mu == v);
  now_in = (c && (was_in || (mu == NOMATE && mv == NOMATE)));
  if
  :: now_in != was_in ->
     if
     :: now_in -> mate[u] = v; mate[v] = u
     :: else -> mate[u] = NOMATE; mate[v] = NOMATE
     fi
  :: else -> skip
  fi
}

proctype worker(byte t) {
  byte mu, mv; bit was_in, now_in;
  heat_bath(eu[t], ev[t], coin[t], mu, mv, was_in, now_in);
  d_step { done++ }
}

init {
  byte i, u, v, mu, mv; bit was_in, now_in;
  eu[0] = 0; ev[0] = 1; eu[1] = EU1; ev[1] = 3; eu[2] = 4; ev[2] = 5;
  /* start: edge {0,1} occupied, the rest free */
  for (i : 0 .. NV - 1) { mate[i] = NOMATE };
  mate[0] = 1; mate[1] = 0;
  if :: coin[0] = 0 :: coin[0] = 1 fi;
  if :: coin[1] = 0 :: coin[1] = 1 fi;
  if :: coin[2] = 0 :: coin[2] = 1 fi;
  /* sequential reference, computed on mate[] before the threads start, then restored */
  for (i : 0 .. 2) { u = eu[i]; v = ev[i]; heat_bath(u, v, coin[i], mu, mv, was_in, now_in) };
  for (i : 0 .. NV - 1) { expect[i] = mate[i] };
  for (i : 0 .. NV - 1) { mate[i] = NOMATE };
  mate[0] = 1; mate[1] = 0;
  atomic { run worker(0); run worker(1); run worker(2) };
  done == 3;
  for (i : 0 .. NV - 1) { assert(mate[i] == expect[i]) }
}
