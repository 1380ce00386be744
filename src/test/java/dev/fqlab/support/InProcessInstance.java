package dev.fqlab.support;

import dev.fqlab.FqlabApplication;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Another instance of the service inside the test JVM, on a database of the test's choosing: cheaper than a
 * {@link ChildInstance} where nobody needs to kill it. Close it to stop it (gracefully, as SIGTERM would).
 */
public final class InProcessInstance implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private InProcessInstance(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /**
     * Starts an instance on {@code db}; {@code extraArgs} ({@code --property=value}) replace the defaults below or
     * add to them. Heartbeats keep application.properties' production settings unless given.
     */
    public static InProcessInstance start(TestDatabase.Conn db, String instanceName, String... extraArgs) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("server.port", "0");
        properties.put("spring.datasource.url", db.url());
        properties.put("spring.datasource.username", db.user() == null ? "" : db.user());
        properties.put("spring.datasource.password", db.password() == null ? "" : db.password());
        properties.put("fqlab.instance-name", instanceName);
        properties.put("fqlab.workers", "2");
        properties.put("db-scheduler.polling-interval", "100ms");
        for (String arg : extraArgs) {
            int equals = arg.indexOf('=');
            properties.put(arg.substring(2, equals), arg.substring(equals + 1));
        }
        List<String> args = new ArrayList<>();
        // Command-line arguments: they outrank application.properties (default properties would not).
        properties.forEach((name, value) -> args.add("--" + name + "=" + value));
        return new InProcessInstance(new SpringApplicationBuilder(FqlabApplication.class).run(args.toArray(String[]::new)));
    }

    public Api api() {
        return new Api(Integer.parseInt(context.getEnvironment().getProperty("local.server.port")));
    }

    public JdbcClient jdbc() {
        return context.getBean(JdbcClient.class);
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    @Override
    public void close() {
        context.close();
    }
}
