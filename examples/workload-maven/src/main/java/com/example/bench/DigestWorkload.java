package com.example.bench;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.security.MessageDigest;
import java.util.List;
import java.util.Random;

/**
 * {@code -w digest}: SHA-256 over a message of {@code bytes} bytes per task (one of 64 messages,
 * generated from the seed before the trials). Registered in
 * {@code META-INF/services/dev.vbench.spi.WorkloadProvider}.
 */
public final class DigestWorkload implements WorkloadProvider {

    static final ParamSpec<Integer> BYTES = ParamSpec.of("bytes", "message size per task", "1024",
            ParamType.intRange(1, 64 << 20));

    @Override
    public String name() {
        return "digest";
    }

    @Override
    public String description() {
        return "SHA-256 of a message of 'bytes' bytes (example workload from examples/workload-maven)";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(BYTES);
    }

    @Override
    public Workload create(Params params) {
        int size = params.get(BYTES);
        return new Workload() {
            private byte[][] messages;

            @Override
            public void prepare(PrepareContext context) {
                Random random = new Random(context.seed());
                messages = new byte[64][size];
                for (byte[] m : messages) {
                    random.nextBytes(m);
                }
            }

            @Override
            public Task task() {
                byte[][] inputs = messages;
                return index -> {
                    MessageDigest sha = MessageDigest.getInstance("SHA-256");
                    byte[] digest = sha.digest(inputs[(int) (index & 63)]);
                    return digest[0] | (digest[1] << 8); // consumed by vbench
                };
            }

            @Override
            public String verify() throws Exception {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(messages[0]);
                if (digest.length != 32) {
                    throw new AssertionError("SHA-256 gave " + digest.length + " bytes");
                }
                task().run(0);
                return "SHA-256 of a " + size + "-byte message";
            }
        };
    }
}
