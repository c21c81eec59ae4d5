/* A resolvable 4-GDD of type 3^12 (36 players, 11 rounds of nine tables of 4, nobody
 * meeting anybody twice), as scripts/find_seatings.py needs it for 35 and 36 players.
 *
 * Points are Z11 x {0, 1, 2} and three points at infinity; the groups (who never meet)
 * are {(x,0), (x,1), (x,2)} and the three infinite points. Round t is round 0 with t
 * added to every Z11 coordinate. Round 0 has three tables {inf_j, (a,0), (b,1), (c,2)}
 * and six tables of four finite points; it works when the differences y - x over its
 * pairs of finite points cover, for each ordered pair of levels, every nonzero residue
 * exactly once (and 0 never). This searches round 0 by simulated annealing on the
 * squared distance from that cover and prints the 11 rounds, one line each, table by
 * table, with (x, l) as l * 11 + x and inf_j as 33 + j.
 *
 * usage: find_rgdd36 SEED
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int tab[9][4]; /* finite points x + 11 l; slot 0 of tables 0-2 is infinity */
static uint64_t rs;
static inline uint64_t rnd(void) {
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}
static inline int below(int n) { return (int)((rnd() >> 11) % (uint64_t)n); }

static int cost(void) {
    int c[3][3][11] = {{{0}}};
    for (int t = 0; t < 9; t++)
        for (int i = t < 3; i < 4; i++)
            for (int j = t < 3; j < 4; j++)
                if (i != j) {
                    int a = tab[t][i], b = tab[t][j];
                    c[a / 11][b / 11][((b % 11) - (a % 11) + 11) % 11]++;
                }
    int bad = 0;
    for (int l = 0; l < 3; l++)
        for (int m = 0; m < 3; m++)
            for (int d = 0; d < 11; d++) {
                int want = d != 0, v = c[l][m][d] - want;
                bad += v * v;
            }
    return bad;
}

int main(int argc, char **argv) {
    rs = 0x9E3779B97F4A7C15ULL * (uint64_t)(argc > 1 ? atoll(argv[1]) + 1 : 1);
    for (long attempt = 0; attempt < 100000; attempt++) {
        int level[3][11], left[3] = {11, 11, 11};
        for (int l = 0; l < 3; l++)
            for (int x = 0; x < 11; x++) level[l][x] = x + 11 * l;
        for (int l = 0; l < 3; l++)
            for (int x = 10; x > 0; x--) {
                int j = below(x + 1), v = level[l][x];
                level[l][x] = level[l][j];
                level[l][j] = v;
            }
        for (int t = 0; t < 3; t++)
            for (int l = 0; l < 3; l++) tab[t][l + 1] = level[l][--left[l]];
        int rest[24], k = 0;
        for (int l = 0; l < 3; l++)
            while (left[l]) rest[k++] = level[l][--left[l]];
        for (int i = 23; i > 0; i--) {
            int j = below(i + 1), v = rest[i];
            rest[i] = rest[j];
            rest[j] = v;
        }
        for (int t = 3; t < 9; t++)
            for (int i = 0; i < 4; i++) tab[t][i] = rest[(t - 3) * 4 + i];
        int now = cost();
        double temp = 3.0;
        for (long step = 0; step < 2000000 && now; step++) {
            int t = below(9), u = below(9);
            if (t == u) continue;
            int i = t < 3 ? 1 + below(3) : below(4), j = u < 3 ? 1 + below(3) : below(4);
            int a = tab[t][i], b = tab[u][j];
            if ((t < 3 || u < 3) && a / 11 != b / 11) continue;
            tab[t][i] = b;
            tab[u][j] = a;
            int next = cost();
            if (next <= now || (rnd() >> 11) * (1.0 / 9007199254740992.0) < exp((now - next) / temp))
                now = next;
            else {
                tab[t][i] = a;
                tab[u][j] = b;
            }
            temp = temp > 0.2 ? temp * 0.999995 : 0.2;
        }
        if (now) continue;
        for (int r = 0; r < 11; r++) {
            for (int t = 0; t < 9; t++)
                for (int i = 0; i < 4; i++) {
                    int p = tab[t][i];
                    int q = (t < 3 && i == 0) ? 33 + t : (p % 11 + r) % 11 + 11 * (p / 11);
                    printf("%d%c", q, (t == 8 && i == 3) ? '\n' : ' ');
                }
        }
        return 0;
    }
    return 1;
}
