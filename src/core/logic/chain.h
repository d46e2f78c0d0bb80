/*
 * chain.h - the implication engine every chain finder shares (chain.c,
 * chain_init.c, chain_out.c; static nets swept 64 at a time:
 * chain_depth.c).
 *
 * A *potential* is a candidate with a truth state: "r1c1 is 5" (on) or
 * "r1c1 is not 5" (off), numbered pot = (cell * n + value - 1) * 2 + on.
 * ch_run() assumes one potential and follows what it implies, breadth
 * first, over the links that the flags allow:
 *   on  -> off  the value leaves the peers (always), the other values leave
 *               the cell (CH_Y);
 *   off -> on   the cell has one value left (CH_Y), a unit has one place
 *               left for the value (CH_X).
 * Static mode counts what is left on the position itself (bivalue cells,
 * conjugate pairs: the links of X-, XY-chains and AICs); dynamic mode
 * (CH_DYN) removes every "off" from a working copy as it goes, so singles
 * that appear half way are used too (Nishio, dynamic forcing chains).
 * With CH_LOCK a dynamic net also applies locked candidates to its
 * working copy whenever it stops growing (SE's "dynamic forcing chains
 * (+)"). Every node reached is implied by the assumption, so two nodes for the
 * same candidate, one on and one off, prove the assumption false.
 *
 * Each node keeps its parent (the node that implied it); a dynamic single
 * also rests on the "hidden" parents that emptied its cell or unit, which
 * ch_ancestors() finds again. The ancestor count is Sudoku Explainer's
 * "complexity" of a chain, from which ch_length_rating() derives the length
 * increment of a rating.
 *
 * What this does NOT do: search for patterns, choose a step, allocate. It
 * is bounded by CH_MAX_NODES nodes a run (a larger net is cut, which only
 * loses conclusions: what was reached is still implied). A struct ch_net is
 * about 71 KiB: keep one per finder call on the stack.
 */
#ifndef SUDOKU_LOGIC_CHAIN_H
#define SUDOKU_LOGIC_CHAIN_H

#include "logic.h"

#define CH_MAX_NODES 3072 /* nodes a run; 9x9 has at most 1458 */
#define CH_HASH 8192      /* potential -> node map (16x16 maps directly) */
#define CH_NONE 0xFFFFu
#define CH_PEERS 4096    /* peer list entries (9x9: 81 x 20, 12x12: 144 x 28) */
#define CH_MASK_CELLS 81 /* cells of a mask net (9x9); a mask holds 128 */
#define CH_MASK_N 9      /* the grids that use masks: 9x9 */

/* A set of cells, bit c of w[c / 64]. */
struct ch_mask {
  uint64_t w[2];
};

static inline void ch_mask_set(struct ch_mask *m, int c) {
  m->w[c >> 6] |= 1ull << (c & 63);
}

enum ch_flags {
  CH_X = 1u,         /* off -> on by a unit's last place */
  CH_Y = 2u,         /* on -> off in the cell; off -> on by its last value */
  CH_DYN = 4u,       /* remove what goes off as the net grows */
  CH_STOP_SRC = 8u,  /* stop when the assumption's negation is reached */
  CH_STOP_ANY = 16u, /* stop at the first contradiction */
  CH_LOCK = 32u      /* dynamic: locked candidates when the net stalls */
};

/* How a node was implied. */
enum ch_cause {
  CH_SRC,  /* the assumption */
  CH_LINK, /* by its parent alone */
  CH_CELL, /* on: last value of its cell (dynamic: hidden parents too) */
  CH_UNIT, /* on: last place in unit `unit` (dynamic: hidden parents) */
  CH_NEST  /* off: a forcing chain inside the net (nested.h), entry `unit` */
};

struct ch_node {
  uint16_t pot;
  uint16_t parent; /* node index, CH_NONE for the assumption */
  uint8_t cause;   /* enum ch_cause */
  uint8_t unit;    /* CH_UNIT: the unit; CH_CELL: 255 */
};

#define CH_NEST_MAX 255    /* nested conclusions a run (node.unit holds one) */
#define CH_NEST_PARENTS 24 /* outer nodes an inner chain rests on */

/* One inner chain's conclusions: the outer nodes whose removal it uses,
 * and its own complexity (SE adds it to the outer chain's). */
struct ch_nest_entry {
  uint32_t key; /* the inner chain (its source and length): the same
                   chain found in two branches counts once (ch_keys) */
  uint16_t cplx;
  uint8_t nparents;
  uint16_t parent[CH_NEST_PARENTS];
};

/* Chains nested in a net's runs (nested.c), as the net sees them: the
 * pass that adds nested conclusions when a dynamic run stalls (false when
 * it adds none), and the conclusions added this run, which ch_ancestors
 * counts. nested.c sets it up (ch_nest_attach); the net only calls it. */
struct ch_net;
struct ch_nesting {
  bool (*pass)(struct ch_net *net);
  /* CH_STOP_ANY: after its first contradiction the net still grows
   * `settle` rounds (a round: the nodes queued when it began), so that
   * the contradictions they add are weighed too (ch_conflict), not only
   * the first; skfr weighs those of two more steps the same way. 0:
   * the net stops at its first (SE's way; nested.c sets it by level). */
  int settle;
  int nentries;
  struct ch_nest_entry entry[CH_NEST_MAX];
};

struct ch_net {
  const struct logic_state *s;
  struct ch_nesting *nest; /* nested chains (nested.h), or NULL */
  unsigned flags;
  int n, ncells;
  bool direct; /* potentials index the map directly (2 * n^3 <= CH_HASH) */
  /* Places left for each value in each unit (static: of the position). */
  uint8_t cnt0[LOGIC_MAX_UNITS][SUDOKU_MAX_N];
  /* Dynamic working copy of the candidates and of cnt0. */
  uint32_t cur[SUDOKU_MAX_CELLS];
  uint8_t cnt[LOGIC_MAX_UNITS][SUDOKU_MAX_N];
  /* CH_LOCK: the values that lost a place in each unit since the last
   * locked-candidates pass (a pair that lost none adds nothing again). */
  uint32_t dirty[LOGIC_MAX_UNITS];
  uint16_t map[CH_HASH]; /* node index + 1, 0 = free */
  /* Every cell's peers once each, in the order of a walk over its units
   * (peer[pstart[c]..pstart[c + 1]) when npeer > 0; grids whose lists do
   * not fit walk the units). */
  int npeer;
  uint16_t pstart[SUDOKU_MAX_CELLS + 1];
  uint16_t peer[CH_PEERS];
  /* Cell masks (9x9 grids whose unit lists are in cell order, three units
   * a cell; their map is direct, and they need no peer list): a node's
   * peers holding its value are then a few word operations, visited in the
   * same order as the peer walk (unit by unit, each in cell order, a cell
   * at its first unit). umask: each unit's cells; vcand: where each value
   * is a candidate of the position; vcur: the same in the dynamic working
   * copy; koff: the cells whose "off" node for each value exists. */
  bool masks;
  struct ch_mask umask[LOGIC_MAX_UNITS];
  /* each cell's peers in its k-th unit that no earlier unit holds */
  struct ch_mask seg[CH_MASK_CELLS][3];
  struct ch_mask vcand[CH_MASK_N], vcur[CH_MASK_N], koff[CH_MASK_N];
  /* Static mask nets: what each "off" candidate (cell * 9 + value - 1)
   * implies never changes, so it is listed once, in grow order: the
   * cell's other value (CH_Y, bivalue), then each unit's other place
   * (CH_X, conjugate), with the unit. */
  uint8_t noff[CH_MASK_CELLS * CH_MASK_N];
  uint16_t off_to[CH_MASK_CELLS * CH_MASK_N][1 + 3];
  uint8_t off_unit[CH_MASK_CELLS * CH_MASK_N][1 + 3];
  struct ch_node node[CH_MAX_NODES];
  int nnodes;
  int hit;            /* CH_STOP_SRC: node of the negation, else -1 */
  int conf_a, conf_b; /* first contradiction: the two nodes, else -1 */
  /* nest->settle: the contradictions found up to the stop (the first
   * is conf_a, conf_b), and the node count at which the net stops */
#define CH_CONF_MAX 16
  int nconf, stop_at, rounds;
  uint16_t conf[CH_CONF_MAX][2];
  bool truncated; /* the node cap cut the net */
  bool stop;      /* a stop flag fired */
  /* Static nets: grow only nodes of depth <= max_depth (the assumption is
   * depth 0; -1, as ch_init sets it, = no bound). A node's complexity in
   * a static net is its depth + 1, so a finder that needs a complexity
   * below some bound sets it and loses nothing it could use. */
  int max_depth;
  uint16_t stack[CH_MAX_NODES];         /* ch_ancestors' scratch */
  uint8_t seen[(CH_MAX_NODES + 7) / 8]; /* ch_ancestors' scratch */
};

static inline int ch_pot(int n, int cell, int value, bool on) {
  return (cell * n + value - 1) * 2 + (on ? 1 : 0);
}
static inline int ch_cell(int n, int pot) { return pot / 2 / n; }
static inline int ch_value(int n, int pot) { return pot / 2 % n + 1; }
static inline bool ch_on(int pot) { return pot & 1; }

/* Prepares net for runs over s with flags (enum ch_flags): the places of
 * each value in each unit, and the peer lists or masks (chain_init.c). */
void ch_init(struct ch_net *net, const struct logic_state *s, unsigned flags);
/* ch_init again, with the same position, flags and geometry, after the
 * position's candidates changed: what depends on the candidates only
 * (the places, the masks and static links); cheaper than ch_init by the
 * geometry's masks and the map's clearing. */
void ch_reinit(struct ch_net *net);
/* Each cell's peers as a mask (grids of at most 128 cells, a mask's bits): the
 * union of its units' cells but itself (aligned pair and triplet
 * exclusion). */
void ch_peer_masks(const struct logic_geom *g, struct ch_mask *peers);

/* Clears the net and assumes potential pot, then grows the net until
 * nothing new follows (or a stop flag fires, or the cap). Returns true when
 * a contradiction was found (conf_a, conf_b set). */
bool ch_run(struct ch_net *net, int pot);

/* Scratch of ch_static_depths (43 KiB): a 64-bit word a potential of a
 * 9x9 grid for the visited set, the frontier and the next level, and
 * lists of potentials. */
#define CH_POTS9 (2 * CH_MASK_CELLS * CH_MASK_N)
struct ch_bfs {
  uint64_t vis[CH_POTS9], fr[CH_POTS9], nx[CH_POTS9];
  uint16_t act[CH_POTS9], nxt[CH_POTS9], seen[CH_POTS9];
  int nseen;
};
#define CH_POT_WORDS9 ((CH_POTS9 + 31) / 32)

/* Static mask nets (net->masks, flags without CH_DYN): for each of the
 * nsrc <= 64 potentials src[i], the depth of the first node of its
 * negation in the net ch_run grows from it, bounded by net->max_depth as
 * there, or -1 (none); the node's complexity is dist[i] + 1. The same as
 * nsrc runs, at a fraction of the cost (chain_depth.c). b must be zeroed
 * before its first call; each call leaves it ready for the next. */
void ch_static_depths(const struct ch_net *net, struct ch_bfs *b,
                      const int *src, int nsrc, int16_t *dist);

/* Static mask nets as above: the potentials of the net ch_run grows from
 * each src[i] (nsrc <= 64, no stop flags), into bits[i] (bit p of word
 * p / 32). */
void ch_static_nets(const struct ch_net *net, struct ch_bfs *b, const int *src,
                    int nsrc, uint32_t (*bits)[CH_POT_WORDS9]);

/* Static mask nets as above: the potentials that the nets grown from any
 * of src[0..nsrc) reach (one sweep, nsrc unbounded), into bits (bit p of
 * word p / 32). */
void ch_static_reach(const struct ch_net *net, struct ch_bfs *b, const int *src,
                     int nsrc, uint32_t *bits);

/* The closure of a static mask net (chain_closure.c): its potentials
 * (those of the position's candidates, at most CH_CL_MAXV) numbered in
 * potential order, and for each the set of those its net reaches, by
 * component; about 60 KiB. */
#define CH_CL_MAXV 512
#define CH_CL_WORDS (CH_CL_MAXV / 64)
struct ch_closure {
  int nv, nw; /* nodes; 64-bit words a set */
  bool sinks; /* the sinks ("off" potentials without links) are nodes */
  uint16_t idx[CH_POTS9];   /* potential -> node (CH_NONE: none) */
  uint16_t pot[CH_CL_MAXV]; /* node -> potential, increasing */
  uint16_t scc[CH_CL_MAXV]; /* node -> its component */
  uint64_t reach[CH_CL_MAXV][CH_CL_WORDS]; /* component -> nodes reached */
  /* scratch: the links as lists (an "on" node has 28 at most, an "off"
   * one 4), those to sinks apart (sadj: "off" nodes without links), and
   * Tarjan's stack */
  uint16_t start[CH_CL_MAXV + 1], sstart[CH_CL_MAXV + 1];
  uint16_t adj[CH_CL_MAXV / 2 * (28 + 4)], sadj[CH_CL_MAXV / 2 * 28];
  uint16_t stk[CH_CL_MAXV];
  /* the cells whose "off" potential of each value has links; the values
   * whose "off" potential has links, by cell */
  struct ch_mask linked[CH_MASK_N];
  uint16_t lcell[CH_MASK_CELLS];
};

/* The closure of net (static, masks, no stop flags) into cl; false when
 * the position has more than CH_CL_MAXV potentials. Without sinks, the
 * "off" potentials that link nowhere (most of them) are no nodes, which
 * makes it several times cheaper: ch_cl_reaches_pot still tells whether
 * a set holds one. */
bool ch_static_closure(const struct ch_net *net, struct ch_closure *cl,
                       bool sinks);

/* True when set (a node's, ch_cl_set) holds potential pot, a candidate
 * of net's position, sink or not. */
bool ch_cl_reaches_pot(const struct ch_net *net, const struct ch_closure *cl,
                       const uint64_t *set, int pot);

/* The set of nodes node i's net reaches. */
static inline const uint64_t *ch_cl_set(const struct ch_closure *cl, int i) {
  return cl->reach[cl->scc[i]];
}

/* True when the net grown from potential a reaches potential b (both
 * nodes of cl). */
static inline bool ch_cl_reaches(const struct ch_closure *cl, int a, int b) {
  int j = cl->idx[b];
  return (ch_cl_set(cl, cl->idx[a])[j >> 6] >> (j & 63)) & 1;
}

/* Adds node pot (an "off" potential of a dynamic net) resting on node
 * parent, as lock passes do; returns it, or -1 when known or at the cap. */
int ch_add_off(struct ch_net *net, int pot, int parent, int cause, int unit);

/* The node of potential pot, or -1. */
int ch_find(const struct ch_net *net, int pot);

/* Distinct nodes node i rests on, itself included (SE's complexity). */
int ch_ancestors(struct ch_net *net, int i);

/* ch_ancestors, showing see each of those nodes (hidden parents too). */
typedef void (*ch_see)(void *ctx, const struct ch_net *net, int node);
int ch_ancestors_see(struct ch_net *net, int i, ch_see see, void *ctx);

/* The inner chains a branch set has counted (their keys): SE adds a
 * nested chain's complexity once a step, however many branches use it. */
#define CH_KEYS_MAX 32
struct ch_keys {
  int n;
  uint32_t key[CH_KEYS_MAX];
};

/* ch_ancestors, adding only the nested chains whose keys are not in
 * *seen yet, which it adds there. */
int ch_ancestors_seen(struct ch_net *net, int i, struct ch_keys *seen);

/* ch_ancestors(a) + ch_ancestors(b), a nested chain both rest on counted
 * once (SE's complexity of a contradiction). */
int ch_ancestors_pair(struct ch_net *net, int a, int b);

/* The lightest contradiction of the last run (ch_ancestors_pair over
 * those recorded; the first on a tie) into *a, *b; returns its
 * complexity. The run must have found one. */
int ch_conflict(struct ch_net *net, int *a, int *b);

/* SE's length increment, in tenths, for a chain of complexity cplx:
 * +0.1 each time the length (cplx - 2) passes 4, 6, 8, 12, 16, 24, ... */
int ch_length_rating(int cplx);

/* The largest complexity of a chain of technique base `base` that still
 * beats a best of rating best_r and complexity best_cplx (a lower rating,
 * or the same with a lower complexity); INT_MAX when nothing bounds it,
 * below 2 when no chain can win. */
int ch_max_cplx(int base, int best_r, int best_cplx);

/* Appends the path from the assumption to node i to out->chain (links:
 * on -> off weak, off -> on strong; the last node NONE) and its cells to
 * out->cells and values; a chain over the cap keeps its end. */
void ch_add_path(const struct ch_net *net, int i, struct sudoku_step *out);

/* Clears out and sets its technique and rating. */
void ch_step_begin(struct sudoku_step *out, enum sudoku_technique t,
                   int rating);
/* The step's conclusion: value v goes from cell c, or c gets v. */
void ch_step_eliminate(struct sudoku_step *out, int c, int v);
void ch_step_place(struct sudoku_step *out, int c, int v);

/* The shortest continuous loop over the links of flags (CH_X, CH_Y; both:
 * a loop that mixes them) that eliminates something, as a step of tech
 * rated base + length (cycles.c). */
bool ch_cycle(const struct logic_state *s, struct sudoku_step *out,
              unsigned flags, enum sudoku_technique tech, int base);

/* The technique's lowest rating x10 (SUDOKU_TECHNIQUE_MAP). */
int ch_base(enum sudoku_technique t);

/* True when s's deadline has passed. */
bool ch_late(const struct logic_state *s);

#endif
