package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

/**
 * The engine fingerprint: any changed byte of any engine class changes it, the order the class path lists classes
 * in does not, and in this JVM only the service's own engine classes count (not the tests' classes of the same
 * package), checked against SHA-256 computed here over target/classes.
 */
class EngineCodeTest {

    @TempDir
    Path dir;

    private Resource[] write(List<String> names, List<byte[]> contents) throws IOException {
        Resource[] resources = new Resource[names.size()];
        for (int i = 0; i < names.size(); i++) {
            Path file = dir.resolve(names.get(i));
            Files.createDirectories(file.getParent());
            Files.write(file, contents.get(i));
            resources[i] = new FileSystemResource(file);
        }
        return resources;
    }

    private String root() {
        return dir.toUri().toString();
    }

    @Test
    void oneChangedByteChangesTheFingerprintAndOrderDoesNot() throws IOException {
        List<String> names = List.of("dev/fqlab/sim/A.class", "dev/fqlab/sim/qdisc/B.class");
        Resource[] before = write(names, List.of(new byte[] {1, 2, 3}, new byte[] {4, 5}));
        String first = EngineCode.fingerprint(root(), before);
        String reordered = EngineCode.fingerprint(root(), new Resource[] {before[1], before[0]});
        Resource[] after = write(names, List.of(new byte[] {1, 2, 3}, new byte[] {4, 6}));
        String changed = EngineCode.fingerprint(root(), after);

        assertThat(first).matches("[0-9a-f]{12}");
        assertThat(reordered).isEqualTo(first);
        assertThat(changed).isNotEqualTo(first);
    }

    @Test
    void movingBytesBetweenClassesChangesTheFingerprint() throws IOException {
        List<String> names = List.of("dev/fqlab/sim/A.class", "dev/fqlab/sim/B.class");
        String split = EngineCode.fingerprint(root(), write(names, List.of(new byte[] {1, 2}, new byte[] {3})));
        String moved = EngineCode.fingerprint(root(), write(names, List.of(new byte[] {1}, new byte[] {2, 3})));

        assertThat(moved).isNotEqualTo(split);
    }

    @Test
    void onlyTheServiceEngineClassesCount() throws Exception {
        Path classes = Path.of("target/classes");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> files = Files.walk(classes.resolve(EngineCode.PACKAGE_PATH))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class"))
                    .sorted((a, b) -> classes.relativize(a).toString().compareTo(classes.relativize(b).toString()))
                    .toList()) {
                sha.update(classes.relativize(file).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(Files.readAllBytes(file));
            }
        }
        String expected = HexFormat.of().formatHex(sha.digest()).substring(0, EngineCode.HEX_DIGITS);

        assertThat(EngineCode.ofClassPath()).isEqualTo(expected);
    }
}
