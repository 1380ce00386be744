package dev.fqlab.jobs;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;
import org.springframework.stereotype.Component;

/**
 * The {@code engineVersion} stamped on every result: {@code <project version>+<git abbrev commit>}, e.g.
 * {@code 0.1.0+abc1234}, from the build-info and git.properties files the build generates. Parts the build
 * did not produce (an IDE run, or a build from sources without their .git) read {@code unknown}.
 */
@Component
public class EngineVersion {

    private final String value;

    public EngineVersion(ObjectProvider<BuildProperties> build, ObjectProvider<GitProperties> git) {
        BuildProperties buildProperties = build.getIfAvailable();
        GitProperties gitProperties = git.getIfAvailable();
        String version = buildProperties == null || buildProperties.getVersion() == null ? "unknown" : buildProperties.getVersion();
        String commit = gitProperties == null || gitProperties.getShortCommitId() == null ? "unknown" : gitProperties.getShortCommitId();
        this.value = version + "+" + commit;
    }

    public String value() {
        return value;
    }

    /**
     * Whether the version names the code exactly. Sweeps reuse earlier results only then: two builds that both
     * read {@code 0.1.0+unknown} may simulate differently.
     */
    public boolean identifiesTheCode() {
        return !value.contains("unknown");
    }
}
