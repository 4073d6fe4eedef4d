package dev.vbench.workload.thumbnail;

import dev.vbench.spi.PrepareContext;
import dev.vbench.workload.inputs.GeneratedFiles;
import dev.vbench.workload.inputs.Seeds;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The photo folders of the {@code thumbnail} workload, under {@code <data-dir>/thumbnail/seed-N/}:
 * {@code photos/} holds the {@value #DISTINCT} distinct generated JPEGs ({@code photo_00.jpg} …)
 * with a checksum manifest, generated once per seed whatever {@code files} is; {@code folder-F/}
 * holds {@code img_0000.jpg} … {@code img_(F-1).jpg}, hard links to the photos in turn (copies
 * where the file system has no hard links). Both are verified before every use and rebuilt with a
 * warning when corrupt or partial.
 *
 * <pre>{@code
 * List<Path> photos = PhotoFolder.ensure(context, 100); // img_0000.jpg … img_0099.jpg
 * }</pre>
 */
final class PhotoFolder {

    /** Distinct photos the folder cycles through (the source bundled ten samples). */
    static final int DISTINCT = 10;

    private PhotoFolder() {}

    /** The verified folder of {@code files} photos, generating or repairing what is needed. */
    static List<Path> ensure(PrepareContext context, int files) {
        Path seedDir = context.dataDir().resolve("seed-" + context.seed());
        Path sources = seedDir.resolve("photos");
        boolean regenerated =
                GeneratedFiles.ensure(sources, "generated photos", context, tmp -> generate(tmp, context));
        Path folder = seedDir.resolve("folder-" + files);
        try {
            Map<String, GeneratedFiles.Entry> manifest = GeneratedFiles.readManifest(sources);
            String problem = regenerated ? "" : check(folder, files, sources, manifest);
            if (problem != null) {
                if (!problem.isEmpty()) {
                    context.warn().accept("photo folder " + folder + " " + problem + "; rebuilding it");
                }
                build(folder, files, sources);
            }
        } catch (IOException e) {
            throw GeneratedFiles.unwritable(folder, e);
        }
        List<Path> paths = new ArrayList<>(files);
        for (int i = 0; i < files; i++) {
            paths.add(folder.resolve(imageName(i)));
        }
        return paths;
    }

    static String imageName(int i) {
        return String.format(Locale.ROOT, "img_%04d.jpg", i);
    }

    static String sourceName(int k) {
        return String.format(Locale.ROOT, "photo_%02d.jpg", k);
    }

    private static void generate(Path dir, PrepareContext context) throws IOException {
        for (int k = 0; k < DISTINCT; k++) {
            context.progress().update("generating photos", k, DISTINCT);
            PhotoGenerator.write(dir.resolve(sourceName(k)), Seeds.derive(context.seed(), k), k);
        }
        context.progress().update("generating photos", DISTINCT, DISTINCT);
    }

    /** Null when the folder verifies, "" when it does not exist, else what is wrong. */
    private static String check(Path folder, int files, Path sources, Map<String, GeneratedFiles.Entry> manifest)
            throws IOException {
        if (!Files.isDirectory(folder)) {
            return "";
        }
        long present;
        try (Stream<Path> s = Files.list(folder)) {
            present = s.count();
        }
        if (present != files) {
            return "is partial (" + present + " files, expected " + files + ")";
        }
        for (int i = 0; i < files; i++) {
            Path image = folder.resolve(imageName(i));
            Path source = sources.resolve(sourceName(i % DISTINCT));
            if (Files.isRegularFile(image) && Files.isSameFile(image, source)) {
                continue; // a hard link to a verified photo
            }
            GeneratedFiles.Entry expected = manifest.get(sourceName(i % DISTINCT));
            String problem = GeneratedFiles.checkFile(
                    image, new GeneratedFiles.Entry(imageName(i), expected.size(), expected.sha256()));
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** Builds the folder in a temporary sibling, then replaces the old one. */
    private static void build(Path folder, int files, Path sources) throws IOException {
        Path tmp = GeneratedFiles.createSiblingTemp(folder);
        try {
            for (int i = 0; i < files; i++) {
                Path source = sources.resolve(sourceName(i % DISTINCT));
                Path image = tmp.resolve(imageName(i));
                try {
                    Files.createLink(image, source);
                } catch (UnsupportedOperationException | FileSystemException e) {
                    Files.copy(source, image);
                }
            }
            GeneratedFiles.replaceDirectory(tmp, folder);
        } finally {
            GeneratedFiles.deleteRecursively(tmp);
        }
    }
}
