/*
 * chain_out.c - what a net of chain.c gives back: the ancestor count of a
 * node (Sudoku Explainer's complexity), the length increment of a rating
 * and the bound it sets, and the rendering of nets into a step.
 * What this does NOT do: grow nets (chain.c) or choose a chain (the
 * finders).
 */
#include <limits.h>
#include <string.h>

#include "../internal.h"
#include "chain.h"

static void visit(struct ch_net *net, int j, int *top) {
  if (j < 0 || (net->seen[j >> 3] >> (j & 7)) & 1)
    return;
  net->seen[j >> 3] |= (uint8_t)(1u << (j & 7));
  net->stack[(*top)++] = (uint16_t)j;
}

/* True when key is in *seen (NULL: none is); adds it when not and there
 * is room. */
static bool seen_key(struct ch_keys *seen, uint32_t key) {
  if (seen == NULL)
    return false;
  for (int k = 0; k < seen->n; k++)
    if (seen->key[k] == key)
      return true;
  if (seen->n < CH_KEYS_MAX)
    seen->key[seen->n++] = key;
  return false;
}

/* ch_ancestors, counting only the nested chains not yet in nested[]
 * (a bit an entry), which it adds there, nor in *seen (may be NULL);
 * shown each node it counts when see is not NULL. */
static int ancestors(struct ch_net *net, int i, uint64_t *nested,
                     struct ch_keys *seen, ch_see see, void *ctx) {
  const struct logic_geom *g = &net->s->geo;
  int n = net->n, top = 0, count = 0;
  memset(net->seen, 0, (size_t)(net->nnodes + 7) / 8);
  visit(net, i, &top);
  while (top > 0) {
    int j = net->stack[--top];
    const struct ch_node *d = &net->node[j];
    count++;
    if (see != NULL)
      see(ctx, net, j);
    if (d->parent != CH_NONE)
      visit(net, d->parent, &top);
    if (d->cause == CH_NEST && net->nest != NULL) {
      /* the outer nodes the inner chain uses, and (once an inner chain)
       * the inner chain's own complexity, as SE counts a nested chain */
      const struct ch_nest_entry *e = &net->nest->entry[d->unit];
      for (int k = 0; k < e->nparents; k++)
        visit(net, e->parent[k], &top);
      if (!((nested[d->unit >> 6] >> (d->unit & 63)) & 1)) {
        nested[d->unit >> 6] |= 1ull << (d->unit & 63);
        if (!seen_key(seen, e->key))
          count += e->cplx;
      }
      continue;
    }
    if (d->cause != CH_CELL && d->cause != CH_UNIT)
      continue;
    /* Hidden parents: what had gone off from the cell (or the unit's
     * places) when the parent was processed, i.e. nodes up to it. */
    int c = ch_cell(n, d->pot), v = ch_value(n, d->pot);
    if (d->cause == CH_CELL) {
      for (uint32_t m = net->s->cand[c] & ~(1u << (v - 1)); m; m &= m - 1) {
        int k = ch_find(net, ch_pot(n, c, __builtin_ctz(m) + 1, false));
        if (k >= 0 && k <= d->parent)
          visit(net, k, &top);
      }
    } else {
      for (int t = 0; t < g->len[d->unit]; t++) {
        int p = g->unit[d->unit][t];
        if (p == c || !((net->s->cand[p] >> (v - 1)) & 1))
          continue;
        int k = ch_find(net, ch_pot(n, p, v, false));
        if (k >= 0 && k <= d->parent)
          visit(net, k, &top);
      }
    }
  }
  return count;
}

int ch_ancestors(struct ch_net *net, int i) {
  uint64_t nested[(CH_NEST_MAX + 64) / 64] = {0};
  return ancestors(net, i, nested, NULL, NULL, NULL);
}

int ch_ancestors_see(struct ch_net *net, int i, ch_see see, void *ctx) {
  uint64_t nested[(CH_NEST_MAX + 64) / 64] = {0};
  return ancestors(net, i, nested, NULL, see, ctx);
}

int ch_ancestors_seen(struct ch_net *net, int i, struct ch_keys *seen) {
  uint64_t nested[(CH_NEST_MAX + 64) / 64] = {0};
  return ancestors(net, i, nested, seen, NULL, NULL);
}

int ch_ancestors_pair(struct ch_net *net, int a, int b) {
  uint64_t nested[(CH_NEST_MAX + 64) / 64] = {0};
  int ca = ancestors(net, a, nested, NULL, NULL, NULL);
  return ca + ancestors(net, b, nested, NULL, NULL, NULL);
}

int ch_conflict(struct ch_net *net, int *a, int *b) {
  int best = ch_ancestors_pair(net, net->conf_a, net->conf_b);
  *a = net->conf_a;
  *b = net->conf_b;
  for (int k = 1; k < net->nconf; k++) {
    int c = ch_ancestors_pair(net, net->conf[k][0], net->conf[k][1]);
    if (c < best) {
      best = c;
      *a = net->conf[k][0];
      *b = net->conf[k][1];
    }
  }
  return best;
}

/* True when a chain of complexity cplx beats the best (rating best_r,
 * complexity best_cplx). */
static bool wins(int base, int cplx, int best_r, int best_cplx) {
  int r = base + ch_length_rating(cplx);
  return r < best_r || (r == best_r && cplx < best_cplx);
}

int ch_max_cplx(int base, int best_r, int best_cplx) {
  if (best_r == INT_MAX || wins(base, CH_MAX_NODES, best_r, best_cplx))
    return INT_MAX;
  int lo = 0, hi = CH_MAX_NODES; /* wins at lo (or lo = 0), not at hi */
  while (hi - lo > 1) {          /* the rating rises with the complexity */
    int mid = (lo + hi) / 2;
    if (wins(base, mid, best_r, best_cplx))
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

int ch_length_rating(int cplx) {
  int len = cplx - 2, ceil = 4, add = 0;
  bool odd = false;
  while (len > ceil) {
    add++;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return add;
}

static void add_cell(struct sudoku_step *out, int c) {
  for (int k = 0; k < out->ncells; k++)
    if (out->cells[k] == c)
      return;
  if (out->ncells < SUDOKU_STEP_MAX_CELLS)
    out->cells[out->ncells++] = (uint16_t)c;
}

void ch_add_path(const struct ch_net *net, int i, struct sudoku_step *out) {
  int order[SUDOKU_STEP_MAX_CHAIN], m = 0, n = net->n;
  /* From i back towards the assumption; a longer chain keeps its end. */
  for (int j = i; m < SUDOKU_STEP_MAX_CHAIN; j = net->node[j].parent) {
    order[m++] = j;
    if (net->node[j].parent == CH_NONE)
      break;
  }
  for (int k = m - 1; k >= 0 && out->nchain < SUDOKU_STEP_MAX_CHAIN; k--) {
    int p = net->node[order[k]].pot;
    struct sudoku_link *l = &out->chain[out->nchain++];
    l->cell = (uint16_t)ch_cell(n, p);
    l->value = (uint8_t)ch_value(n, p);
    l->link = k == 0     ? SUDOKU_LINK_NONE
              : ch_on(p) ? SUDOKU_LINK_WEAK
                         : SUDOKU_LINK_STRONG;
    add_cell(out, l->cell);
    out->values |= 1u << (l->value - 1);
  }
}

void ch_step_begin(struct sudoku_step *out, enum sudoku_technique t,
                   int rating) {
  memset(out, 0, sizeof *out);
  out->technique = t;
  out->rating = (uint8_t)(rating > 255 ? 255 : rating);
}

void ch_step_eliminate(struct sudoku_step *out, int c, int v) {
  if (out->neliminations < SUDOKU_STEP_MAX_ELIMINATIONS)
    out->eliminations[out->neliminations++] =
        (struct sudoku_candidate){(uint16_t)c, (uint8_t)v};
}

void ch_step_place(struct sudoku_step *out, int c, int v) {
  if (out->nplacements < SUDOKU_STEP_MAX_PLACEMENTS)
    out->placements[out->nplacements++] =
        (struct sudoku_candidate){(uint16_t)c, (uint8_t)v};
}

bool ch_late(const struct logic_state *s) {
  return s->deadline_ns != 0 && core_now_ns() >= s->deadline_ns;
}

int ch_base(enum sudoku_technique t) {
#define CH_X_RATING(name, id, rating, title) rating,
  static const uint8_t base[] = {SUDOKU_TECHNIQUE_MAP(CH_X_RATING)};
#undef CH_X_RATING
  return (unsigned)t < SUDOKU_TECH_COUNT ? base[t] : 0;
}
