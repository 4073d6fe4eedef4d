package example.code;

import dev.vbench.spi.ExecutorProvider;
import dev.vbench.spi.Params;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A custom executor on the test class path (registered in src/test/resources/META-INF/services), so the
 * workload contract test also runs every workload on an executor found by ServiceLoader: a virtual thread
 * per task from a named factory, declared {@link ThreadKind#VIRTUAL} (so the pinning probe records it).
 */
public final class NamedVirtualExecutor implements ExecutorProvider {

    @Override
    public String name() {
        return "test-named-virtual";
    }

    @Override
    public String description() {
        return "a named virtual thread per task (Thread.ofVirtual().name(\"task-\", 0)), registered by the tests";
    }

    @Override
    public ExecutorService create(Params params) {
        return Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("task-", 0).factory());
    }

    @Override
    public ThreadKind threadKind(Params params) {
        return ThreadKind.VIRTUAL;
    }
}
