package dev.vbench.loader;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * A workload provider from the user's code: what its code throws outside a task — an exception or an
 * {@code Error} ({@code StackOverflowError}, {@code AssertionError}, {@code LinkageError}) — becomes one line
 * naming the hook, the error and the user's frame ({@link UserFailures}, exit 1), as does a null where a value
 * is needed; its name is the reference that finds it again (a fork resolves the same name).
 */
record GuardedProvider(String name, WorkloadProvider delegate, String origin) implements WorkloadProvider {

    @Override
    public String description() {
        return guarded("describing workload", delegate::description);
    }

    @Override
    public List<ParamSpec<?>> params() {
        List<ParamSpec<?>> params = guarded("listing the parameters of workload", delegate::params);
        if (params == null) {
            throw UserFailures.returnedNull(delegate.getClass().getName() + ".params()", "return List.of() for none");
        }
        return params;
    }

    @Override
    public String notes() {
        String own = guarded("reading the notes of workload", delegate::notes);
        return (own == null || own.isBlank() ? "" : own.strip() + " ") + "Provider "
                + delegate.getClass().getName()
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
    private <T> T guarded(String doing, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException | Error e) {
            throw UserFailures.of(doing + " " + name, e);
        }
    }

    @Override
    public Workload create(Params params) {
        Workload w;
        try {
            w = delegate.create(params);
        } catch (RuntimeException | Error e) {
            throw UserFailures.of("creating workload " + name, e);
        }
        if (w == null) {
            throw UserFailures.returnedNull(
                    delegate.getClass().getName() + ".create(Params)", "return the Workload to run");
        }
        return new Workload() {
            @Override
            public void prepare(PrepareContext context) {
                try {
                    w.prepare(context);
                } catch (Exception | Error e) {
                    throw UserFailures.of("preparing workload " + name, e);
                }
            }

            @Override
            public Task task() {
                Task task;
                try {
                    task = w.task();
                } catch (RuntimeException | Error e) {
                    throw UserFailures.of("making the task of workload " + name, e);
                }
                if (task == null) {
                    throw UserFailures.returnedNull(
                            "the task() of workload " + name + " ("
                                    + w.getClass().getName() + ")",
                            "return the Task to run");
                }
                return task;
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
                } catch (Exception | Error e) {
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
            public void close() {
                try {
                    w.close();
                } catch (Exception | Error e) {
                    throw UserFailures.of("closing workload " + name, e);
                }
            }
        };
    }
}
