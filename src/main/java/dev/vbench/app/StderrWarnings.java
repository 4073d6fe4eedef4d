package dev.vbench.app;

import dev.vbench.engine.RunListener;
import java.io.PrintWriter;

/** The run listener where no progress is drawn (not a terminal, {@code --quiet}, a fork): warnings on stderr only. */
final class StderrWarnings implements RunListener {

    private final PrintWriter err;

    StderrWarnings(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void warning(String message) {
        err.println("vbench: warning: " + message);
        err.flush();
    }
}
