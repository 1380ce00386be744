package dev.fqlab.jobs;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;
import org.springframework.stereotype.Component;

/**
 * The {@code engineVersion} stamped on every result: {@code <project version>+<git abbrev commit>[.dirty].engine-<hash>},
 * e.g. {@code 0.1.0+abc1234.engine-3f2a9c1d0b7e}, from the build-info and git.properties files the build generates
 * and the {@link EngineCode} fingerprint of the engine's classes. {@code .dirty} marks a build from a working tree
 * with uncommitted changes. Parts the build did not produce read {@code unknown}.
 *
 * <p>Sweeps reuse an earlier result only when its engine fingerprint equals this one ({@link #reuseSuffix}): the
 * commit alone does not name the code (a dirty tree, or an edit not yet committed), and commits that leave the
 * engine alone keep their results reusable.
 */
@Component
public class EngineVersion {

    static final String ENGINE_MARK = ".engine-";

    private final String value;
    private final String engineCode;

    @Autowired
    public EngineVersion(ObjectProvider<BuildProperties> build, ObjectProvider<GitProperties> git) {
        this(build, git, EngineCode.ofClassPath());
    }

    EngineVersion(ObjectProvider<BuildProperties> build, ObjectProvider<GitProperties> git, String engineCode) {
        BuildProperties buildProperties = build.getIfAvailable();
        GitProperties gitProperties = git.getIfAvailable();
        String version = buildProperties == null || buildProperties.getVersion() == null ? "unknown" : buildProperties.getVersion();
        String commit = gitProperties == null || gitProperties.getShortCommitId() == null ? "unknown" : gitProperties.getShortCommitId();
        boolean dirty = gitProperties != null && "true".equals(gitProperties.get("dirty"));
        this.engineCode = engineCode;
        this.value = version + "+" + commit + (dirty ? ".dirty" : "") + ENGINE_MARK + (engineCode == null ? "unknown" : engineCode);
    }

    public String value() {
        return value;
    }

    /** Whether the engine's code could be fingerprinted; sweeps reuse earlier results only then. */
    public boolean identifiesTheCode() {
        return engineCode != null;
    }

    /** The end every reusable result's engine version has: the same engine fingerprint, whatever the commit. */
    public String reuseSuffix() {
        return ENGINE_MARK + engineCode;
    }
}
