package dev.fqlab.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.fqlab.sim.scenario.Scenario;
import dev.fqlab.sim.scenario.schema.Field;
import dev.fqlab.sim.scenario.schema.RecordSchema;
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
