package dev.fqlab.validation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;

/**
 * One case of a scorecard run: the reference and fqlab's value, the relative error, and the verdict ({@code pass},
 * {@code fail}; {@code pending} while its experiment waits or runs; {@code error} when it failed or was cancelled).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CaseOutcome(String name, String source, String quantity, String criterion, Double reference,
                          Double fqlab, Double errorPercent, String verdict, UUID experimentId, String report) {
}
