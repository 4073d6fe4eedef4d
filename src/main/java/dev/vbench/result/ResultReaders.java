package dev.vbench.result;

/**
 * One reader per schema version ever written. Old versions are upgraded to the current model so
 * the rest of vbench sees one shape. Every version has a fixture under
 * {@code src/test/resources/results/} that a test reads.
 */
final class ResultReaders {

    private static final String PREFIX = "vbench-result/";

    private ResultReaders() {}

    static RunResult read(String json, String schema, String source) {
        return switch (check(schema, source)) {
            case 1 -> ResultCodec.readValue(json, RunResult.class, source);
            default -> throw new ResultFormatException(source + " has unknown schema '" + schema + "'");
        };
    }

    /** The version of {@code schema}, when this vbench reads it. */
    static int check(String schema, String source) {
        if (!schema.startsWith(PREFIX)) {
            throw new ResultFormatException(source + " has schema '" + schema
                    + "', not a vbench result; give a file written by 'vbench run -o FILE.json'");
        }
        int version;
        try {
            version = Integer.parseInt(schema.substring(PREFIX.length()));
        } catch (NumberFormatException e) {
            throw new ResultFormatException(source + " has an unreadable schema '" + schema + "'");
        }
        int current = Integer.parseInt(RunResult.SCHEMA.substring(PREFIX.length()));
        if (version > current) {
            throw new ResultFormatException(source + " was written by a newer vbench (schema " + schema
                    + ", this vbench reads up to " + RunResult.SCHEMA + "); upgrade vbench to read it");
        }
        return version;
    }
}
