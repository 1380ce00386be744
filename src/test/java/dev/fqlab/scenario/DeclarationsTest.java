package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.RecordSchema;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every scenario record is declared field by field: each record in {@code dev.fqlab.sim.scenario} is reachable from
 * {@link Scenario#SCHEMA}, and every one of its components has a declaration.
 */
class DeclarationsTest {

    @Test
    void everyScenarioRecordHasADeclarationForEveryComponent() {
        Set<RecordSchema<?>> schemas = new LinkedHashSet<>();
        collect(Scenario.SCHEMA, schemas);
        Set<Class<?>> declared = new LinkedHashSet<>();
        for (RecordSchema<?> schema : schemas) {
            assertThat(schema.undeclaredComponents()).as(schema.type().getName()).isEmpty();
            declared.add(schema.type());
        }

        Set<Class<?>> records = new LinkedHashSet<>();
        for (JavaClass type : new ClassFileImporter().importPackages("dev.fqlab.sim.scenario")) {
            if (type.getPackageName().equals("dev.fqlab.sim.scenario") && type.reflect().isRecord()) {
                records.add(type.reflect());
            }
        }
        assertThat(records).isNotEmpty();
        assertThat(declared).containsAll(records);
    }

    /**
     * Any scenario record can be the first class of the package a program touches: a schema that reaches back into its
     * own interface while that interface reads the schema would fail to initialise (seen when a test built a
     * {@code QdiscSpec.Pfifo} before anything else).
     */
    @Test
    void everyScenarioRecordInitialisesOnItsOwn() throws Exception {
        URL classes = Scenario.class.getProtectionDomain().getCodeSource().getLocation();
        for (JavaClass type : new ClassFileImporter().importPackages("dev.fqlab.sim.scenario")) {
            if (!type.getPackageName().equals("dev.fqlab.sim.scenario") || !type.reflect().isRecord()) {
                continue;
            }
            try (URLClassLoader fresh = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
                int schemas = 0;
                for (java.lang.reflect.Field field : Class.forName(type.getName(), true, fresh).getDeclaredFields()) {
                    if (field.getType().getName().equals(RecordSchema.class.getName())) {
                        assertThat(field.trySetAccessible()).isTrue();
                        assertThat(field.get(null)).as("%s.%s", type.getName(), field.getName()).isNotNull();
                        schemas++;
                    }
                }
                assertThat(schemas).as(type.getName()).isPositive();
            }
        }
    }

    private static void collect(RecordSchema<?> schema, Set<RecordSchema<?>> schemas) {
        if (!schemas.add(schema)) {
            return;
        }
        for (Field field : schema.fields()) {
            if (field.schema() != null) {
                collect(field.schema(), schemas);
            }
            if (field.variants() != null) {
                field.variants().schemas().forEach(variant -> collect(variant, schemas));
            }
        }
    }
}
