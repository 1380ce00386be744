package dev.fqlab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fqlab.support.ServiceTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.json.JsonMapper;

/** The service's JsonMapper, which writes stored result documents, has the primitive-values module. */
class PrimitiveValuesModuleServiceTest extends ServiceTest {

    @Autowired
    JsonMapper jsonMapper;

    @Test
    void theServicesMapperWritesPrimitiveListsWithTheModule() {
        assertThat(jsonMapper.registeredModules()).extracting(JacksonModule::getModuleName)
                .contains("fqlab-primitive-values");
    }
}
