package dev.fqlab.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Keeps the embedded H2 database file compact (issue 17): H2's MVStore only appends, and reclaims the space of
 * deleted or rewritten pages only partly while open, so a file grows well past its live data (840 MB after about
 * 325 runs, when every series point was a row). After the connection pool has closed, which is the last thing a
 * stopping service does with the database, this opens the file once more and runs {@code SHUTDOWN COMPACT}, which
 * rewrites it with only the live data. Only for an H2 file database ({@code jdbc:h2:file:…} or a bare path), not
 * for PostgreSQL or an in-memory H2.
 */
@Configuration(proxyBeanMethods = false)
public class H2Compaction {

    static final String BEAN = "h2CompactionOnClose";

    /** Makes every DataSource depend on the compaction: Spring then destroys (closes) the pools first. */
    @Bean
    static BeanFactoryPostProcessor dataSourcesCloseBeforeCompaction() {
        return factory -> {
            for (String name : factory.getBeanNamesForType(DataSource.class, true, false)) {
                BeanDefinition definition = factory.getBeanDefinition(name);
                Set<String> dependsOn = new LinkedHashSet<>(definition.getDependsOn() == null ? Set.of()
                        : Arrays.asList(definition.getDependsOn()));
                dependsOn.add(BEAN);
                definition.setDependsOn(dependsOn.toArray(String[]::new));
            }
        };
    }

    @Bean(BEAN)
    static CompactOnClose h2CompactionOnClose(Environment environment) {
        return new CompactOnClose(environment.getProperty("spring.datasource.url", ""),
                environment.getProperty("spring.datasource.username"),
                environment.getProperty("spring.datasource.password"));
    }

    /** Runs {@code SHUTDOWN COMPACT} on an H2 file database when destroyed (after the pool, see above). */
    static final class CompactOnClose implements DisposableBean {

        private static final Logger log = LoggerFactory.getLogger(CompactOnClose.class);

        private final String url;
        private final String user;
        private final String password;

        CompactOnClose(String url, String user, String password) {
            this.url = url;
            this.user = user;
            this.password = password;
        }

        /** An H2 database kept in a file: not {@code mem:}, not a server ({@code tcp:}, {@code ssl:}). */
        static boolean h2File(String url) {
            if (!url.startsWith("jdbc:h2:")) {
                return false;
            }
            String rest = url.substring("jdbc:h2:".length());
            return !rest.startsWith("mem:") && !rest.startsWith("tcp:") && !rest.startsWith("ssl:");
        }

        @Override
        public void destroy() {
            if (!h2File(url)) {
                return;
            }
            Path file = dataFile();
            long before = size(file);
            long start = System.nanoTime();
            try (Connection connection = DriverManager.getConnection(url, user, password);
                    Statement statement = connection.createStatement()) {
                statement.execute("SHUTDOWN COMPACT");
            } catch (SQLException e) {
                log.warn("Could not compact the H2 database {}: {}", url, e.getMessage());
                return;
            }
            log.info("Compacted the H2 database {} from {} to {} bytes in {} ms", file, before, size(file),
                    (System.nanoTime() - start) / 1_000_000);
        }

        /** The {@code .mv.db} file of the URL's database path (for the log line only). */
        private Path dataFile() {
            String path = url.substring("jdbc:h2:".length()).replaceFirst("^file:", "");
            int settings = path.indexOf(';');
            return Path.of((settings < 0 ? path : path.substring(0, settings)).replaceFirst("^~",
                    System.getProperty("user.home")) + ".mv.db");
        }

        private static long size(Path file) {
            try {
                return Files.size(file);
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
    }
}
