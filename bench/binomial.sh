# The exact (Clopper-Pearson) 95% interval of a rate of K in N runs, for the A/A scripts (bench/aa.sh,
# bench/knee-aa.sh), sourced by them:
#
#   . bench/binomial.sh
#   binomial_ci 2 20     # prints "1 32": the interval in whole percent, low and high
binomial_ci() {
    python3 - "$1" "$2" <<'PY'
import sys
from math import comb
k, n = int(sys.argv[1]), int(sys.argv[2])
def cdf(x, p):  # P(X <= x) of Binomial(n, p)
    return sum(comb(n, i) * p**i * (1 - p)**(n - i) for i in range(x + 1))
def solve(f, lo=0.0, hi=1.0):
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) else (lo, mid)
    return (lo + hi) / 2
low = 0.0 if k == 0 else solve(lambda p: 1 - cdf(k - 1, p) < 0.025)
high = 1.0 if k == n else solve(lambda p: cdf(k, p) > 0.025)
print("%.0f %.0f" % (100 * low, 100 * high))
PY
}
