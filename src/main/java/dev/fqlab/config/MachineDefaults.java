package dev.fqlab.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Supplies the two defaults that depend on the machine, as the lowest-precedence property source:
 * {@code fqlab.workers} = available processors and {@code fqlab.instance-name} = hostname-pid.
 * They are properties (not constructor defaults) because application.properties hands them on to
 * db-scheduler ({@code db-scheduler.threads}, {@code db-scheduler.scheduler-name}), so the worker pool and
 * the name that picks jobs always agree with what the service reports.
 */
public class MachineDefaults implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "fqlabMachineDefaults";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource(SOURCE_NAME, Map.of(
                "fqlab.workers", Runtime.getRuntime().availableProcessors(),
                "fqlab.instance-name", hostname() + "-" + ProcessHandle.current().pid())));
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
