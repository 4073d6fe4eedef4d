package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.config.Defaults;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * vbench and benchstat agree on which rows differ, for the same samples.
 *
 * <p>The expected verdicts and p-values below were obtained once, not at test time, with
 * {@code go install golang.org/x/perf/cmd/benchstat@latest} (x/perf v0.0.0-20260908200009-22c9c6c9d4da,
 * go1.26.8) by writing each set as Go benchmark lines ({@code BenchmarkSeparated 1 100 ns/op}, one line
 * per sample; base.txt holds the first list, new.txt the second) and running {@code benchstat base.txt new.txt}:
 *
 * <pre>
 *             │  base.txt   │              new.txt              │
 *             │   sec/op    │   sec/op     vs base              │
 * Separated     102.5n ± 2%   112.5n ± 2%  +9.76% (p=0.002 n=6)
 * Interleaved   105.0n ± 5%   106.0n ± 5%       ~ (p=0.699 n=6)
 * Borderline    103.0n ± 4%   108.5n ± 5%  +5.34% (p=0.026 n=6)
 * NearMiss      103.5n ± 4%   108.0n ± 6%       ~ (p=0.093 n=6)
 * Ties          101.0n ± 1%   103.0n ± 1%  +1.98% (p=0.013 n=6)
 * TiesMixed     101.5n ± 1%   103.0n ± 2%       ~ (p=0.169 n=6)
 * </pre>
 *
 * benchstat tests each row on its own (no multiple-comparison correction, no noise band), so this
 * test compares the uncorrected Mann-Whitney p with α = 0.05. Without ties both tools compute the
 * exact distribution, so the p-values agree to benchstat's three decimals; with ties benchstat uses
 * an exact distribution that accounts for ties while Commons Statistics uses the tie-corrected normal
 * approximation, so only the verdicts are required to agree there.
 */
class BenchstatAgreementTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = ';',
            value = {
                "Separated;   100 101 102 103 104 105; 110 111 112 113 114 115; true;  0.002",
                "Interleaved; 100 102 104 106 108 110; 101 103 105 107 109 111; false; 0.699",
                "Borderline;  100 101 102 104 105 107; 103 106 108 109 110 111; true;  0.026",
                "NearMiss;    100 101 103 104 106 108; 102 105 107 109 110 111; false; 0.093",
                "Ties;        100 100 101 101 102 102; 102 102 103 103 104 104; true;  NaN",
                "TiesMixed;   100 101 101 102 103 103; 101 102 103 103 104 105; false; NaN",
            })
    void verdictsMatchBenchstat(
            String name, String base, String next, boolean benchstatSignificant, double benchstatP) {
        MannWhitney.Result r = MannWhitney.test(parse(base), parse(next));
        assertEquals(benchstatSignificant, r.significant(Defaults.ALPHA), () -> name + ": p=" + r.p());
        if (!Double.isNaN(benchstatP)) {
            assertEquals(benchstatP, r.p(), 0.0005, name);
        }
    }

    private static double[] parse(String values) {
        return Arrays.stream(values.trim().split("\\s+"))
                .mapToDouble(Double::parseDouble)
                .toArray();
    }
}
