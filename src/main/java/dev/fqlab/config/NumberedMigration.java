package dev.fqlab.config;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * A Flyway Java migration with a fixed version, description and checksum, run in Flyway's transaction. Flyway's own
 * {@code BaseJavaMigration} takes the version from a {@code V12__name} class name; ours are named for what they do,
 * and their checksums are fixed numbers so that a refactor of a migration's code does not read as a changed migration.
 */
public abstract class NumberedMigration implements JavaMigration {

    private final MigrationVersion version;
    private final String description;
    private final int checksum;

    protected NumberedMigration(String version, String description, int checksum) {
        this.version = MigrationVersion.fromVersion(version);
        this.description = description;
        this.checksum = checksum;
    }

    @Override
    public final MigrationVersion getVersion() {
        return version;
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final Integer getChecksum() {
        return checksum;
    }

    @Override
    public final boolean canExecuteInTransaction() {
        return true;
    }
}
