package dev.fqlab.sim.bench;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Two builds' {@link RealTimeFactor} alternated in one JVM (issue 16: on a shared machine only ratios measured
 * side by side mean anything). Each build's {@code classes} and {@code test-classes} get their own class loader over
 * the same libraries (this JVM's class path), so each has its own JIT-compiled code; every round runs build A's
 * scenarios once, then build B's, after {@code warmups} such untimed rounds (a number, or {@code jit}: until the JIT
 * compiler is idle, {@link JitQuiet}). Prints RealTimeFactor's lines, each
 * prefixed with its build's label; compare the thread-CPU columns.
 * <pre>
 *   java -cp "target/load/lib/BOOT-INF/lib/*" dev.fqlab.sim.bench.CompareBuilds \
 *       labelA=/path/A/target labelB=/path/B/target ROUNDS WARMUPS SCENARIO...
 * </pre>
 * (The driver class itself is loaded from either build's test-classes: put one on the class path too.)
 */
public final class CompareBuilds {

    private CompareBuilds() {
    }

    public static void main(String[] args) throws Exception {
        String[] a = args[0].split("=", 2);
        String[] b = args[1].split("=", 2);
        int rounds = Integer.parseInt(args[2]);
        List<String> scenarios = List.of(args).subList(4, args.length);
        Method runA = entry(a[1]);
        Method runB = entry(b[1]);
        JitQuiet.warmUp(args[3], () -> {
            try {
                invoke(runA, "0", "1", scenarios);
                invoke(runB, "0", "1", scenarios);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        for (int i = 0; i < rounds; i++) {
            System.out.println("== round " + (i + 1) + ": " + a[0]);
            invoke(runA, "1", "0", scenarios);
            System.out.println("== round " + (i + 1) + ": " + b[0]);
            invoke(runB, "1", "0", scenarios);
        }
    }

    private static Method entry(String target) throws Exception {
        URL[] urls = {Path.of(target, "test-classes").toUri().toURL(), Path.of(target, "classes").toUri().toURL()};
        ClassLoader loader = new URLClassLoader(urls, CompareBuilds.class.getClassLoader().getParent()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("dev.fqlab.")) {
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> c = findLoadedClass(name);
                        if (c == null) {
                            c = findClass(name);
                        }
                        return c;
                    }
                }
                return CompareBuilds.class.getClassLoader().loadClass(name);
            }
        };
        return loader.loadClass("dev.fqlab.sim.bench.RealTimeFactor").getMethod("main", String[].class);
    }

    private static void invoke(Method main, String runs, String warmups, List<String> scenarios) throws Exception {
        List<String> args = new ArrayList<>(List.of(runs, warmups));
        args.addAll(scenarios);
        main.invoke(null, (Object) args.toArray(String[]::new));
    }
}
