package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;

/** engineVersion is version+commit; only a version that names its commit lets sweeps reuse results. */
class EngineVersionTest {

    @Test
    void versionAndCommitNameTheCode() {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        Properties build = new Properties();
        build.setProperty("version", "0.1.0");
        Properties git = new Properties();
        git.setProperty("commit.id.abbrev", "abc1234");
        beans.addBean("build", new BuildProperties(build));
        beans.addBean("git", new GitProperties(git));

        EngineVersion version = new EngineVersion(beans.getBeanProvider(BuildProperties.class), beans.getBeanProvider(GitProperties.class));

        assertThat(version.value()).isEqualTo("0.1.0+abc1234");
        assertThat(version.identifiesTheCode()).isTrue();
    }

    @Test
    void aBuildWithoutItsCommitIsNotReusable() {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        Properties build = new Properties();
        build.setProperty("version", "0.1.0");
        beans.addBean("build", new BuildProperties(build));

        EngineVersion version = new EngineVersion(beans.getBeanProvider(BuildProperties.class), beans.getBeanProvider(GitProperties.class));

        assertThat(version.value()).isEqualTo("0.1.0+unknown");
        assertThat(version.identifiesTheCode()).isFalse();
    }
}
