package dev.fqlab.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fqlab.support.Api;
import dev.fqlab.support.ServiceTest;
import dev.fqlab.support.TestScenarios;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/** The experiment row and its job row are one unit: a rolled-back submission leaves neither behind. */
class SubmissionTransactionTest extends ServiceTest {

    @Autowired
    ExperimentService service;

    @Autowired
    SubmissionReader submissions;

    @Autowired
    TransactionTemplate transactions;

    @Test
    void aRolledBackSubmissionStoresNeitherExperimentNorJob() {
        Submission submission = submissions.read(Api.JSON.readTree(TestScenarios.request(TestScenarios.quick())));
        AtomicReference<String> id = new AtomicReference<>();

        assertThatThrownBy(() -> transactions.executeWithoutResult(status -> {
            id.set(service.submit(submission, null).experiment().id().toString());
            assertThat(count("SELECT COUNT(*) FROM experiments WHERE id = ?", id.get())).isEqualTo(1);
            throw new IllegalStateException("roll back");
        })).hasMessage("roll back");

        assertThat(count("SELECT COUNT(*) FROM experiments WHERE id = ?", id.get())).isZero();
        assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_instance = ?").param(id.get())
                .query(Long.class).single()).isZero();
    }

    @Test
    void aCommittedSubmissionStoresBoth() {
        Submission submission = submissions.read(Api.JSON.readTree(TestScenarios.request(TestScenarios.endless())));
        String id = transactions.execute(status -> {
            String newId = service.submit(submission, null).experiment().id().toString();
            // Inside the transaction, before commit, the job row is already written with the experiment.
            assertThat(jdbc.sql("SELECT COUNT(*) FROM scheduled_tasks WHERE task_instance = ?").param(newId)
                    .query(Long.class).single()).isEqualTo(1);
            return newId;
        });
        try {
            assertThat(count("SELECT COUNT(*) FROM experiments WHERE id = ?", id)).isEqualTo(1);
        } finally {
            service.cancel(java.util.UUID.fromString(id));
        }
    }
}
