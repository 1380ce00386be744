package dev.fqlab.scenario;

/** One invalid field: an RFC 6901 JSON Pointer into the submitted document and what is wrong with it. */
public record FieldError(String pointer, String message) {
}
