package dev.vbench.app;

import dev.vbench.measure.Histograms;
import dev.vbench.result.ResultFields;
import dev.vbench.result.ResultFormatException;
import dev.vbench.result.RunResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a use case that reads result files says when a value of one is found bad only when it is used (a
 * histogram is decoded when a table or a chart needs it): the file and the field, as for anything else
 * wrong in a result file (exit 2), never an internal error.
 *
 * <pre>{@code
 * MalformedResults read = new MalformedResults();
 * read.add(file, ResultCodec.read(file));
 * try { render(); } catch (Histograms.NotAHistogram e) { throw read.histogram(e); }
 * }</pre>
 */
final class MalformedResults {

    private final Map<String, RunResult> read = new LinkedHashMap<>();

    /** A file read (null results, a JMH file's, are skipped). */
    void add(Object source, RunResult result) {
        if (result != null) {
            read.put(String.valueOf(source), result);
        }
    }

    /** The error for {@code e}: the file and the field that hold the text, and the fix. */
    ResultFormatException histogram(Histograms.NotAHistogram e) {
        for (Map.Entry<String, RunResult> file : read.entrySet()) {
            String path = ResultFields.histogramPath(file.getValue(), e.encoded());
            if (path != null) {
                return new ResultFormatException(file.getKey() + ": " + path + " is " + e.getMessage()
                        + "; give a result" + " file written by 'vbench run -o FILE.json' (was it edited by hand?)");
            }
        }
        return new ResultFormatException(String.join(", ", read.keySet()) + ": a histogram is " + e.getMessage()
                + "; give result files written by 'vbench run -o FILE.json' (was one edited by hand?)");
    }
}
