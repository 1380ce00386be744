package dev.fqlab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The engine stays plain Java: no Spring, JDBC, servlet or HTTP, and no dependency on the service. The service's
 * packages are layers: each uses only those below it.
 */
class ArchitectureTest {

    /** fqlab's packages, lowest first. */
    private static final List<String> LAYERS = List.of("sim", "scenario", "config", "web", "metrics", "preset",
            "experiment", "result", "jobs", "sweep", "measurement", "render");

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.fqlab");
    }

    @Test
    void engineHasNoFrameworkDependencies() {
        noClasses().that().resideInAPackage("dev.fqlab.sim..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.springframework..", "java.sql..", "javax.sql..", "jakarta.servlet..", "javax.servlet..",
                        "java.net.http..", "org.flywaydb..", "com.github.kagkarlsson..", "io.micrometer..",
                        "tools.jackson..")
                .because("the engine is plain Java (architecture.md); the service wraps it")
                .check(classes);
    }

    @Test
    void engineDoesNotReachIntoTheService() {
        noClasses().that().resideInAPackage("dev.fqlab.sim..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.fqlab.sim..", "java..",
                        "org.HdrHistogram..", "com.fasterxml.jackson.annotation..")
                .check(classes);
    }

    @Test
    void noPackageUsesOneAboveIt() {
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] above = LAYERS.subList(i + 1, LAYERS.size()).stream().map(p -> "dev.fqlab." + p + "..")
                    .toArray(String[]::new);
            noClasses().that().resideInAPackage("dev.fqlab." + LAYERS.get(i) + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(above)
                    .because("the layers run " + String.join(" < ", LAYERS))
                    .check(classes);
        }
    }
}
