/* A tabu search over one night's seating: the second inner loop of scripts/find_seatings.py.
 *
 * Offline only, like find_seatings.c (same arguments, same output), which anneals. The
 * annealing levels off well above the counting bound between 30 and 45 players (issue 27);
 * this one follows the local search that schedules social golfers (a conflict-directed tabu
 * search): every step looks at every swap that moves a player who meets someone at their
 * table again, takes the best one not tabu (or any that beats the best night found), and
 * makes the two players' places in that round tabu for a while. When the best night has
 * not improved for a long time, it starts again from the best night, shaken by a few
 * random swaps.
 *
 * usage: tabu_seatings N ROUNDS SEED SECONDS STALL SHAKE TENURE_MIN TENURE_MAX
 *                      SIZE... -- ODD_FLAG... [START_FILE]
 *
 * The cost is the pairs left unmet (the repeat meetings over the counting bound are the
 * pairs unmet beyond P - M), then the sum over pairs of m squared: a night is kept when it
 * leaves fewer pairs unmet, or as many with the meetings spread more evenly (where every
 * pair meets, that is what is left to do). A night where a pair meets more often than the
 * average rounded up and once more is never kept: like an unfair one, it pays FAIR a meeting
 * past that, so a start that has such a pair is searched out of it. The odd
 * tables stay fair after every round (each player's odd rounds so far are the even share
 * rounded down or up): a swap between an odd and a usual table is taken only if it leaves
 * nobody further outside that band, so a fair start stays fair; an unfair start (a design
 * cut down) is pulled into the band by the same moves, at a price of FAIR per round out.
 *
 * PAIR=1 in the environment makes the swap tabu rather than the players: p and q may not
 * swap back in that round for a while (tenure drawn from TENURE_MIN..TENURE_MAX, as in Dotú
 * and Van Hentenryck's social golfer search, 4 to 100), where otherwise neither may move in
 * that round at all. From random starts (150 s) it found, over the bound, Rook Shanghai 30
 * at 16 (21 stored before), 33 at 12 (14), 37 at 33 (35) and 38 at 2 (4), and Toonerville 30
 * and 33 at 13 and 12 (15, 14); no better in the other rooms between 26 and 41.
 * find_seatings.py --pair runs it.
 *
 * Prints the fewest unmet pairs of a fair night (N*N if none was fair), then the night: one
 * line per round, the players table by table.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 64
#define MAXR 16
#define MAXT 16
#define MAXS 8
#define FAIR 64

static int N, R, T;
static int size_[MAXT], odd_[MAXT];
static int tab[MAXR][MAXT][MAXS], pos_[MAXR][MAXN], slot_[MAXR][MAXN];
static int met[MAXN][MAXN];
static int cnt[MAXN][MAXR]; /* odd rounds by the end of round r */
static int lo[MAXR], hi[MAXR];
static long tabu_[MAXR][MAXN];
static long pair_tabu[MAXR][MAXN][MAXN]; /* PAIR=1: until when p and q may not swap in r */
static int by_pair;
static int unmet, unfair;
static long sq; /* the sum over pairs of m squared */
static int cap = 1 << 20, over; /* meetings allowed a pair; meetings past it, all pairs */
static int best_tab[MAXR][MAXT][MAXS];
static int best_unmet;
static long best_sq;
static uint64_t rs;

static inline uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}
static inline int below(int n) { return (int)((rnd() >> 11) % (uint64_t)n); }

static inline int off(int c, int t) { return c < lo[t] ? lo[t] - c : c > hi[t] ? c - hi[t] : 0; }

/* The change in unfairness when ``leaves`` loses an odd round and ``joins`` gains one from
   round ``from`` on. */
static int unfairer(int leaves, int joins, int from) {
    int d = 0;
    for (int t = from; t < R; t++) {
        d += off(cnt[leaves][t] - 1, t) - off(cnt[leaves][t], t);
        d += off(cnt[joins][t] + 1, t) - off(cnt[joins][t], t);
    }
    return d;
}

/* The change in (unmet pairs, sum of m squared, meetings past the cap) when p and q swap
   places in round r. */
static void delta(int r, int p, int q, int *du, int *dsq, int *dover) {
    int a = pos_[r][p], b = pos_[r][q], u = 0, sq = 0, o = 0;
    for (int s = 0; s < size_[a]; s++) {
        int x = tab[r][a][s];
        if (x == p) continue;
        int mp = met[p][x], mq = met[q][x];
        u += (mp == 1) - (mq == 0);
        sq += 2 * (mq - mp) + 2;
        o += (mq >= cap) - (mp > cap);
    }
    for (int s = 0; s < size_[b]; s++) {
        int y = tab[r][b][s];
        if (y == q) continue;
        int mp = met[p][y], mq = met[q][y];
        u += (mq == 1) - (mp == 0);
        sq += 2 * (mp - mq) + 2;
        o += (mp >= cap) - (mq > cap);
    }
    *du = u;
    *dsq = sq;
    *dover = o;
}

static inline void meet(int a, int b, int by) {
    int m = met[a][b];
    if (m == 0 && by > 0) unmet--;
    if (m + by == 0) unmet++;
    sq += (long)(m + by) * (m + by) - (long)m * m;
    over += (m + by > cap ? m + by - cap : 0) - (m > cap ? m - cap : 0);
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
        unfair += unfairer(leaves, joins, r);
        for (int t = r; t < R; t++) {
            cnt[leaves][t]--;
            cnt[joins][t]++;
        }
    }
}

/* Everything derived from tab: places, meetings, odd rounds, unfairness. */
static void load(void) {
    memset(met, 0, sizeof met);
    sq = 0;
    over = 0;
    int had[MAXN] = {0};
    for (int r = 0; r < R; r++) {
        for (int t = 0; t < T; t++)
            for (int s = 0; s < size_[t]; s++) {
                int p = tab[r][t][s];
                pos_[r][p] = t;
                slot_[r][p] = s;
                had[p] += odd_[t];
            }
        for (int p = 0; p < N; p++) cnt[p][r] = had[p];
    }
    unmet = N * (N - 1) / 2;
    for (int r = 0; r < R; r++)
        for (int t = 0; t < T; t++)
            for (int a = 0; a < size_[t]; a++)
                for (int b = a + 1; b < size_[t]; b++) meet(tab[r][t][a], tab[r][t][b], 1);
    unfair = 0;
    for (int p = 0; p < N; p++)
        for (int t = 0; t < R; t++) unfair += off(cnt[p][t], t);
}

static void save(void) {
    best_unmet = unmet;
    best_sq = sq;
    memcpy(best_tab, tab, sizeof tab);
}

/* Does p meet someone at their table in round r for the second time (or more)? */
static int conflicted(int r, int p) {
    int a = pos_[r][p];
    for (int s = 0; s < size_[a]; s++) {
        int x = tab[r][a][s];
        if (x != p && met[p][x] > 1) return 1;
    }
    return 0;
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
    long stall = atol(argv[5]);
    int shake = atoi(argv[6]), tmin = atoi(argv[7]), tmax = atoi(argv[8]);
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
    /* MIDWAY=2 in the environment: before the last round, a band of 2 about the share
     * rounded down (the engine's rule until fair._MIDWAY became 1); else 1 throughout. */
    const char *midway = getenv("MIDWAY");
    by_pair = getenv("PAIR") != NULL && atoi(getenv("PAIR")) == 1;
    int wide = midway && atoi(midway) == 2;
    for (int r = 0; r < R; r++) {
        lo[r] = (r + 1) * seats / N;
        hi[r] = ((r + 1) * seats + N - 1) / N;
        if (wide && r < R - 1) {
            hi[r] = lo[r] + 1;
            lo[r] = lo[r] > 0 ? lo[r] - 1 : 0;
        }
    }
    FILE *init = argc > i + T ? fopen(argv[i + T], "r") : NULL;
    int had[MAXN] = {0};
    for (int r = 0; r < R; r++) {
        if (init) {
            for (int t = 0; t < T; t++)
                for (int s = 0; s < size_[t]; s++)
                    if (fscanf(init, "%d", &tab[r][t][s]) != 1) return 3;
            continue;
        }
        /* A fair start: the odd seats to those who have had fewest, the rest at random. */
        int order[MAXN];
        for (int p = 0; p < N; p++) order[p] = p;
        for (int p = N - 1; p > 0; p--) {
            int j = below(p + 1), tmp = order[p];
            order[p] = order[j];
            order[j] = tmp;
        }
        for (int a = 1; a < N; a++) {
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
                    tab[r][t][s] = order[k++];
                    had[tab[r][t][s]] += pass;
                }
            }
    }
    int pairs = 0;
    for (int t = 0; t < T; t++) pairs += size_[t] * (size_[t] - 1) / 2;
    int floor_ = N * (N - 1) / 2 - R * pairs; /* pairs that must stay unmet */
    if (floor_ < 0) floor_ = 0;
    /* The least sum of m squared: the night's meetings spread as evenly as they go. */
    long seated = (long)R * pairs, all = (long)N * (N - 1) / 2;
    long each = seated / all, more = seated % all;
    long fewest_sq = more * (each + 1) * (each + 1) + (all - more) * each * each;
    /* No pair meets more often than the average rounded up, and once more. */
    cap = (int)((seated + all - 1) / all) + 1;
    load();
    best_unmet = N * N;
    if (!unfair && !over) save();
    clock_t start = clock();
    double limit = seconds * CLOCKS_PER_SEC;
    long it, last = 0;
    int span = tmax > tmin ? tmax - tmin : 1;
    for (it = 1;; it++) {
        if ((it & 0xFF) == 0 && (double)(clock() - start) > limit) break;
        if (best_unmet == floor_ && best_sq == fewest_sq) break;
        int bd = 1 << 30, br = -1, bp = -1, bq = -1, ties = 0;
        for (int r = 0; r < R; r++)
            for (int p = 0; p < N; p++) {
                if (!unfair && !over && !conflicted(r, p)) continue;
                int a = pos_[r][p];
                for (int q = 0; q < N; q++) {
                    int b = pos_[r][q];
                    if (b == a) continue;
                    int fd = 0;
                    if (odd_[a] != odd_[b]) {
                        fd = odd_[a] ? unfairer(p, q, r) : unfairer(q, p, r);
                        if (fd > 0) continue;
                    }
                    int du, dsq, dover;
                    delta(r, p, q, &du, &dsq, &dover);
                    int d = (du + FAIR * (fd + dover)) * 4096 + dsq;
                    int better = !unfair && fd == 0 && over + dover == 0 &&
                                 (unmet + du < best_unmet ||
                                  (unmet + du == best_unmet && sq + dsq < best_sq));
                    int held = by_pair ? pair_tabu[r][p][q] > it
                                       : tabu_[r][p] > it || tabu_[r][q] > it;
                    if (held && !better) continue;
                    if (better) d -= 1 << 24;
                    if (d < bd) {
                        bd = d;
                        br = r;
                        bp = p;
                        bq = q;
                        ties = 1;
                    } else if (d == bd && below(++ties) == 0) {
                        br = r;
                        bp = p;
                        bq = q;
                    }
                }
            }
        if (br < 0) { /* everything tabu: let it go */
            memset(tabu_, 0, sizeof tabu_);
            memset(pair_tabu, 0, sizeof pair_tabu);
            continue;
        }
        swap(br, bp, bq);
        if (by_pair) {
            pair_tabu[br][bp][bq] = pair_tabu[br][bq][bp] = it + tmin + below(span);
        } else {
            tabu_[br][bp] = it + tmin + below(span);
            tabu_[br][bq] = it + tmin + below(span);
        }
        if (!unfair && !over && (unmet < best_unmet || (unmet == best_unmet && sq < best_sq))) {
            save();
            last = it;
        }
        if (it - last > stall && best_unmet < N * N) {
            /* Start again from the best night, shaken by a few swaps that keep it fair. */
            memcpy(tab, best_tab, sizeof tab);
            load();
            for (int k = 0; k < shake; k++) {
                int r = below(R), p = below(N), q = below(N);
                int a = pos_[r][p], b = pos_[r][q];
                if (a == b || odd_[a] != odd_[b]) continue;
                swap(r, p, q);
            }
            memset(tabu_, 0, sizeof tabu_);
            memset(pair_tabu, 0, sizeof pair_tabu);
            last = it;
        }
    }
    fprintf(stderr, "steps %ld unmet %d\n", it, best_unmet);
    if (best_unmet == N * N) memcpy(best_tab, tab, sizeof tab); /* never fair: say so */
    printf("%d\n", best_unmet);
    for (int r = 0; r < R; r++) {
        for (int t = 0; t < T; t++)
            for (int s = 0; s < size_[t]; s++)
                printf("%d%c", best_tab[r][t][s], (t == T - 1 && s == size_[t] - 1) ? '\n' : ' ');
    }
    return 0;
}
