/* The inner loop of scripts/find_seatings.py: simulated annealing over one night's seating.
 *
 * Offline only (the engine never runs it): the driver compiles it, runs it per room and
 * stores what it finds in tourney/seating/stored.py. It is C because the search needs
 * 10^8-10^9 swaps per room, a few minutes here and days in pure Python.
 *
 * usage: find_seatings N ROUNDS SEED SECONDS UNMET_WEIGHT T_HOT T_COLD CYCLE_STEPS
 *                      SIZE... -- ODD_FLAG...
 *                      [START_FILE]
 * (table sizes of each round, largest first; then 1 for each table of the odd size;
 * then, to polish a night built otherwise, the file holding it).
 *
 * A schedule seats everyone every round at tables of the given sizes. The cost is
 * UNMET_WEIGHT per pair that never meets plus the sum over pairs of m squared (m: the
 * pair's meetings): the repeat meetings over the counting bound are exactly the pairs
 * left unmet beyond P - M, so unmet pairs are what is minimised; m squared spreads the
 * meetings so the search sees slopes. The odd tables stay fair after every round: a
 * player's odd rounds so far are the even share rounded down or up (spread <= 1 at every
 * prefix, RULES.md): a count outside that band costs 8 a round (FAIRNESS=... in the
 * environment to change it), so a start that breaks
 * the rule (a design cut down) is searched back into it, and only fair nights are kept.
 * A swap between an odd and a usual table is tried alone, or paired with the reverse
 * swap in another round (a trade), which leaves the counts outside the rounds between.
 *
 * Prints the fewest unmet pairs found, then the schedule: one line per round, the
 * players table by table.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64
#define MAXR 16
#define MAXT 16
#define MAXS 8

static int N, R, T, W;
static int size_[MAXT], odd_[MAXT];
static int tab[MAXR][MAXT][MAXS], pos_[MAXR][MAXN], slot_[MAXR][MAXN];
static int met[MAXN][MAXN];
static int cnt[MAXN][MAXR]; /* odd rounds by the end of round r */
static int lo[MAXR], hi[MAXR];
static int unmet, unfair, F = 8, FOCUS = 0;
static int best_tab[MAXR][MAXT][MAXS];
static int best_unmet;
static uint64_t rs;

static inline uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}
static inline int below(int n) { return (int)((rnd() >> 11) % (uint64_t)n); }
static inline double unit(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

static inline int up(int m) { return 2 * m + 1 - (m == 0 ? W : 0); }
static inline int down(int m) { return -2 * m + 1 + (m == 1 ? W : 0); }

static int delta(int r, int p, int q) {
    int a = pos_[r][p], b = pos_[r][q], d = 0;
    for (int s = 0; s < size_[a]; s++) {
        int x = tab[r][a][s];
        if (x != p) d += up(met[q][x]) + down(met[p][x]);
    }
    for (int s = 0; s < size_[b]; s++) {
        int y = tab[r][b][s];
        if (y != q) d += up(met[p][y]) + down(met[q][y]);
    }
    return d;
}

static inline void meet(int a, int b, int by) {
    int m = met[a][b];
    if (m == 0 && by > 0) unmet--;
    if (m + by == 0) unmet++;
    met[a][b] = met[b][a] = m + by;
}

static void swap(int r, int p, int q) {
    int a = pos_[r][p], b = pos_[r][q];
    for (int s = 0; s < size_[a]; s++) {
        int x = tab[r][a][s];
        if (x != p) {
            meet(p, x, -1);
            meet(q, x, 1);
        }
    }
    for (int s = 0; s < size_[b]; s++) {
        int y = tab[r][b][s];
        if (y != q) {
            meet(q, y, -1);
            meet(p, y, 1);
        }
    }
    int sp = slot_[r][p], sq = slot_[r][q];
    tab[r][a][sp] = q;
    tab[r][b][sq] = p;
    pos_[r][p] = b;
    pos_[r][q] = a;
    slot_[r][p] = sq;
    slot_[r][q] = sp;
    if (odd_[a] != odd_[b]) {
        int leaves = odd_[a] ? p : q, joins = odd_[a] ? q : p;
        for (int t = r; t < R; t++) {
            cnt[leaves][t]--;
            cnt[joins][t]++;
        }
    }
}

/* How far a count is outside round t's fair band. */
static inline int off(int c, int t) { return c < lo[t] ? lo[t] - c : c > hi[t] ? c - hi[t] : 0; }

/* The change in unfairness when ``leaves`` loses an odd round and ``joins`` gains one
   over rounds [from, to). */
static int unfairer(int leaves, int joins, int from, int to) {
    int d = 0;
    for (int t = from; t < to; t++) {
        d += off(cnt[leaves][t] - 1, t) - off(cnt[leaves][t], t);
        d += off(cnt[joins][t] + 1, t) - off(cnt[joins][t], t);
    }
    return d;
}

static void save(void) {
    best_unmet = unmet;
    memcpy(best_tab, tab, sizeof tab);
}

int main(int argc, char **argv) {
    if (argc < 10) {
        fprintf(stderr, "usage: see the comment at the top\n");
        return 2;
    }
    N = atoi(argv[1]);
    R = atoi(argv[2]);
    rs = 0x9E3779B97F4A7C15ULL ^ (uint64_t)atoll(argv[3]) * 0x2545F4914F6CDD1DULL;
    if (!rs) rs = 1;
    double seconds = atof(argv[4]);
    W = atoi(argv[5]);
    double hot = atof(argv[6]), cold = atof(argv[7]);
    long cycle = atol(argv[8]);
    if (getenv("FOCUS")) FOCUS = atoi(getenv("FOCUS"));
    if (getenv("FAIRNESS")) F = atoi(getenv("FAIRNESS"));
    int i = 9;
    T = 0;
    while (i < argc && strcmp(argv[i], "--") != 0) size_[T++] = atoi(argv[i++]);
    i++;
    for (int t = 0; t < T; t++) odd_[t] = atoi(argv[i + t]);
    int seats = 0, total = 0;
    for (int t = 0; t < T; t++) {
        total += size_[t];
        if (odd_[t]) seats += size_[t];
    }
    if (total != N) {
        fprintf(stderr, "sizes add up to %d, not %d\n", total, N);
        return 2;
    }
    const char *midway = getenv("MIDWAY");
    int wide = midway && atoi(midway) == 2;
    for (int r = 0; r < R; r++) {
        lo[r] = (r + 1) * seats / N;
        hi[r] = ((r + 1) * seats + N - 1) / N;
        if (wide && r < R - 1) { /* MIDWAY=2: the engine's band (see tabu_seatings.c) */
            hi[r] = lo[r] + 1;
            lo[r] = lo[r] > 0 ? lo[r] - 1 : 0;
        }
    }
    /* A fair start: each round the odd seats go to those who have had fewest; or the
       night in the file named after the flags (one line a round, as printed below). */
    int had[MAXN] = {0};
    FILE *init = argc > i + T ? fopen(argv[i + T], "r") : NULL;
    for (int r = 0; r < R && init; r++) {
        for (int t = 0; t < T; t++)
            for (int s = 0; s < size_[t]; s++) {
                int p;
                if (fscanf(init, "%d", &p) != 1) return 3;
                tab[r][t][s] = p;
                pos_[r][p] = t;
                slot_[r][p] = s;
                had[p] += odd_[t];
            }
        for (int p = 0; p < N; p++) cnt[p][r] = had[p];
    }
    for (int r = 0; r < R && !init; r++) {
        int order[MAXN];
        for (int p = 0; p < N; p++) order[p] = p;
        for (int p = N - 1; p > 0; p--) {
            int j = below(p + 1), tmp = order[p];
            order[p] = order[j];
            order[j] = tmp;
        }
        for (int a = 1; a < N; a++) { /* stable sort by had */
            int v = order[a], b = a;
            while (b > 0 && had[order[b - 1]] > had[v]) {
                order[b] = order[b - 1];
                b--;
            }
            order[b] = v;
        }
        int k = 0;
        for (int pass = 1; pass >= 0; pass--)
            for (int t = 0; t < T; t++) {
                if (odd_[t] != pass) continue;
                for (int s = 0; s < size_[t]; s++) {
                    int p = order[k++];
                    tab[r][t][s] = p;
                    pos_[r][p] = t;
                    slot_[r][p] = s;
                    had[p] += pass;
                }
            }
        for (int p = 0; p < N; p++) cnt[p][r] = had[p];
    }
    unmet = N * (N - 1) / 2;
    for (int r = 0; r < R; r++)
        for (int t = 0; t < T; t++)
            for (int a = 0; a < size_[t]; a++)
                for (int b = a + 1; b < size_[t]; b++) meet(tab[r][t][a], tab[r][t][b], 1);
    for (int p = 0; p < N; p++)
        for (int t = 0; t < R; t++) unfair += off(cnt[p][t], t);
    best_unmet = N * N;
    if (!unfair) save();
    clock_t start = clock();
    double limit = seconds * CLOCKS_PER_SEC;
    double ratio = pow(cold / hot, 1.0 / (double)cycle);
    double temp = hot;
    long step;
    for (step = 0;; step++) {
        if ((step & 0xFFFF) == 0 && (double)(clock() - start) > limit) break;
        temp = (step % cycle == 0) ? hot : temp * ratio;
        int r = below(R), p = below(N), q = below(N);
        /* Focus: redraw a few times for a player who meets someone at their table again. */
        for (int k = 0; k < FOCUS; k++) {
            int a = pos_[r][p], again = 0;
            for (int s = 0; s < size_[a] && !again; s++) again = met[p][tab[r][a][s]] > 1;
            if (again) break;
            r = below(R);
            p = below(N);
        }
        int a = pos_[r][p], b = pos_[r][q];
        if (a == b) continue;
        int leaves = odd_[a] ? p : q, joins = odd_[a] ? q : p;
        int fd = odd_[a] == odd_[b] ? 0 : unfairer(leaves, joins, r, R);
        if (fd <= 0 || unit() < 0.5) {
            int d = delta(r, p, q) + F * fd;
            if (d <= 0 || unit() < exp(-d / temp)) {
                swap(r, p, q);
                unfair += fd;
                if (!unfair && unmet < best_unmet) save();
            }
            continue;
        }
        /* A trade: the reverse swap in another round r2, fair in between. */
        int r2 = below(R);
        if (r2 == r) continue;
        if (!odd_[pos_[r2][joins]] || odd_[pos_[r2][leaves]]) continue;
        fd = r < r2 ? unfairer(leaves, joins, r, r2) : unfairer(joins, leaves, r2, r);
        int d = delta(r, p, q) + F * fd;
        swap(r, p, q);
        d += delta(r2, p, q);
        if (d <= 0 || unit() < exp(-d / temp)) {
            swap(r2, p, q);
            unfair += fd;
            if (!unfair && unmet < best_unmet) save();
        } else {
            swap(r, p, q);
        }
    }
    fprintf(stderr, "steps %ld unmet %d\n", step, best_unmet);
    if (best_unmet == N * N) memcpy(best_tab, tab, sizeof tab); /* never fair: say so */
    printf("%d\n", best_unmet);
    for (int r = 0; r < R; r++) {
        for (int t = 0; t < T; t++)
            for (int s = 0; s < size_[t]; s++)
                printf("%d%c", best_tab[r][t][s], (t == T - 1 && s == size_[t] - 1) ? '\n' : ' ');
    }
    return 0;
}
