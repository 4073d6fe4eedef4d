package dev.vbench.jvm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Crosses {@code --jvm} with {@code --jvm-args} into the targets of a run, checks labels, and
 * probes every target once. With only {@code --jvm-args}, the option sets run on the JVM vbench runs
 * on; with neither, there is no JVM axis (an empty list) and nothing changes.
 *
 * <pre>{@code
 * List<JvmTarget> targets = JvmTargets.prepare(List.of(JvmSpec.parse("j21=/opt/jdk-21")), List.of(),
 *         JdkDiscovery.fromSystem(), System.getenv(), JvmProber.forThisJvm());
 * }</pre>
 */
public final class JvmTargets {

    private JvmTargets() {}

    /** Resolves, crosses, probes. Throws {@link JvmException} on the first bad value. */
    public static List<JvmTarget> prepare(
            List<JvmSpec> jvms,
            List<JvmOptionSet> optionSets,
            JdkDiscovery discovery,
            Map<String, String> env,
            JvmProber prober) {
        List<JvmTarget> targets = cross(jvms, optionSets, discovery, env);
        Map<Path, JvmProber.Identity> identities = new HashMap<>();
        List<JvmTarget> probed = new ArrayList<>();
        for (JvmTarget t : targets) {
            String origin = origin(t, jvms, optionSets);
            JvmProber.Identity identity = identities.get(t.java());
            if (identity == null) {
                identity = prober.identify(t.java(), originOfJvm(t, jvms));
                identities.put(t.java(), identity);
            }
            probed.add(t.withInfo(prober.probe(t, identity, origin)));
        }
        return probed;
    }

    /** The targets, unprobed: every {@code --jvm} × every {@code --jvm-args}, in the order given. */
    public static List<JvmTarget> cross(
            List<JvmSpec> jvms, List<JvmOptionSet> optionSets, JdkDiscovery discovery, Map<String, String> env) {
        JvmSpec.checkUnique(jvms.stream().map(JvmSpec::label).toList(), "--jvm");
        JvmSpec.checkUnique(optionSets.stream().map(JvmOptionSet::label).toList(), "--jvm-args");
        List<JvmTarget> targets = new ArrayList<>();
        if (jvms.isEmpty()) {
            for (JvmOptionSet set : optionSets) {
                targets.add(new JvmTarget(set.label(), JavaCommand.thisJava(), set.options(), null));
            }
            return targets;
        }
        for (JvmSpec jvm : jvms) {
            Path java = jvm.resolve(discovery, env);
            if (optionSets.isEmpty()) {
                targets.add(new JvmTarget(jvm.label(), java, List.of(), null));
            }
            for (JvmOptionSet set : optionSets) {
                targets.add(new JvmTarget(jvm.label() + "/" + set.label(), java, set.options(), null));
            }
        }
        return targets;
    }

    private static String originOfJvm(JvmTarget t, List<JvmSpec> jvms) {
        return jvms.stream()
                .filter(j -> t.label().equals(j.label()) || t.label().startsWith(j.label() + "/"))
                .map(JvmSpec::origin)
                .findFirst()
                .orElse("the JVM vbench runs on (" + t.java() + ")");
    }

    private static String origin(JvmTarget t, List<JvmSpec> jvms, List<JvmOptionSet> sets) {
        String jvm = originOfJvm(t, jvms);
        return sets.stream()
                .filter(s -> t.label().equals(s.label()) || t.label().endsWith("/" + s.label()))
                .map(s -> s.origin() + (jvms.isEmpty() ? "" : " on " + jvm))
                .findFirst()
                .orElse(jvm);
    }
}
