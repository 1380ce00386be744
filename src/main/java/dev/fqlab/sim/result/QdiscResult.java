package dev.fqlab.sim.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A qdisc's counters as {@code tc -s qdisc} shows them (results.md {@code qdisc}): the {@link TcCounters} every type
 * has, then the type's xstats, all in one flat JSON object led by {@code type}. One record per kind of xstats, so a
 * type's extra counters exist exactly where the type has them; the JSON's {@code type} picks the record when the
 * service reads a stored result back.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "type",
        visible = true, defaultImpl = QdiscResult.Plain.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = QdiscResult.Plain.class, names = {"pfifo", "noqueue"}),
        @JsonSubTypes.Type(value = QdiscResult.FqCodel.class, name = "fq_codel"),
        @JsonSubTypes.Type(value = QdiscResult.Codel.class, name = "codel"),
        @JsonSubTypes.Type(value = QdiscResult.Fq.class, name = "fq")})
public sealed interface QdiscResult permits QdiscResult.Plain, QdiscResult.FqCodel, QdiscResult.Codel, QdiscResult.Fq {

    /** tc's name of the qdisc: {@code noqueue}, {@code pfifo}, {@code fq_codel}, {@code codel}, {@code fq}. */
    String type();

    TcCounters counters();

    /** No qdisc (a WiFi AP with {@code stack.qdisc} noqueue): tc shows it with every counter 0. */
    static QdiscResult noqueue() {
        return new Plain("noqueue", TcCounters.NONE);
    }

    static QdiscResult pfifo(TcCounters counters) {
        return new Plain("pfifo", counters);
    }

    /** A qdisc without xstats (pfifo, noqueue). */
    record Plain(String type, @JsonUnwrapped TcCounters counters) implements QdiscResult {
    }

    /** fq_codel: the counters and its xstats. */
    @JsonPropertyOrder({"type"})
    record FqCodel(@JsonUnwrapped TcCounters counters, @JsonUnwrapped FqCodelXstats xstats) implements QdiscResult {
        @Override
        @JsonProperty("type")
        public String type() {
            return "fq_codel";
        }
    }

    /** codel: the counters and its xstats. */
    @JsonPropertyOrder({"type"})
    record Codel(@JsonUnwrapped TcCounters counters, @JsonUnwrapped CodelXstats xstats) implements QdiscResult {
        @Override
        @JsonProperty("type")
        public String type() {
            return "codel";
        }
    }

    /** fq: the counters and its xstats. */
    @JsonPropertyOrder({"type"})
    record Fq(@JsonUnwrapped TcCounters counters, @JsonUnwrapped FqXstats xstats) implements QdiscResult {
        @Override
        @JsonProperty("type")
        public String type() {
            return "fq";
        }
    }
}
