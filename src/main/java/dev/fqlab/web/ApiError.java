package dev.fqlab.web;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One entry of a validation problem's {@code errors}: what is wrong and where. {@code pointer} is an RFC 6901
 * JSON Pointer into the request body; {@code parameter} names a query parameter instead. Exactly one is set.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(String pointer, String parameter, String message) {

    public static ApiError at(String pointer, String message) {
        return new ApiError(pointer, null, message);
    }

    public static ApiError parameter(String parameter, String message) {
        return new ApiError(null, parameter, message);
    }
}
