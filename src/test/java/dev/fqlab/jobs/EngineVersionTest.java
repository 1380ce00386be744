package dev.fqlab.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;

/** engineVersion is version+commit[.dirty].engine-fingerprint; sweeps reuse results by the fingerprint alone. */
class EngineVersionTest {

    private static EngineVersion version(String projectVersion, String commit, String dirty, String engineCode) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        Properties build = new Properties();
        build.setProperty("version", projectVersion);
        beans.addBean("build", new BuildProperties(build));
        if (commit != null) {
            Properties git = new Properties();
            git.setProperty("commit.id.abbrev", commit);
            if (dirty != null) {
                git.setProperty("dirty", dirty);
            }
            beans.addBean("git", new GitProperties(git));
        }
        return new EngineVersion(beans.getBeanProvider(BuildProperties.class), beans.getBeanProvider(GitProperties.class),
                engineCode);
    }

    @Test
    void versionCommitAndEngineFingerprintNameTheCode() {
        EngineVersion version = version("0.1.0", "abc1234", "false", "3f2a9c1d0b7e");

        assertThat(version.value()).isEqualTo("0.1.0+abc1234.engine-3f2a9c1d0b7e");
        assertThat(version.identifiesTheCode()).isTrue();
        assertThat(version.reuseSuffix()).isEqualTo(".engine-3f2a9c1d0b7e");
    }

    @Test
    void aBuildFromUncommittedChangesSaysSo() {
        assertThat(version("0.1.0", "abc1234", "true", "3f2a9c1d0b7e").value())
                .isEqualTo("0.1.0+abc1234.dirty.engine-3f2a9c1d0b7e");
    }

    @Test
    void withoutItsCommitTheFingerprintStillNamesTheEngine() {
        EngineVersion version = version("0.1.0", null, null, "3f2a9c1d0b7e");

        assertThat(version.value()).isEqualTo("0.1.0+unknown.engine-3f2a9c1d0b7e");
        assertThat(version.identifiesTheCode()).isTrue();
    }

    @Test
    void anEngineWhoseClassesCannotBeReadIsNeverReused() {
        EngineVersion version = version("0.1.0", "abc1234", "false", null);

        assertThat(version.value()).isEqualTo("0.1.0+abc1234.engine-unknown");
        assertThat(version.identifiesTheCode()).isFalse();
    }

    @Test
    void theServiceBuildFingerprintsItsOwnEngine() {
        assertThat(EngineCode.ofClassPath()).matches("[0-9a-f]{12}");
    }
}
