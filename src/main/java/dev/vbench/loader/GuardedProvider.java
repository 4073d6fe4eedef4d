package dev.vbench.loader;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.util.List;
import java.util.OptionalLong;

/**
 * A workload provider from the user's code: what its code throws outside a task becomes one line with
 * the user's frame ({@link UserFailures}, exit 1), and its name is the reference that finds it again
 * (a fork resolves the same name).
 */
record GuardedProvider(String name, WorkloadProvider delegate, String origin) implements WorkloadProvider {

    @Override
    public String description() {
        return guarded("describing workload", delegate::description);
    }

    @Override
    public List<ParamSpec<?>> params() {
        return guarded("listing the parameters of workload", delegate::params);
    }

    @Override
    public String notes() {
        String own = guarded("reading the notes of workload", delegate::notes);
        return (own == null || own.isBlank() ? "" : own.strip() + " ") + "Provider " + delegate.getClass().getName()
                + (name.equals(delegate.name()) ? "" : " (its own name: " + delegate.name() + ")") + " " + origin + ".";
    }

    @Override
    public OptionalLong defaultTasks(Params params) {
        return guarded("asking workload", () -> delegate.defaultTasks(params));
    }

    @Override
    public Availability availability(Params params) {
        return guarded("checking the availability of workload", () -> delegate.availability(params));
    }

    /** Calls the provider's {@code call}; what it throws becomes one line naming the workload and the user's frame. */
    private <T> T guarded(String doing, java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException | LinkageError e) {
            throw UserFailures.of(doing + " " + name, e);
        }
    }

    @Override
    public Workload create(Params params) {
        Workload w;
        try {
            w = delegate.create(params);
        } catch (RuntimeException | LinkageError e) {
            throw UserFailures.of("creating workload " + name, e);
        }
        return new Workload() {
            @Override
            public void prepare(PrepareContext context) {
                try {
                    w.prepare(context);
                } catch (Exception | LinkageError e) {
                    throw UserFailures.of("preparing workload " + name, e);
                }
            }

            @Override
            public Task task() {
                return w.task();
            }

            @Override
            public Task batchedTask(int calls) {
                return w.batchedTask(calls);
            }

            @Override
            public void beforeTrial() {
                beforeTrial(0);
            }

            @Override
            public void beforeTrial(int clients) {
                try {
                    w.beforeTrial(clients);
                } catch (Exception | LinkageError e) {
                    throw UserFailures.of("preparing a trial of workload " + name, e);
                }
            }

            @Override
            public String verify() throws Exception {
                return w.verify();
            }

            @Override
            public List<String> notes() {
                return guarded("reading the notes of workload", w::notes);
            }

            @Override
            public void close() throws Exception {
                w.close();
            }
        };
    }
}
