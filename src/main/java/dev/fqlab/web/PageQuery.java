package dev.fqlab.web;

import java.util.ArrayList;
import java.util.List;

/**
 * The paging query parameters every list endpoint takes (experiments, sweeps): {@code limit}, the page size from 1 to
 * {@link #MAX_LIMIT} ({@link #DEFAULT_LIMIT} when absent), and {@code cursor}, the {@code next} value of the previous
 * page ({@link ListCursor}).
 *
 * @param beforeSeq the position the page starts below, null for the first page
 */
public record PageQuery(int limit, Long beforeSeq) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;
    /** The parameters as the OpenAPI document describes them. */
    public static final String DESCRIPTION = "limit: 1 to " + MAX_LIMIT + " (default " + DEFAULT_LIMIT
            + "); cursor: the next value of the previous page.";

    /** The page the parameters ask for; a 400 problem naming each invalid one. */
    public static PageQuery read(String limit, String cursor) {
        List<ApiError> errors = new ArrayList<>();
        PageQuery page = read(limit, cursor, errors);
        if (!errors.isEmpty()) {
            throw ApiProblem.invalid(errors);
        }
        return page;
    }

    /**
     * The page the parameters ask for, for an endpoint with more parameters to check: each invalid one adds its
     * error to {@code errors} (cursor first, then limit) and reads as absent.
     */
    public static PageQuery read(String limit, String cursor, List<ApiError> errors) {
        Long beforeSeq = cursor(cursor, errors);
        return new PageQuery(limit(limit, errors), beforeSeq);
    }

    /** The {@code next} value of a page whose last item has position {@code seq}. */
    public static String next(long seq) {
        return ListCursor.encode(seq);
    }

    private static int limit(String value, List<ApiError> errors) {
        if (value == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int limit = Integer.parseInt(value.trim());
            if (limit >= 1 && limit <= MAX_LIMIT) {
                return limit;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        errors.add(ApiError.parameter("limit", "must be an integer from 1 to " + MAX_LIMIT));
        return DEFAULT_LIMIT;
    }

    private static Long cursor(String value, List<ApiError> errors) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        Long position = ListCursor.decode(value);
        if (position == null) {
            errors.add(ApiError.parameter("cursor", "not a cursor this service issued; use the next value of a previous page"));
        }
        return position;
    }
}
