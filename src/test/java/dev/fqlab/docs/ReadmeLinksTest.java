package dev.fqlab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README is read with only the repository in hand: every relative link of README.md and of the Markdown files
 * under docs/ names a file inside the repository (no {@code ../} out of it), and the seed threads it cites are there.
 */
class ReadmeLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");

    @Test
    void everyRelativeLinkResolvesInsideTheRepository() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        List<Path> documents = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(documents::add);
        }
        List<String> broken = new ArrayList<>();
        for (Path document : documents) {
            Matcher m = LINK.matcher(Files.readString(document));
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("[a-z]+:.*")) {
                    continue; // http:, https:, mailto:
                }
                Path resolved = document.getParent().resolve(target).normalize();
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    broken.add(root.relativize(document) + " -> " + target);
                }
            }
        }
        assertThat(broken).isEmpty();
        assertThat(documents).hasSizeGreaterThan(3);
    }

    @Test
    void theFourSeedThreadsAreInTheRepository() throws IOException {
        try (Stream<Path> seeds = Files.list(Path.of("docs/seeds"))) {
            assertThat(seeds.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")))
                    .hasSize(4).allSatisfy(n -> assertThat(n).matches("00[0-4]-.*\\.txt"));
        }
    }
}
