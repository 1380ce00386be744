package dev.fqlab;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The fqlab service: accepts queueing experiments over HTTP and runs them on the engine in {@code dev.fqlab.sim}. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class FqlabApplication {
    public static void main(String[] args) {
        SpringApplication.run(FqlabApplication.class, args);
    }
}
