package dev.vbench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Hand edits of a JSON tree for the tests that feed damaged result files to the readers: one node picked at
 * random (with its path, e.g. {@code .cells[2].summary.max.unit}) and replaced or removed in place.
 *
 * <pre>{@code
 * JsonEdits.Site site = JsonEdits.pick(tree, random);
 * String what = site.set(JsonNodeFactory.instance.nullNode()); // "set to null: .cells[2].summary.max.unit"
 * }</pre>
 */
public final class JsonEdits {

    private JsonEdits() {}

    /** One node of a tree: its parent, its path and its key (a field name, or an index in an array). */
    public record Site(JsonNode parent, String path, String key) {

        /** Replaces the node by {@code replacement}, or removes it when that is null; says what it did. */
        public String set(JsonNode replacement) {
            if (parent instanceof ObjectNode o) {
                if (replacement == null) {
                    o.remove(key);
                } else {
                    o.set(key, replacement);
                }
            } else if (parent instanceof ArrayNode a) {
                int index = Integer.parseInt(key);
                if (replacement == null) {
                    a.remove(index);
                } else {
                    a.set(index, replacement);
                }
            }
            return (replacement == null ? "removed " : "set to " + replacement + ": ") + path;
        }
    }

    /** A node below the root of {@code tree}, every one as likely (one draw of {@code random}). */
    public static Site pick(JsonNode tree, Random random) {
        List<String> paths = new ArrayList<>();
        List<JsonNode> parents = new ArrayList<>();
        collect(tree, "", paths, parents);
        int pick = random.nextInt(paths.size());
        String path = paths.get(pick);
        String key = path.substring(path.lastIndexOf(path.endsWith("]") ? '[' : '.') + 1)
                .replace("]", "");
        return new Site(parents.get(pick), path, key);
    }

    /** Every node below {@code node}, with its path and its parent. */
    private static void collect(JsonNode node, String path, List<String> paths, List<JsonNode> parents) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = path + "." + e.getKey();
                paths.add(p);
                parents.add(node);
                collect(e.getValue(), p, paths, parents);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String p = path + "[" + i + "]";
                paths.add(p);
                parents.add(node);
                collect(node.get(i), p, paths, parents);
            }
        }
    }
}
