package dev.vbench.app;

import dev.vbench.plan.PlanException;
import dev.vbench.plan.Shards;
import java.util.Map;

/**
 * {@code --shard K/N} or {@code --shard auto}, resolved: which slice of the plan this machine runs. {@code auto}
 * reads the scheduler's variables: a Slurm job array's {@code SLURM_ARRAY_TASK_ID} and
 * {@code SLURM_ARRAY_TASK_COUNT} (with {@code SLURM_ARRAY_TASK_MIN} and {@code SLURM_ARRAY_TASK_STEP},
 * so {@code --array=1-3} and {@code --array=0-4:2} work too), else a Kubernetes Indexed Job's
 * {@code JOB_COMPLETION_INDEX} with {@code VBENCH_SHARDS} (the job's {@code completions}).
 *
 * @param shard the slice
 * @param source where it came from, for the header line: {@code --shard 2/3} or the variables read
 */
public record ShardOption(Shards.Shard shard, String source) {

    /** The option's value, as typed. */
    public static final String AUTO = "auto";

    /**
     * Resolves the option's text against {@code env}.
     *
     * @throws UsageException naming the fix when the text or the variables are not a shard
     */
    public static ShardOption resolve(String text, Map<String, String> env) {
        try {
            if (!AUTO.equals(text)) {
                return new ShardOption(Shards.Shard.parse(text), "--shard " + text);
            }
            if (env.get("SLURM_ARRAY_TASK_ID") != null) {
                return slurm(env);
            }
            if (env.get("JOB_COMPLETION_INDEX") != null) {
                return kubernetes(env);
            }
        } catch (PlanException e) {
            throw new UsageException(e.getMessage(), e);
        }
        throw new UsageException(
                "--shard auto found no scheduler: it reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT"
                        + " (a Slurm job array) or JOB_COMPLETION_INDEX with VBENCH_SHARDS (a Kubernetes Indexed Job);"
                        + " give --shard K/N elsewhere");
    }

    private static ShardOption slurm(Map<String, String> env) {
        long id = number(env, "SLURM_ARRAY_TASK_ID");
        long count = number(env, "SLURM_ARRAY_TASK_COUNT");
        long min = env.get("SLURM_ARRAY_TASK_MIN") == null ? 0 : number(env, "SLURM_ARRAY_TASK_MIN");
        long step = env.get("SLURM_ARRAY_TASK_STEP") == null ? 1 : number(env, "SLURM_ARRAY_TASK_STEP");
        if (step < 1 || (id - min) % step != 0) {
            throw new UsageException("--shard auto: SLURM_ARRAY_TASK_ID=" + id + " is not on the array's range (min "
                    + min + ", step " + step + "); submit with --array=0-(N-1)");
        }
        if (env.get("SLURM_ARRAY_TASK_MAX") != null
                && number(env, "SLURM_ARRAY_TASK_MAX") != min + (count - 1) * step) {
            throw new UsageException("--shard auto: the Slurm array is not a range (SLURM_ARRAY_TASK_MIN=" + min
                    + ", SLURM_ARRAY_TASK_MAX=" + env.get("SLURM_ARRAY_TASK_MAX") + ", SLURM_ARRAY_TASK_COUNT=" + count
                    + ": a list such as --array=0,2,5 leaves gaps, so a task's place in it is unknown); submit with"
                    + " --array=0-(N-1), or give --shard K/N");
        }
        String source = "SLURM_ARRAY_TASK_ID=" + id + ", SLURM_ARRAY_TASK_COUNT=" + count
                + (min == 0 ? "" : ", SLURM_ARRAY_TASK_MIN=" + min)
                + (step == 1 ? "" : ", SLURM_ARRAY_TASK_STEP=" + step);
        return new ShardOption(shard((id - min) / step + 1, count, source), "Slurm job array (" + source + ")");
    }

    private static ShardOption kubernetes(Map<String, String> env) {
        if (env.get("VBENCH_SHARDS") == null) {
            throw new UsageException(
                    "--shard auto: JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but VBENCH_SHARDS"
                            + " is not; set VBENCH_SHARDS to the job's completions, or give --shard K/N");
        }
        long index = number(env, "JOB_COMPLETION_INDEX");
        long count = number(env, "VBENCH_SHARDS");
        String source = "JOB_COMPLETION_INDEX=" + index + ", VBENCH_SHARDS=" + count;
        return new ShardOption(shard(index + 1, count, source), "Kubernetes Indexed Job (" + source + ")");
    }

    private static Shards.Shard shard(long index, long count, String source) {
        if (count < 1 || index < 1 || index > count || count > Integer.MAX_VALUE) {
            throw new UsageException("--shard auto: " + source + " is not a shard of the array (index past the count);"
                    + " submit the array with as many tasks as its count, indices from 0");
        }
        return new Shards.Shard((int) index, (int) count);
    }

    private static long number(Map<String, String> env, String name) {
        String value = env.get(name);
        try {
            return Long.parseLong(value == null ? "" : value.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("--shard auto: " + name + "=" + (value == null ? "(unset)" : "'" + value + "'")
                    + " is not a whole number; run under the scheduler that sets it, or give --shard K/N");
        }
    }
}
