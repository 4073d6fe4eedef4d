package dev.vbench.report;

import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;

/** The result document itself ({@code vbench-result/1}). */
final class JsonExporter implements Exporter {

    @Override
    public String render(RunResult result) {
        return ResultCodec.toJson(result);
    }
}
