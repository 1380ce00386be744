package dev.fqlab.sweep;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link SweepRenderCacheTest} on the embedded H2 (PostgreSQL mode, as the service's default). */
class SweepRenderCacheH2Test extends SweepRenderCacheTest {

    @DynamicPropertySource
    static void h2(DynamicPropertyRegistry registry) {
        SweepMetricsApiH2Test.useH2(registry, "sweep-render-cache");
    }
}
