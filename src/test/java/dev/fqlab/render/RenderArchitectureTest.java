package dev.fqlab.render;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Renderings are the end of the line (architecture.md): they read a stored result and depend on nothing that runs. */
class RenderArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.fqlab");
    }

    @Test
    void nothingDependsOnTheRenderings() {
        noClasses().that().resideOutsideOfPackage("dev.fqlab.render..")
                .should().dependOnClassesThat().resideInAPackage("dev.fqlab.render..")
                .check(classes);
    }

    @Test
    void renderingsNeitherRunSimulationsNorTouchTheDatabase() {
        noClasses().that().resideInAPackage("dev.fqlab.render..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.fqlab.jobs..", "java.sql..", "javax.sql..",
                        "org.springframework.jdbc..", "dev.fqlab.sim.core..", "dev.fqlab.sim.qdisc..")
                .check(classes);
    }

    @Test
    void onlyTheControllerSpeaksHttp() {
        noClasses().that().resideInAnyPackage("dev.fqlab.render.flent..", "dev.fqlab.render.plot..", "dev.fqlab.render.report..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework.web..", "org.springframework.http..",
                        "jakarta.servlet..")
                .check(classes);
    }
}
