/* The solver's search loop compiled to a freestanding wasm32 module (issue #43).

   A line-for-line twin of engine.py's propagate / Solver.search / Solver.probe_cells, for
   puzzles of up to 9x9 (kernel.py decides what fits and builds the network): the same
   revisions in the same order, the same blame in the same doubles, so it takes the very nodes
   and guesses the Python engine takes, only about a hundred times faster. Python builds the
   network (every stage: the cages and 45-rule groups, the derived sums added the first time the
   search must guess, with the exact twins of 4- and 5-cell sums: revised always in a killer
   wide everywhere, else once one of their cells is solved) and
   hands it over as one int32 array; the kernel keeps the search and returns after
   step(max_nodes), so the page keeps Cancel and progress.

   No libc: everything it needs is here. Memory is one bump allocator over the linear memory,
   grown as needed; a failure to grow makes init() return an error and Python solve instead.

   Where engine.py's behaviour hangs on CPython itself it is copied exactly: the order in which a
   Python set of small ints gives back its cells (`changed`, which decides the order constraints
   are woken in), and sum() of floats (plain before 3.12, Neumaier-compensated from 3.12 on; the
   probe's scores). The probe's 2.0 ** x is computed in quad precision and rounded once. */

typedef unsigned char u8;
typedef unsigned short u16;
typedef int i32;
typedef unsigned int u32;
typedef long long i64;
typedef unsigned long long u64;
typedef unsigned __int128 cbits;   /* a set of cells (at most 81) */

#define EXPORT(name) __attribute__((export_name(name)))
#define MAXC 81
#define MAXN 9
#define MAXU 64

enum { SET = 0, TUPLES = 1, BOUNDS = 2, FULL = 3, LINEAR = 4, SAME = 5, EXACT = 6 };
enum { EMPTY = 0, MISSING = 1, CAGE = 2, CROWDED = 3 };
#define BLAME_DECAY 1024
#define DERIVE_AFTER 16
#define WIDE 6

/* ---- memory ---------------------------------------------------------------------------- */

extern u8 __heap_base;
static u8 *heap_top = 0;
static int out_of_memory = 0;

static void *alloc(u32 bytes) {
    if (!heap_top) heap_top = &__heap_base;
    u32 start = ((u32)heap_top + 15u) & ~15u;
    u32 end = start + bytes;
    u32 have = (u32)__builtin_wasm_memory_size(0) * 65536u;
    if (end > have) {
        u32 pages = (end - have + 65535u) / 65536u;
        if (__builtin_wasm_memory_grow(0, pages) == (unsigned long)-1) {
            out_of_memory = 1;
            return 0;
        }
    }
    heap_top = (u8 *)end;
    u8 *p = (u8 *)start;
    for (u32 i = 0; i < bytes; i++) p[i] = 0;
    return p;
}

static void copy_words(u64 *to, const u64 *from, int n) { for (int i = 0; i < n; i++) to[i] = from[i]; }
static void copy_masks(u32 *to, const u32 *from, int n) { for (int i = 0; i < n; i++) to[i] = from[i]; }

static int popcount(u64 x) { return __builtin_popcountll(x); }
static int ctz(u64 x) { return __builtin_ctzll(x); }
static int bit_length(u32 x) { return x ? 32 - __builtin_clz(x) : 0; }
static int single(u32 m) { return !(m & (m - 1)); }
static int cells_empty(cbits b) { return b == 0; }
static int lowest_cell(cbits b) {
    u64 lo = (u64)b;
    return lo ? ctz(lo) : 64 + ctz((u64)(b >> 64));
}

/* ---- the network, as read from Python --------------------------------------------------- */

static i32 *in_words;      /* the int32 array Python wrote */
static int in_pos;
static int rd(void) { return in_words[in_pos++]; }

static int N, COUNT, NU, NCON, NBASE, NDERIVED, ACTIVE, LW;
static u32 ALL;
static int killer, pointing, has_cages, neumaier;
/* network.Network.onlookers: 0 in a pencil network (the forcing searches' easy steps) */
static int onlookers;
static u32 initial_cand[MAXC];

static int unit_len[MAXU];
static u8 unit_cells[MAXU][MAXN * 4];
static cbits unit_bits[MAXU];
static u64 unit_sets_of[MAXC];
static int peer_len[MAXC];
static u8 peers[MAXC][MAXC];
static cbits peer_bits[MAXC];
static int *cons_of[MAXC];   /* each cell's constraints, ascending */
static int cons_of_len[MAXC];

typedef struct {
    int kind, ncells, total, live_off;
    u8 *cells;
    cbits bits;
    int group;                 /* SET: its digit sets */
    int nrests; u8 **rests; int *rest_len;   /* SET: the rest of each house holding it */
    int nfill, fwords;         /* TUPLES: its packed fillings */
    u64 *fill;
    int shifted, ngroups;      /* LINEAR */
    int *gsign, *glen; u8 **gcells;
    int nevery; int *ecell, *esign, *egroup;
    int split;                 /* SAME */
} Con;
static Con *con;

typedef struct {           /* a SET constraint's digit sets with per-mask answers */
    int nsets;
    u32 sets[64];
    u64 every;
    u64 meet[1 << MAXN], within[1 << MAXN], hold[1 << MAXN];
} Group;
static Group *groups;

/* LINEAR's tables: per mask, the sums of its k smallest / largest digits, and the mask mirrored */
static short ascending[1 << MAXN][MAXN + 1], descending[1 << MAXN][MAXN + 1];
static u32 mirror[1 << MAXN];
/* intersection removal's place counts (network.PlaceCounts) */
static u64 spread[1 << MAXN];
static u64 lane_ones;
static int lane_top;
static u64 excess[MAXU];
static double LOG2[MAXN + 2];

/* ---- live states: one block of u64 words per search state ---------------------------------
   SET:    [0] live sets  [1] seen valid  [2] settled  [3] allowed  [4] required  [5..] seen masks
   TUPLES: [0] union  [1..] live fillings as bits
   LINEAR: [0] exact mode  [1] target  [2] open count  [3..5] open entries (into every cell)
   EXACT:  [0] valid  [1..] fitting fillings as bits */
static u64 *initial_live;

/* ---- CPython's set of small ints, for `changed` (its iteration order wakes constraints) ---- */

#define SET_SLOTS 512
static int ch_table[SET_SLOTS];
static u32 ch_mask;
static u32 ch_fill;

static void changed_clear(void) {
    ch_mask = 7;
    ch_fill = 0;
    for (int i = 0; i < 8; i++) ch_table[i] = -1;
}

static void changed_insert_clean(int *table, u32 mask, int key) {
    u32 i = (u32)key & mask;
    u32 perturb = (u32)key;
    for (;;) {
        if (table[i] < 0) { table[i] = key; return; }
        if (i + 9 <= mask) {
            for (u32 j = 1; j <= 9; j++)
                if (table[i + j] < 0) { table[i + j] = key; return; }
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static void changed_resize(u32 minused) {
    static int old[SET_SLOTS];
    u32 size = 8;
    while (size <= minused) size <<= 1;
    u32 old_mask = ch_mask;
    for (u32 i = 0; i <= old_mask; i++) old[i] = ch_table[i];
    for (u32 i = 0; i < size; i++) ch_table[i] = -1;
    ch_mask = size - 1;
    for (u32 i = 0; i <= old_mask; i++)
        if (old[i] >= 0) changed_insert_clean(ch_table, ch_mask, old[i]);
}

static void changed_add(int key) {
    u32 mask = ch_mask;
    u32 i = (u32)key & mask;
    u32 perturb = (u32)key;
    for (;;) {
        u32 probes = (i + 9 <= mask) ? 9 : 0;
        u32 j = i;
        for (;;) {
            int e = ch_table[j];
            if (e < 0) {
                ch_table[j] = key;
                ch_fill++;
                if (ch_fill * 5 < mask * 3) return;
                changed_resize(ch_fill * 4);
                return;
            }
            if (e == key) return;
            j++;
            if (!probes) break;
            probes--;
        }
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* ---- search state ------------------------------------------------------------------------ */

static int singles[MAXC * 4 + 8];
static int nsingles;
static int prob_code, prob_a;
static u32 prob_b;

static int fail(int code, int a, u32 b) { prob_code = code; prob_a = a; prob_b = b; return 1; }

static int *queue;
static u8 *queued;
static int *exact_list;

static int narrow(u32 *cand, int cell, u32 keep) {   /* 0: nothing left */
    u32 mask = cand[cell], nw = mask & keep;
    if (nw != mask) {
        if (!nw) return 0;
        cand[cell] = nw;
        changed_add(cell);
        if (single(nw)) singles[nsingles++] = cell;
    }
    return 1;
}

static int narrow_cells(const u8 *cells, int n, u32 keep, u32 *cand) {
    for (int i = 0; i < n; i++) {
        int cell = cells[i];
        u32 mask = cand[cell], nw = mask & keep;
        if (nw != mask) {
            if (!nw) return fail(EMPTY, cell, 0);
            cand[cell] = nw;
            changed_add(cell);
            if (single(nw)) singles[nsingles++] = cell;
        }
    }
    return 0;
}

static int remove_digit(u32 bit, cbits cells, u32 *cand) {
    while (!cells_empty(cells)) {
        int cell = lowest_cell(cells);
        cells &= cells - 1;
        u32 mask = cand[cell];
        if (mask & bit) {
            mask ^= bit;
            if (!mask) return fail(EMPTY, cell, 0);
            cand[cell] = mask;
            changed_add(cell);
            if (single(mask)) singles[nsingles++] = cell;
        }
    }
    return 0;
}

static int revise_set(int index, u32 *cand, u64 *live) {
    Con *c = &con[index];
    Group *g = &groups[c->group];
    u64 *L = live + c->live_off;
    u64 alive = L[0], keep = alive;
    int seen = (int)L[1];
    u32 settled = (u32)L[2], allowed = (u32)L[3], required = (u32)L[4];
    u64 *old = L + 5;
    u32 masks[MAXN * 4];
    u32 uni = 0, solved = 0, lost = 0;
    int n = c->ncells;
    if (!seen) {
        lost = 0xFFFFFFFFu;
        for (int i = 0; i < n; i++) {
            u32 mask = cand[c->cells[i]];
            masks[i] = mask;
            uni |= mask;
            if (single(mask)) solved |= mask;
            keep &= g->meet[mask];
        }
    } else {
        for (int i = 0; i < n; i++) {
            u32 mask = cand[c->cells[i]];
            masks[i] = mask;
            uni |= mask;
            if (single(mask)) solved |= mask;
            if (mask != (u32)old[i]) {
                lost |= (u32)old[i] & ~mask;
                keep &= g->meet[mask];
            }
        }
        if (!lost) return 0;
    }
    u32 must = solved;
    if (pointing && onlookers) {
        for (int r = 0; r < c->nrests; r++) {
            u32 elsewhere = 0;
            for (int i = 0; i < c->rest_len[r]; i++) elsewhere |= cand[c->rests[r][i]];
            must |= ALL & ~elsewhere;
        }
    }
    if (allowed & ~uni) keep &= g->within[uni];
    if (must & ~required) keep &= g->hold[must];
    if (!keep) return fail(CAGE, index, 0);
    int masks_valid = 1;
    if (keep != alive || !seen) {
        u32 un = 0, common = 0xFFFFFFFFu;
        for (u64 rest = keep; rest; rest &= rest - 1) {
            u32 s = g->sets[ctz(rest)];
            un |= s;
            common &= s;
        }
        allowed = un;
        required = common;
        if (allowed != uni) {
            if (narrow_cells(c->cells, n, allowed, cand)) return 1;
            masks_valid = 0;
        }
    }
    u32 needed = required & ~solved;
    u32 todo = needed & (lost | ~settled);
    cbits outside = ~c->bits;
    while (todo) {
        u32 bit = todo & -todo;
        todo ^= bit;
        int count = 0, holder = -1;
        cbits common = outside;
        for (int i = 0; i < n; i++) {
            int cell = c->cells[i];
            if (cand[cell] & bit) {
                count++;
                holder = cell;
                common &= peer_bits[cell];
            }
        }
        if (count > 1) {
            if (onlookers && remove_digit(bit, common, cand)) return 1;
        } else if (!count) {
            return fail(CAGE, index, 0);
        } else if (cand[holder] != bit) {
            todo |= needed & cand[holder] & ~bit;
            cand[holder] = bit;
            singles[nsingles++] = holder;
            changed_add(holder);
            masks_valid = 0;
        }
    }
    L[0] = keep;
    L[1] = 1;
    L[2] = needed;
    L[3] = allowed;
    L[4] = required;
    for (int i = 0; i < n; i++) old[i] = masks_valid ? masks[i] : cand[c->cells[i]];
    return 0;
}

static int revise_tuples(int index, u32 *cand, u64 *live) {
    Con *c = &con[index];
    u64 *L = live + c->live_off;
    u64 uni = L[0];
    u64 *alive = L + 1;
    u64 packed = 0;
    int shift = 0;
    for (int i = 0; i < c->ncells; i++) {
        packed |= (u64)cand[c->cells[i]] << shift;
        shift += N;
    }
    if (uni & ~packed) {
        u64 lost = ~packed;
        int any = 0;
        uni = 0;
        for (int w = 0; w < c->fwords; w++) {
            u64 word = alive[w];
            for (u64 rest = word; rest; rest &= rest - 1) {
                int b = ctz(rest);
                u64 code = c->fill[w * 64 + b];
                if (code & lost) word &= ~(1ull << b);
                else { uni |= code; any = 1; }
            }
            alive[w] = word;
        }
        if (!any) return fail(CAGE, index, 0);
        L[0] = uni;
    }
    if (uni != packed) {
        u32 full = (1u << N) - 1;
        shift = 0;
        for (int i = 0; i < c->ncells; i++) {
            int cell = c->cells[i];
            if (!narrow(cand, cell, (u32)(uni >> shift) & full)) return fail(EMPTY, cell, 0);
            shift += N;
        }
    }
    return 0;
}

static int revise_bounds(int index, u32 *cand) {
    Con *c = &con[index];
    int low_sum = 0, high_sum = 0;
    for (int i = 0; i < c->ncells; i++) {
        u32 mask = cand[c->cells[i]];
        low_sum += ctz(mask) + 1;
        high_sum += bit_length(mask);
    }
    int rise = c->total - low_sum, fall = high_sum - c->total;
    if (rise < 0 || fall < 0) return fail(CAGE, index, 0);
    if (rise >= N - 1 && fall >= N - 1) return 0;
    for (int i = 0; i < c->ncells; i++) {
        int cell = c->cells[i];
        u32 mask = cand[cell];
        int low = ctz(mask) + 1, high = bit_length(mask);
        if (high - low > rise || high - low > fall) {
            int top = low + rise < N ? low + rise : N;
            int bottom = high - fall - 1 > 0 ? high - fall - 1 : 0;
            u32 keep = ((1u << top) - 1) & ~((1u << bottom) - 1);
            if (!narrow(cand, cell, keep)) return fail(EMPTY, cell, 0);
        }
    }
    return 0;
}

static u32 complements(u32 mask, int target) {
    int shift = target - N - 1;
    u64 flipped = mirror[mask];
    u64 out;
    if (shift >= 0) out = shift >= 40 ? 0 : flipped << shift;
    else out = -shift >= 40 ? 0 : flipped >> -shift;
    return (u32)out & ALL;
}

static void three_cells_exactly(int target, const u32 *masks, const int *grp, u32 *keeps) {
    u32 a_mask = masks[0], b_mask = masks[1], c_mask = masks[2];
    int same_ab = grp[0] == grp[1], same_ac = grp[0] == grp[2], same_bc = grp[1] == grp[2];
    u32 keep_a = 0, keep_b = 0, keep_c = 0;
    u32 a_bits = a_mask;
    while (a_bits) {
        u32 a_bit = a_bits & -a_bits;
        a_bits ^= a_bit;
        int rest = target - bit_length(a_bit);
        if (rest < 2) break;
        u32 b_options = same_ab ? b_mask & ~a_bit : b_mask;
        b_options &= complements(same_ac ? c_mask & ~a_bit : c_mask, rest);
        if (same_bc && !(rest & 1)) b_options &= ~(1u << (rest / 2 - 1));
        if (b_options) {
            keep_a |= a_bit;
            keep_b |= b_options;
            keep_c |= complements(b_options, rest);
        }
    }
    keeps[0] = keep_a; keeps[1] = keep_b; keeps[2] = keep_c;
}

/* entries: indices into the constraint's every-cell list (from live, or all of them) */
static int exact_linear(int index, int target, const int *entries, int nentries, u32 *cand,
                        u64 *live) {
    Con *c = &con[index];
    u64 *L = live + c->live_off;
    int open[MAXC], nopen = 0;
    u32 masks[4];
    for (int i = 0; i < nentries; i++) {
        int e = entries[i];
        u32 mask = cand[c->ecell[e]];
        if (!single(mask)) {
            if (nopen < 3) masks[nopen] = c->esign[e] > 0 ? mask : mirror[mask];
            open[nopen++] = e;
        } else {
            target -= c->esign[e] > 0 ? bit_length(mask) : N + 1 - bit_length(mask);
        }
    }
    L[0] = 1;
    L[1] = (u64)(i64)target;
    L[2] = nopen;
    for (int i = 0; i < nopen && i < 3; i++) L[3 + i] = open[i];
    if (!nopen) return target == 0 ? 0 : fail(CAGE, index, 0);
    u32 keeps[3];
    if (nopen == 3) {
        int grp[3] = { c->egroup[open[0]], c->egroup[open[1]], c->egroup[open[2]] };
        three_cells_exactly(target, masks, grp, keeps);
    } else if (nopen == 1) {
        keeps[0] = (1 <= target && target <= N) ? 1u << (target - 1) : 0;
    } else {
        keeps[0] = complements(masks[1], target);
        keeps[1] = complements(masks[0], target);
        if (c->egroup[open[0]] == c->egroup[open[1]] && !(target & 1)) {
            u32 half = target >= 2 ? ~(1u << (target / 2 - 1)) : 0xFFFFFFFFu;
            keeps[0] &= half;
            keeps[1] &= half;
        }
    }
    for (int i = 0; i < nopen; i++) {
        int e = open[i];
        u32 mask = masks[i], keep = keeps[i];
        if (mask & ~keep) {
            if (!(mask & keep)) return fail(CAGE, index, 0);
            int cell = c->ecell[e];
            if (!narrow(cand, cell, c->esign[e] > 0 ? keep : mirror[keep]))
                return fail(EMPTY, cell, 0);
        }
    }
    return 0;
}

static int every_entry[MAXC];

static int revise_linear(int index, u32 *cand, u64 *live) {
    Con *c = &con[index];
    int low = 0, high = 0, opened = 0;
    u32 unions[MAXC];
    for (int gi = 0; gi < c->ngroups; gi++) {
        u32 uni = 0;
        for (int i = 0; i < c->glen[gi]; i++) {
            u32 mask = cand[c->gcells[gi][i]];
            uni |= mask;
            if (!single(mask)) opened++;
        }
        if (c->gsign[gi] < 0) uni = mirror[uni];
        int k = c->glen[gi];
        if (popcount(uni) < k) return fail(CAGE, index, 0);
        low += ascending[uni][k];
        high += descending[uni][k];
        unions[gi] = uni;
    }
    int rise = c->shifted - low, fall = high - c->shifted;
    if (rise < 0 || fall < 0) return fail(CAGE, index, 0);
    if (opened <= 3) {
        for (int i = 0; i < c->nevery; i++) every_entry[i] = i;
        return exact_linear(index, c->shifted, every_entry, c->nevery, cand, live);
    }
    if (rise >= N - 1 && fall >= N - 1) return 0;
    for (int gi = 0; gi < c->ngroups; gi++) {
        int k = c->glen[gi];
        u32 uni = unions[gi];
        int top = ascending[uni][k] - ascending[uni][k - 1] + rise;
        int bottom = descending[uni][k] - descending[uni][k - 1] - fall;
        if (top >= N && bottom <= 1) continue;
        int t = top < N ? top : N;
        int b = bottom - 1 > 0 ? bottom - 1 : 0;
        u32 keep = ((1u << t) - 1) & ~((1u << b) - 1);
        if (c->gsign[gi] < 0) keep = mirror[keep];
        if (narrow_cells(c->gcells[gi], k, keep, cand)) return 1;
    }
    return 0;
}

static int revise_same(int index, u32 *cand) {
    Con *c = &con[index];
    const u8 *sides[2] = { c->cells, c->cells + c->split };
    int lens[2] = { c->split, c->ncells - c->split };
    for (int s = 0; s < 2; s++) {
        const u8 *other = sides[1 - s];
        u32 uni = 0;
        for (int i = 0; i < lens[1 - s]; i++) uni |= cand[other[i]];
        if (narrow_cells(sides[s], lens[s], uni, cand)) return 1;
    }
    for (int s = 0; s < 2; s++) {
        u32 bits[MAXC]; int counts[MAXC]; int nb = 0;
        for (int i = 0; i < lens[s]; i++) {
            u32 mask = cand[sides[s][i]];
            if (single(mask)) {
                int j = 0;
                while (j < nb && bits[j] != mask) j++;
                if (j == nb) { bits[nb] = mask; counts[nb] = 0; nb++; }
                counts[j]++;
            }
        }
        const u8 *other = sides[1 - s];
        for (int j = 0; j < nb; j++) {
            u8 places[MAXC]; int np = 0;
            for (int i = 0; i < lens[1 - s]; i++)
                if (cand[other[i]] & bits[j]) places[np++] = other[i];
            if (np < counts[j]) return fail(CAGE, index, 0);
            if (np == counts[j]) narrow_cells(places, np, bits[j], cand);
        }
    }
    return 0;
}

static u64 fits_scratch[64];

/* An EXACT constraint's fillings (combos.one_to_one, listed here: the order of the fillings
   changes nothing the search sees): per cell position and digit the fillings placing it there
   (`placing`), and per position and mask those whose digit is in the mask (`fitting`: one AND
   per cell). One table per total, shared by every EXACT constraint with that total. */
typedef struct { int total, ncells, words; u64 *placing, *fitting; } ExactTable;
static ExactTable exact_tables[64];
static int n_exact_tables;

static int list_fillings(int total, int ncells, int pos, u32 used, int *digits, u64 *placing,
                         int words, int count) {
    if (pos == ncells) {
        if (total == 0) {
            if (placing)
                for (int i = 0; i < ncells; i++)
                    placing[((u32)i * N + digits[i]) * words + count / 64] |= 1ull << (count % 64);
            count++;
        }
        return count;
    }
    for (int d = 0; d < N; d++)
        if (!(used >> d & 1) && d + 1 <= total) {
            digits[pos] = d;
            count = list_fillings(total - d - 1, ncells, pos + 1, used | 1u << d, digits,
                                  placing, words, count);
        }
    return count;
}

static ExactTable *exact_table(int total, int ncells) {
    for (int i = 0; i < n_exact_tables; i++)
        if (exact_tables[i].total == total && exact_tables[i].ncells == ncells)
            return &exact_tables[i];
    if (n_exact_tables == 64) return 0;
    ExactTable *t = &exact_tables[n_exact_tables];
    int digits[MAXN];
    int count = list_fillings(total, ncells, 0, 0, digits, 0, 0, 0);
    int W = (count + 63) / 64;
    if (W > 64 || ncells > MAXN) return 0;
    t->placing = (u64 *)alloc(8u * (u32)(ncells * N * (W ? W : 1)));
    t->fitting = (u64 *)alloc(8u * (u32)(ncells * (1 << N) * (W ? W : 1)));
    if (!t->placing || !t->fitting) return 0;
    list_fillings(total, ncells, 0, 0, digits, t->placing, W, 0);
    for (int pos = 0; pos < ncells; pos++)
        for (u32 mask = 1; mask < (1u << N); mask++) {
            u32 low = mask & -mask;
            u64 *row = t->fitting + ((u32)pos * (1u << N) + mask) * W;
            u64 *prev = t->fitting + ((u32)pos * (1u << N) + (mask ^ low)) * W;
            u64 *place = t->placing + ((u32)pos * N + ctz(low)) * W;
            for (int w = 0; w < W; w++) row[w] = prev[w] | place[w];
        }
    t->total = total; t->ncells = ncells; t->words = W;
    n_exact_tables++;
    return t;
}

static ExactTable **exact_of;   /* per constraint */
static int exact_once_solved;

static int any_solved(int index, const u32 *cand) {
    Con *c = &con[index];
    for (int i = 0; i < c->ncells; i++)
        if (single(cand[c->cells[i]])) return 1;
    return 0;
}

static int revise_exact(int index, u32 *cand, u64 *live) {
    Con *c = &con[index];
    ExactTable *t = exact_of[index];
    int W = t->words;
    u64 *L = live + c->live_off;
    u64 *fits = fits_scratch;
    for (int w = 0; w < W; w++) fits[w] = ~0ull;
    for (int i = 0; i < c->ncells; i++) {
        u64 *row = t->fitting + ((u32)i * (1u << N) + cand[c->cells[i]]) * W;
        for (int w = 0; w < W; w++) fits[w] &= row[w];
    }
    int live_words[64], nlive = 0, same = (int)L[0];
    for (int w = 0; w < W; w++) {
        if (fits[w]) live_words[nlive++] = w;
        if (fits[w] != L[1 + w]) same = 0;
    }
    if (!nlive) return fail(CAGE, index, 0);
    if (same) return 0;
    L[0] = 1;
    for (int w = 0; w < W; w++) L[1 + w] = fits[w];
    for (int i = 0; i < c->ncells; i++) {
        int cell = c->cells[i];
        u32 mask = cand[cell];
        if (!single(mask)) {
            u64 *rows = t->placing + (u32)i * N * W;
            u32 keep = 0;
            for (u32 m = mask; m; m &= m - 1) {
                int d = ctz(m);
                for (int j = 0; j < nlive; j++) {   /* only the words with a fitting filling */
                    int w = live_words[j];
                    if (fits[w] & rows[d * W + w]) { keep |= 1u << d; break; }
                }
            }
            narrow(cand, cell, keep);
        }
    }
    return 0;
}

static int point_in_units(u64 numbers, u32 *cand) {
    while (numbers) {
        int number = ctz(numbers);
        numbers &= numbers - 1;
        u32 solved = 0;
        u64 counts = excess[number];
        int n = unit_len[number];
        const u8 *unit = unit_cells[number];
        for (int i = 0; i < n; i++) {
            u32 mask = cand[unit[i]];
            counts += spread[mask];
            if (single(mask)) solved |= mask;
        }
        u64 lanes = counts >> lane_top & lane_ones;
        u32 crowded = 0;
        for (int d = 0; d < N; d++)
            if (lanes >> ((lane_top + 1) * d) & 1) crowded |= 1u << d;
        u32 open_digits = ALL & ~solved & ~crowded;
        while (open_digits) {
            u32 bit = open_digits & -open_digits;
            open_digits ^= bit;
            cbits common = ~unit_bits[number];
            int any = 0;
            for (int i = 0; i < n; i++) {
                int cell = unit[i];
                if (cand[cell] & bit) {
                    any = 1;
                    common &= peer_bits[cell];
                    if (cells_empty(common)) break;
                }
            }
            if (!any) return fail(MISSING, number, bit);
            if (cells_empty(common)) continue;
            if (remove_digit(bit, common, cand)) return 1;
        }
    }
    return 0;
}

/* engine.propagate; the caller has set up `singles` and `changed`. 0, or 1 and prob_*. */
static int propagate(u32 *cand, u64 *live) {
    u64 touched = 0, to_point = 0;
    int qhead = 0, qtail = 0, nexact = 0;   /* the queue holds each constraint at most once */
    for (int i = 0; i < ACTIVE; i++) queued[i] = 0;
    for (;;) {
        while (nsingles) {
            int cell = singles[--nsingles];
            u32 bit = cand[cell];
            for (int i = 0; i < peer_len[cell]; i++) {
                int peer = peers[cell][i];
                u32 mask = cand[peer];
                if (mask & bit) {
                    mask ^= bit;
                    if (!mask) return fail(EMPTY, peer, 0);
                    cand[peer] = mask;
                    changed_add(peer);
                    if (single(mask)) singles[nsingles++] = peer;
                }
            }
        }
        if (ch_fill) {
            for (u32 s = 0; s <= ch_mask; s++) {
                int cell = ch_table[s];
                if (cell < 0) continue;
                int *list = cons_of[cell];
                for (int i = 0; i < cons_of_len[cell]; i++) {
                    int index = list[i];
                    if (index >= ACTIVE) break;
                    if (!queued[index]) {
                        queued[index] = 1;
                        queue[qtail] = index;
                        qtail = qtail + 1 == NCON + 1 ? 0 : qtail + 1;
                    }
                }
                touched |= unit_sets_of[cell];
            }
            changed_clear();
        }
        if (qhead != qtail) {
            int index = queue[qhead];
            qhead = qhead + 1 == NCON + 1 ? 0 : qhead + 1;
            queued[index] = 0;
            int kind = con[index].kind, problem;
            if (kind == SET) problem = revise_set(index, cand, live);
            else if (kind == TUPLES) problem = revise_tuples(index, cand, live);
            else if (kind == LINEAR) {
                u64 *L = live + con[index].live_off;
                if (L[0]) {
                    int entries[3];
                    int nopen = (int)L[2];
                    for (int i = 0; i < nopen; i++) entries[i] = (int)L[3 + i];
                    problem = exact_linear(index, (int)(i64)L[1], entries, nopen, cand, live);
                } else {
                    problem = revise_linear(index, cand, live);
                }
            } else if (kind == EXACT) {
                queued[index] = 1;
                exact_list[nexact++] = index;
                continue;
            } else if (kind == SAME) problem = revise_same(index, cand);
            else problem = revise_bounds(index, cand);
            if (problem) return 1;
            continue;
        }
        int found = 0;
        u64 sweep = touched;
        touched = 0;
        to_point |= sweep;
        while (sweep) {
            int number = ctz(sweep);
            sweep &= sweep - 1;
            const u8 *unit = unit_cells[number];
            int n = unit_len[number];
            u32 once = 0, twice = 0;
            for (int i = 0; i < n; i++) {
                u32 mask = cand[unit[i]];
                twice |= once & mask;
                once |= mask;
            }
            if (once != ALL) return fail(MISSING, number, ALL & ~once);
            u32 only = once & ~twice;
            if (only) {
                for (int i = 0; i < n; i++) {
                    int cell = unit[i];
                    u32 mask = cand[cell], hidden = mask & only;
                    if (hidden && hidden != mask) {
                        if (!single(hidden)) return fail(CROWDED, cell, 0);
                        cand[cell] = hidden;
                        singles[nsingles++] = cell;
                        changed_add(cell);
                        found = 1;
                    }
                }
            }
        }
        if (found) continue;
        if (!pointing) return 0;
        if (to_point) {
            int problem = point_in_units(to_point, cand);
            to_point = 0;
            if (problem) return 1;
            if (ch_fill) continue;
        }
        if (nexact) {
            for (int i = 0; i < nexact; i++) {
                int index = exact_list[i];
                queued[index] = 0;
                if (exact_once_solved && !any_solved(index, cand)) continue;
                if (revise_exact(index, cand, live)) return 1;
            }
            nexact = 0;
            if (ch_fill) continue;
        }
        return 0;
    }
}

/* ---- 2.0 ** x, rounded once from quad precision --------------------------------------------- */

static double exp2_exact(double x) {
    if (x != x) return x;
    if (x > 1100.0) return __builtin_inf();
    if (x < -1200.0) return 0.0;
    int k = (int)x;
    if ((double)k > x) k--;
    long double f = (long double)(x - (double)k) * 0.693147180559945309417232121458176568L;
    long double term = 1.0L, sum = 1.0L;
    for (int i = 1; i < 40; i++) {
        term = term * f / (long double)i;
        sum += term;
    }
    for (; k > 0; k--) sum *= 2.0L;
    for (; k < 0; k++) sum *= 0.5L;
    return (double)sum;
}

static double fabs_(double x) { return x < 0 ? -x : x; }

/* sum(LOG2[popcount(m)] for m in cand), as the running CPython adds floats */
static double space(const u32 *cand) {
    double total = LOG2[popcount(cand[0])];
    double comp = 0.0;
    for (int i = 1; i < COUNT; i++) {
        double x = LOG2[popcount(cand[i])];
        double t = total + x;
        if (neumaier) {
            if (fabs_(total) >= fabs_(x)) comp += (total - t) + x;
            else comp += (x - t) + total;
        }
        total = t;
    }
    if (neumaier && comp != 0.0 && comp - comp == 0.0) total += comp;
    return total;
}

/* ---- the search ------------------------------------------------------------------------- */

typedef struct { int cell; u32 untried; double weight; } Frame;

static u32 **slot_cand;    /* slot d: the state of stack depth d (the node being built when d = depth) */
static u64 **slot_live;
static Frame *frames;
static int depth;
static u32 *root_cand, *trial_cand, *work_cand;
static u64 *root_live, *trial_live, *work_live;
static int have_root;
static double *blame;

typedef struct {           /* what Python reads back */
    i32 status;            /* 0 running, 1 unique, 2 multiple, 3 none */
    i32 nodes, guesses, found_at;
    i32 root_code, root_a, root_b, has_root_problem;
    i32 solutions;
    i32 resume_budget;     /* after a pause (4): step(this) goes on as if never paused */
    double explored;
    i32 solution[MAXC];    /* the first solution met */
    i32 second[MAXC];      /* the second (web/search-worker.mjs reports both) */
} Out;
static Out out;

static int derived, probing, pending, conflicts, run_nodes;
static int extended, waiting, waiting_cell;
static i64 restart_after;  /* -1: never */
static double weight;

static void add_blame(int code, int where) {
    conflicts++;
    if (conflicts % BLAME_DECAY == 0)
        for (int i = 0; i < COUNT; i++) blame[i] = 1.0 + (blame[i] - 1.0) / 2.0;
    if (code == CAGE) {
        Con *c = &con[where];
        for (int i = 0; i < c->ncells; i++) blame[c->cells[i]] += 1.0;
    } else if (code == MISSING) {
        for (int i = 0; i < unit_len[where]; i++) blame[unit_cells[where][i]] += 1.0;
    } else {
        blame[where] += 1.0;
    }
}

static int most_constrained_cell(const u32 *cand) {
    int best = -1;
    double best_score = 1e30;
    for (int cell = 0; cell < COUNT; cell++) {
        u32 mask = cand[cell];
        if (!single(mask)) {
            double score = (double)popcount(mask) / blame[cell];
            if (score < best_score) { best = cell; best_score = score; }
        }
    }
    return best;
}

static int wide(const u32 *cand) {
    int opened = 0;
    for (int i = 0; i < COUNT; i++) {
        u32 mask = cand[i];
        if (!single(mask)) {
            if (popcount(mask) < WIDE) return 0;
            opened = 1;
        }
    }
    return opened;
}

static void start_state(int one_cell, int all_cells) {
    nsingles = 0;
    changed_clear();
    if (one_cell >= 0) { singles[nsingles++] = one_cell; changed_add(one_cell); }
    if (all_cells) for (int i = 0; i < COUNT; i++) changed_add(i);
}

/* the probe (Solver.probe_cells), one propagation a call, as the generator yields */
static struct {
    int active, stage, cell, removed, best, problem, result_cell;
    u32 mask, rest, bit;
    double score, before, best_score;
    u32 *cand; u64 *live;
    int pcode, pa; u32 pb;
} P;

static void probe_start(u32 *cand, u64 *live) {
    P.active = 1; P.stage = 0; P.cand = cand; P.live = live;
}

/* 0: yielded; 1: done (P.problem, P.pcode..., P.result_cell) */
static int probe_next(void) {
    u32 *cand = P.cand;
    switch (P.stage) {
    case 0: goto begin;
    case 1: goto after_trial;
    case 2: goto after_removed;
    }
begin:
    P.before = space(cand);
    P.best = -1;
    P.best_score = __builtin_inf();
    for (P.cell = 0; P.cell < COUNT; P.cell++) {
        P.mask = cand[P.cell];
        if (single(P.mask)) continue;
        P.score = 0.0; P.rest = P.mask; P.removed = 0;
        while (P.rest) {
            P.bit = P.rest & -P.rest;
            P.rest ^= P.bit;
            copy_masks(trial_cand, cand, COUNT);
            copy_words(trial_live, P.live, LW);
            trial_cand[P.cell] = P.bit;
            out.nodes++;
            start_state(P.cell, 0);
            P.problem = propagate(trial_cand, trial_live);
            P.pcode = prob_code; P.pa = prob_a; P.pb = prob_b;
            P.stage = 1;
            return 0;
after_trial:
            if (P.problem) {
                add_blame(P.pcode, P.pa);
                cand[P.cell] &= ~P.bit;
                P.removed = 1;
            } else {
                P.score += exp2_exact(space(trial_cand) - P.before);
            }
        }
        if (P.removed) {
            out.nodes++;
            P.mask = cand[P.cell];
            if (!P.mask) {
                P.problem = 1; P.pcode = EMPTY; P.pa = P.cell; P.pb = 0; P.result_cell = -1;
                return 1;
            }
            start_state(single(P.mask) ? P.cell : -1, 0);
            changed_add(P.cell);
            P.problem = propagate(cand, P.live);
            P.pcode = prob_code; P.pa = prob_a; P.pb = prob_b;
            P.stage = 2;
            return 0;
after_removed:
            if (P.problem) { P.result_cell = -1; return 1; }
            P.before = space(cand);
            continue;
        }
        if (P.score < P.best_score) { P.best = P.cell; P.best_score = P.score; }
    }
    P.problem = 0;
    if (P.best < 0 || single(cand[P.best]) || !wide(cand))
        P.result_cell = most_constrained_cell(cand);
    else
        P.result_cell = P.best;
    return 1;
}

static int finish(int status) {
    out.status = status;
    depth = 0;
    return 1;
}

static void record_solution(const u32 *cand) {
    if (out.solutions == 0)
        for (int i = 0; i < COUNT; i++) out.solution[i] = bit_length(cand[i]);
    else if (out.solutions == 1)
        for (int i = 0; i < COUNT; i++) out.second[i] = bit_length(cand[i]);
    out.solutions++;
    if (out.found_at < 0) out.found_at = out.nodes;
}

/* Solver.add_derived: 1 when the search goes on from a new state (continue), 0 otherwise */
static int add_derived(void) {
    derived = 1;
    if (!killer) return 0;
    pointing = 1;
    if (NDERIVED == NBASE) return 0;
    copy_masks(work_cand, root_cand, COUNT);
    copy_words(work_live, root_live, LW);
    ACTIVE = NDERIVED;
    out.nodes++;
    start_state(-1, 1);
    if (!propagate(work_cand, work_live) && wide(work_cand)) {
        depth = 0;
        out.solutions = 0;   /* (found_at stays, as in engine.py) */
        out.explored = 0.0;
        weight = 1.0;
        probing = 1;
        ACTIVE = NCON;
        out.nodes++;
        copy_masks(slot_cand[0], work_cand, COUNT);
        copy_words(slot_live[0], work_live, LW);
        start_state(-1, 1);
        if (!propagate(slot_cand[0], slot_live[0])) probe_start(slot_cand[0], slot_live[0]);
        return 1;
    }
    ACTIVE = NCON;   /* the exact twins too, for every killer, once a cell is solved */
    exact_once_solved = 1;
    pending = 1;
    start_state(-1, 1);
    return 1;
}

EXPORT("step")
int step(int budget) {
    if (out.status) return 1;
    if (budget < 1) budget = 1;
    while (budget > 0) {
        budget--;
        u32 *cand;
        u64 *live;
        int problem, cell, have_cell;
        if (waiting) {   /* paused at the derive point for extend() */
            waiting = 0;
            cand = slot_cand[depth];
            live = slot_live[depth];
            cell = waiting_cell;
            problem = 0;
            have_cell = 0;
            goto derive_point;
        }
        if (P.active) {
            if (!probe_next()) continue;
            P.active = 0;
            cand = P.cand; live = P.live;
            problem = P.problem;
            prob_code = P.pcode; prob_a = P.pa; prob_b = P.pb;
            cell = P.result_cell;
            have_cell = 1;
        } else {
            int was_pending = pending;
            pending = 0;
            if (!was_pending && depth == 0) {
                if (out.solutions == 1) return finish(1);
                return finish(3);
            }
            if (!was_pending && restart_after >= 0 && run_nodes >= restart_after &&
                !out.solutions && have_root) {
                depth = 0;
                out.explored = 0.0;
                weight = 1.0;
                run_nodes = 0;
                restart_after *= 2;
                copy_masks(slot_cand[0], root_cand, COUNT);
                copy_words(slot_live[0], root_live, LW);
                start_state(-1, 0);
            } else if (!was_pending) {
                Frame *f = &frames[depth - 1];
                u32 untried = f->untried;
                u32 bit = untried & -untried;
                untried ^= bit;
                int c = f->cell;
                double w = f->weight;
                if (untried) {
                    f->untried = untried;
                    out.guesses++;
                    copy_masks(slot_cand[depth], slot_cand[depth - 1], COUNT);
                    copy_words(slot_live[depth], slot_live[depth - 1], LW);
                } else {
                    depth--;   /* the last digit left is forced: the child takes the frame's place */
                }
                slot_cand[depth][c] = bit;
                start_state(c, 0);
                weight = w;
            }
            cand = slot_cand[depth];
            live = slot_live[depth];
            out.nodes++;
            run_nodes++;
            problem = propagate(cand, live);
            if (out.nodes == 1) {
                if (problem) {
                    out.has_root_problem = 1;
                    out.root_code = prob_code; out.root_a = prob_a; out.root_b = (i32)prob_b;
                }
                copy_masks(root_cand, cand, COUNT);
                copy_words(root_live, live, LW);
                have_root = 1;
            }
            cell = -2;
            have_cell = 0;
        }
        if (problem) {
            add_blame(prob_code, prob_a);
            out.explored += weight;
            continue;
        }
        if (!have_cell) {
            cell = most_constrained_cell(cand);
            if (cell >= 0) {
            derive_point:
                if (!derived && out.guesses >= DERIVE_AFTER) {
                    if (killer && !extended) {   /* kernel.py builds them, then extend() */
                        waiting = 1;
                        waiting_cell = cell;
                        out.resume_budget = budget + 1;   /* this node's unit again */
                        return 4;
                    }
                    if (add_derived()) continue;
                }
                if (probing && wide(cand)) { probe_start(cand, live); continue; }
            }
        }
        if (cell < 0) {
            out.explored += weight;
            record_solution(cand);
            if (out.solutions == 2) return finish(2);
            continue;
        }
        /* the node becomes a frame where it stands (slot `depth`) */
        Frame *f = &frames[depth];
        f->cell = cell;
        f->untried = cand[cell];
        f->weight = weight / popcount(cand[cell]);
        depth++;
    }
    return 0;
}

EXPORT("result")
Out *result(void) { return &out; }

/* ---- suppositions on one board (pycore/explain/forcing.py) ----------------------------------
   An instance that never searches: board() propagates a board's candidates (written into
   `exchange`) from the network's fresh live state, as forcing.propagated does (singles: the cells
   of one candidate; changed: every cell, in order), and keeps that state; suppose(cell, mask)
   then propagates from it with the cell narrowed to `mask` (singles [cell] when one digit is
   left, changed {cell}): "cell is digit" and "digit out of cell". Each answers in `exchange`:
   [contradiction met, code, where, digits, every cell's candidates after it (the partial state
   when a contradiction stopped it)]. */

static i32 exchange[4 + MAXC];
static u32 *board_cand;
static u64 *board_live;

EXPORT("exchange")
i32 *exchange_at(void) { return exchange; }

static int answer(int problem, const u32 *cand) {
    exchange[0] = problem;
    exchange[1] = problem ? prob_code : 0;
    exchange[2] = problem ? prob_a : 0;
    exchange[3] = problem ? (i32)prob_b : 0;
    for (int i = 0; i < COUNT; i++) exchange[4 + i] = (i32)cand[i];
    return problem;
}

EXPORT("board")
int board(void) {
    for (int i = 0; i < COUNT; i++) board_cand[i] = (u32)exchange[i];
    copy_words(board_live, initial_live, LW);
    nsingles = 0;
    changed_clear();
    for (int i = 0; i < COUNT; i++)
        if (single(board_cand[i])) singles[nsingles++] = i;
    for (int i = 0; i < COUNT; i++) changed_add(i);
    return answer(propagate(board_cand, board_live), board_cand);
}

EXPORT("suppose")
int suppose(int cell, int mask) {
    copy_masks(trial_cand, board_cand, COUNT);
    copy_words(trial_live, board_live, LW);
    trial_cand[cell] = (u32)mask;
    start_state(single((u32)mask) ? cell : -1, 0);
    changed_add(cell);
    return answer(propagate(trial_cand, trial_live), trial_cand);
}

/* ---- work sharing: one search split over several kernels (web/search-worker.mjs) ----------
   A part of the search space is every cell's candidates, the state of a node with its branching
   cell narrowed to some of the digits still untried there. None of this runs in a search that is
   not split, which stays node for node engine.py's. */

static i32 gift[MAXC];

/* After init(), before step(): the search covers only the part where `cell` holds a digit of
   `mask` (called for every cell of a part donate() gave). 1 when nothing is left there. */
EXPORT("restrict")
int restrict_cell(int cell, int mask) {
    if (cell < 0 || cell >= COUNT || out.nodes) return 1;
    slot_cand[0][cell] &= (u32)mask;
    nsingles = 0;   /* init()'s singles, in cell order, of the narrowed state */
    for (int i = 0; i < COUNT; i++)
        if (single(slot_cand[0][i])) singles[nsingles++] = i;
    return slot_cand[0][cell] == 0;
}

/* Gives away half the untried digits of the shallowest frame that has two or more (the largest
   part there is): the search here will not try them. Returns the part (COUNT words), or 0 when
   there is none to give, or while a killer's derived sums are still to come (adding them starts
   the search again from the root, which would search the part given away a second time). From
   then on this search never restarts, for the same reason. */
EXPORT("donate")
i32 *donate(void) {
    if (out.status || waiting || (killer && !derived)) return 0;
    for (int i = 0; i < depth; i++) {
        Frame *f = &frames[i];
        int k = popcount(f->untried);
        if (k < 2) continue;
        u32 given = f->untried;
        for (int j = 0; j < (k + 1) / 2; j++) given &= given - 1;   /* the lowest stay */
        f->untried ^= given;
        for (int c = 0; c < COUNT; c++) gift[c] = (i32)slot_cand[i][c];
        gift[f->cell] = (i32)given;
        restart_after = -1;
        return gift;
    }
    return 0;
}

EXPORT("input")
i32 *input(int words) {
    heap_top = 0;   /* a new puzzle: everything init() built before is dropped */
    out_of_memory = 0;
    in_words = (i32 *)alloc((u32)words * 4u);
    in_pos = 0;
    return in_words;
}

EXPORT("input_more")
i32 *input_more(int words) {   /* the derived stage, for extend(): init()'s work stays */
    in_words = (i32 *)alloc((u32)words * 4u);
    in_pos = 0;
    return in_words;
}

static void build_tables(void) {
    for (u32 mask = 0; mask < (1u << N); mask++) {
        int up = 0, down = 0, k = 0;
        ascending[mask][0] = descending[mask][0] = 0;
        for (int d = 0; d < N; d++)
            if (mask >> d & 1) { up += d + 1; ascending[mask][++k] = (short)up; }
        k = 0;
        for (int d = N - 1; d >= 0; d--)
            if (mask >> d & 1) { down += d + 1; descending[mask][++k] = (short)down; }
        u32 m = 0;
        for (int d = 0; d < N; d++)
            if (mask >> d & 1) m |= 1u << (N - 1 - d);
        mirror[mask] = m;
    }
    int width = bit_length((u32)N) + 1;
    lane_top = width - 1;
    lane_ones = 0;
    for (int d = 0; d < N; d++) lane_ones |= 1ull << (width * d);
    for (u32 mask = 0; mask < (1u << N); mask++) {
        u64 s = 0;
        for (int d = 0; d < N; d++)
            if (mask >> d & 1) s |= 1ull << (width * d);
        spread[mask] = s;
    }
    for (int u = 0; u < NU; u++) {
        int seen = 0;
        for (int cell = 0; cell < COUNT; cell++) {
            if ((unit_bits[u] >> cell) & 1) continue;
            cbits both = peer_bits[cell] & unit_bits[u];
            int k = popcount((u64)both) + popcount((u64)(both >> 64));
            if (k > seen) seen = k;
        }
        excess[u] = (u64)((1 << lane_top) - 1 - seen) * lane_ones;
    }
}

static u8 *read_cells(int n) {
    u8 *cells = (u8 *)alloc((u32)n + 1);
    if (cells) for (int i = 0; i < n; i++) cells[i] = (u8)rd();
    return cells;
}

static int read_groups(int from, int to) {
    for (int gi = from; gi < to; gi++) {
        Group *g = &groups[gi];
        g->nsets = rd();
        if (g->nsets > 64) return 3;
        g->every = g->nsets == 64 ? ~0ull : (1ull << g->nsets) - 1;
        for (int i = 0; i < g->nsets; i++) g->sets[i] = (u32)rd();
        for (u32 mask = 0; mask < (1u << N); mask++) {
            u64 meet = 0, within = 0, hold = 0;
            for (int i = 0; i < g->nsets; i++) {
                u32 s = g->sets[i];
                if (s & mask) meet |= 1ull << i;
                if (!(s & ~mask)) within |= 1ull << i;
                if ((s & mask) == mask) hold |= 1ull << i;
            }
            g->meet[mask] = meet; g->within[mask] = within; g->hold[mask] = hold;
        }
    }
    return 0;
}

/* constraints [from, to): layout in kernel.py's encode_constraints */
static int read_constraints(int from, int to) {
    for (int i = from; i < to; i++) {
        Con *c = &con[i];
        c->kind = rd();
        c->ncells = rd();
        c->cells = read_cells(c->ncells);
        if (!c->cells) return 1;
        c->bits = 0;
        for (int j = 0; j < c->ncells; j++) c->bits |= (cbits)1 << c->cells[j];
        c->total = rd();
        c->live_off = LW;
        if (c->kind == SET) {
            c->group = rd();
            c->nrests = rd();
            c->rests = (u8 **)alloc(sizeof(u8 *) * (u32)(c->nrests + 1));
            c->rest_len = (int *)alloc(sizeof(int) * (u32)(c->nrests + 1));
            if (out_of_memory) return 1;
            for (int r = 0; r < c->nrests; r++) {
                c->rest_len[r] = rd();
                c->rests[r] = read_cells(c->rest_len[r]);
            }
            LW += 5 + c->ncells;
        } else if (c->kind == TUPLES) {
            c->nfill = rd();
            c->fwords = (c->nfill + 63) / 64;
            c->fill = (u64 *)alloc(8u * (u32)(c->fwords * 64 + 1));
            if (!c->fill) return 1;
            for (int j = 0; j < c->nfill; j++) {
                u32 lo = (u32)rd(), hi = (u32)rd();
                c->fill[j] = (u64)hi << 32 | lo;
            }
            LW += 1 + c->fwords;
        } else if (c->kind == LINEAR) {
            c->shifted = rd();
            c->ngroups = rd();
            c->gsign = (int *)alloc(4u * (u32)c->ngroups);
            c->glen = (int *)alloc(4u * (u32)c->ngroups);
            c->gcells = (u8 **)alloc(sizeof(u8 *) * (u32)c->ngroups);
            if (out_of_memory) return 1;
            for (int gi = 0; gi < c->ngroups; gi++) {
                c->gsign[gi] = rd();
                c->glen[gi] = rd();
                c->gcells[gi] = read_cells(c->glen[gi]);
            }
            c->nevery = rd();
            c->ecell = (int *)alloc(4u * (u32)c->nevery);
            c->esign = (int *)alloc(4u * (u32)c->nevery);
            c->egroup = (int *)alloc(4u * (u32)c->nevery);
            if (out_of_memory) return 1;
            for (int j = 0; j < c->nevery; j++) {
                c->ecell[j] = rd(); c->esign[j] = rd(); c->egroup[j] = rd();
            }
            LW += 6;
        } else if (c->kind == SAME) {
            c->split = rd();
        } else if (c->kind == EXACT) {
            exact_of[i] = exact_table(c->total, c->ncells);
            if (!exact_of[i]) return 1;
            LW += 1 + exact_of[i]->words;
        } else if (c->kind != BOUNDS) {
            return 3;
        }
        if (out_of_memory) return 1;
    }
    return 0;
}

static int read_constraints_of(void) {
    for (int cell = 0; cell < COUNT; cell++) {
        cons_of_len[cell] = rd();
        cons_of[cell] = (int *)alloc(4u * (u32)(cons_of_len[cell] + 1));
        if (!cons_of[cell]) return 1;
        for (int i = 0; i < cons_of_len[cell]; i++) cons_of[cell][i] = rd();
    }
    return 0;
}

/* the starting live states of constraints [from, to) (network.set_state & co) */
static void start_live(u64 *block, int from, int to) {
    for (int i = from; i < to; i++) {
        Con *c = &con[i];
        u64 *L = block + c->live_off;
        if (c->kind == SET) {
            L[0] = groups[c->group].every;
            L[1] = 0; L[2] = 0; L[3] = 0xFFFFFFFFull; L[4] = 0;
        } else if (c->kind == TUPLES) {
            u64 uni = 0;
            for (int j = 0; j < c->nfill; j++) {
                uni |= c->fill[j];
                L[1 + j / 64] |= 1ull << (j % 64);
            }
            L[0] = uni;
        }
    }
}

/* room for NCON constraints: the arrays indexed by constraint, grown keeping what they hold */
static int size_for_constraints(int old_count, int ngroups_old, int ngroups) {
    Con *new_con = (Con *)alloc(sizeof(Con) * (u32)(NCON + 1));
    ExactTable **new_exact = (ExactTable **)alloc(sizeof(ExactTable *) * (u32)(NCON + 1));
    Group *new_groups = (Group *)alloc(sizeof(Group) * (u32)(ngroups + 1));
    queue = (int *)alloc(4u * (u32)(NCON + 2));
    queued = (u8 *)alloc((u32)NCON + 1);
    exact_list = (int *)alloc(4u * (u32)(NCON + 1));
    if (out_of_memory) return 1;
    for (int i = 0; i < old_count; i++) { new_con[i] = con[i]; new_exact[i] = exact_of[i]; }
    for (int i = 0; i < ngroups_old; i++) new_groups[i] = groups[i];
    con = new_con; exact_of = new_exact; groups = new_groups;
    return 0;
}

/* every live block LW words long, the first `old` words kept, the rest starting afresh */
static u64 *grown(u64 *block, int old) {
    u64 *fresh = (u64 *)alloc(8u * (u32)LW);
    if (!fresh) return 0;
    copy_words(fresh, initial_live, LW);
    if (block) copy_words(fresh, block, old);
    return fresh;
}

static int grow_live(int old) {
    u64 *initial = (u64 *)alloc(8u * (u32)LW);
    if (!initial) return 1;
    copy_words(initial, initial_live, old);
    initial_live = initial;
    start_live(initial_live, NBASE, NCON);
    for (int d = 0; d < COUNT + 2; d++)
        if (!(slot_live[d] = grown(slot_live[d], old))) return 1;
    if (!(root_live = grown(root_live, old)) || !(trial_live = grown(trial_live, old))
        || !(work_live = grown(work_live, old)) || !(board_live = grown(board_live, old)))
        return 1;
    return 0;
}

/* Reads the network (kernel.py's encode); 0 when ready, else an error code. */
EXPORT("init")
int init(void) {
    if (rd() != 0x4B45524E) return 2;   /* "KERN": kernel.py and this file agree */
    N = rd(); COUNT = rd(); NU = rd(); NCON = rd();
    int flags = rd();
    pointing = flags & 1; killer = flags >> 1 & 1; has_cages = flags >> 2 & 1;
    neumaier = flags >> 3 & 1;
    onlookers = !(flags >> 4 & 1);
    int ngroups = rd();
    if (N < 1 || N > MAXN || COUNT > MAXC || NU > MAXU) return 3;
    NBASE = NDERIVED = NCON;
    ALL = (1u << N) - 1;
    n_exact_tables = 0;
    for (int i = 0; i < MAXC; i++) unit_sets_of[i] = 0;
    for (int i = 0; i < COUNT; i++) initial_cand[i] = (u32)rd();
    for (int u = 0; u < NU; u++) {
        unit_len[u] = rd();
        unit_bits[u] = 0;
        for (int i = 0; i < unit_len[u]; i++) {
            int cell = rd();
            unit_cells[u][i] = (u8)cell;
            unit_bits[u] |= (cbits)1 << cell;
            unit_sets_of[cell] |= 1ull << u;
        }
    }
    for (int cell = 0; cell < COUNT; cell++) {
        peer_len[cell] = rd();
        peer_bits[cell] = 0;
        for (int i = 0; i < peer_len[cell]; i++) {
            int p = rd();
            peers[cell][i] = (u8)p;
            peer_bits[cell] |= (cbits)1 << p;
        }
    }
    LW = 0;
    if (size_for_constraints(0, 0, ngroups)) return 1;
    int problem = read_groups(0, ngroups);
    if (!problem) problem = read_constraints(0, NCON);
    if (!problem) problem = read_constraints_of();
    if (problem) return problem;
    if (rd() != 0x454E4421) return 2;   /* "END!" */
    build_tables();
    LOG2[0] = 0.0;
    for (int k = 1; k <= N; k++) {   /* bit-exact math.log2, from Python */
        u32 lo = (u32)rd(), hi = (u32)rd();
        u64 bits = (u64)hi << 32 | lo;
        __builtin_memcpy(&LOG2[k], &bits, 8);
    }
    if (LW == 0) LW = 1;
    initial_live = (u64 *)alloc(8u * (u32)LW);
    blame = (double *)alloc(8u * (u32)COUNT);
    frames = (Frame *)alloc(sizeof(Frame) * (u32)(COUNT + 2));
    slot_cand = (u32 **)alloc(sizeof(u32 *) * (u32)(COUNT + 2));
    slot_live = (u64 **)alloc(sizeof(u64 *) * (u32)(COUNT + 2));
    if (out_of_memory) return 1;
    start_live(initial_live, 0, NCON);
    for (int d = 0; d < COUNT + 2; d++) {
        slot_cand[d] = (u32 *)alloc(4u * (u32)COUNT);
        slot_live[d] = grown(0, 0);
    }
    root_cand = (u32 *)alloc(4u * (u32)COUNT); root_live = grown(0, 0);
    trial_cand = (u32 *)alloc(4u * (u32)COUNT); trial_live = grown(0, 0);
    work_cand = (u32 *)alloc(4u * (u32)COUNT); work_live = grown(0, 0);
    board_cand = (u32 *)alloc(4u * (u32)COUNT); board_live = grown(0, 0);
    if (out_of_memory) return 1;
    for (int i = 0; i < COUNT; i++) blame[i] = 1.0;
    ACTIVE = NBASE;
    depth = 0;
    out.status = 0; out.nodes = 0; out.guesses = 0; out.found_at = -1;
    out.solutions = 0; out.explored = 0.0; out.has_root_problem = 0;
    derived = 0; probing = 0; conflicts = 0; exact_once_solved = 0; run_nodes = 0; have_root = 0; P.active = 0;
    extended = 0; waiting = 0;
    restart_after = has_cages ? -1 : 500;
    weight = 1.0;
    copy_masks(slot_cand[0], initial_cand, COUNT);
    nsingles = 0;
    changed_clear();
    for (int i = 0; i < COUNT; i++)
        if (single(initial_cand[i])) singles[nsingles++] = i;
    for (int i = 0; i < COUNT; i++) changed_add(i);
    pending = 1;
    return 0;
}

/* After step() returned 4: reads the derived sums and exact twins (kernel.py's
   encode_derived) through input_more(); the next step() goes on where the search paused. */
EXPORT("extend")
int extend(void) {
    if (rd() != 0x44455249) return 2;   /* "DERI" */
    int derived_end = rd(), count = rd(), ngroups_old = rd(), ngroups = rd();
    int old_count = NCON, old_lw = LW;
    NCON = count;
    if (size_for_constraints(old_count, ngroups_old, ngroups)) return 1;
    int problem = read_groups(ngroups_old, ngroups);
    if (!problem) problem = read_constraints(old_count, NCON);
    if (!problem) problem = read_constraints_of();
    if (problem) return problem;
    if (rd() != 0x454E4421) return 2;
    if (LW == 0) LW = 1;
    NDERIVED = derived_end;
    if (grow_live(old_lw)) return 1;
    extended = 1;
    return 0;
}
