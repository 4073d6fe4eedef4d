package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a suite run's tables are made of, recorded in its result so that {@code vbench report} prints
 * the tables {@code vbench run SUITE.yaml} printed: the suite's name, title and source, and per
 * experiment its name (its cells' ids start with {@code NAME/}), title and tables. The rest of the
 * suite file (the matrix, quick overrides, JVMs) is what the cells' configs already record.
 * Optional in {@code vbench-result/1}: absent in {@code -w} runs and in suite results written before
 * it, whose report shows the per-workload tables.
 *
 * @param suite the suite's short name
 * @param title one line above the tables; null = the name
 * @param source what the source report measured; null = none
 * @param experiments in suite-file order, those skipped included (they have no cells, so no tables)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SuiteLayout(String suite, String title, String source, List<Experiment> experiments) {

    public SuiteLayout {
        experiments = experiments == null ? List.of() : List.copyOf(experiments);
    }

    /**
     * @param name unique within the suite
     * @param title heading of its tables; null = the name
     * @param tables the tables to print from its cells; empty = one speedup table of the makespan
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Experiment(String name, String title, List<TableSpec> tables) {
        public Experiment {
            tables = tables == null ? List.of() : List.copyOf(tables);
        }
    }
}
