package dev.fqlab.web;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The opaque {@code cursor} of the experiment and sweep lists: the submission sequence number the next page starts
 * below, base64url-encoded with a version prefix so its form can change without breaking old links.
 */
public final class ListCursor {

    private static final String PREFIX = "v1:";

    private ListCursor() {
    }

    public static String encode(long beforeSeq) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((PREFIX + beforeSeq).getBytes(StandardCharsets.UTF_8));
    }

    /** The position, or null when {@code cursor} is not one this service issued. */
    public static Long decode(String cursor) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return text.startsWith(PREFIX) ? Long.parseLong(text.substring(PREFIX.length())) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
