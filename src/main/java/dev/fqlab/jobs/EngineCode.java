package dev.fqlab.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * A fingerprint of the simulation engine as it runs: SHA-256 over the compiled classes of {@code dev.fqlab.sim}
 * (each class's path inside the package, then its bytes, in path order), from the same class-path root as this
 * build's own engine classes, so that test classes of the same package never count. Any change to the engine's code
 * changes it, including one made without a commit; an edit that leaves every class file unchanged (a comment on
 * the same lines) keeps it, which is right: the engine then runs exactly the same code.
 */
public final class EngineCode {

    static final String PACKAGE_PATH = "dev/fqlab/sim/";
    /** A class every engine build has, to find the root that holds the engine's classes. */
    private static final String ANCHOR = PACKAGE_PATH + "Network.class";
    /** Hex digits kept: 48 bits tell engines apart as well as a git abbreviation does. */
    static final int HEX_DIGITS = 12;

    private EngineCode() {
    }

    /** The engine's fingerprint in this JVM's class path, or {@code null} when its classes cannot be read. */
    public static String ofClassPath() {
        URL anchor = EngineCode.class.getClassLoader().getResource(ANCHOR);
        if (anchor == null) {
            return null;
        }
        String root = anchor.toString().substring(0, anchor.toString().length() - ANCHOR.length());
        try {
            Resource[] classes = new PathMatchingResourcePatternResolver(EngineCode.class.getClassLoader())
                    .getResources(root + PACKAGE_PATH + "**/*.class");
            return fingerprint(root, classes);
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    /** SHA-256 over each class's path below {@code root} and its bytes, in path order; the first 12 hex digits. */
    static String fingerprint(String root, Resource[] classes) throws IOException {
        Resource[] sorted = classes.clone();
        Arrays.sort(sorted, Comparator.comparing(resource -> relativePath(root, resource)));
        MessageDigest sha = sha256();
        for (Resource resource : sorted) {
            sha.update(relativePath(root, resource).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            sha.update((byte) 0);
            try (InputStream in = resource.getInputStream()) {
                sha.update(in.readAllBytes());
            }
        }
        return sorted.length == 0 ? null : HexFormat.of().formatHex(sha.digest()).substring(0, HEX_DIGITS);
    }

    private static String relativePath(String root, Resource resource) {
        try {
            String url = resource.getURL().toString();
            return url.startsWith(root) ? url.substring(root.length()) : url;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
