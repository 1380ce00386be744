package dev.fqlab.scenario;

/** RFC 6901 JSON Pointers, built one reference token at a time. */
final class Pointers {

    /** The pointer of the whole document. */
    static final String ROOT = "";

    private Pointers() {
    }

    static String child(String parent, String name) {
        // RFC 6901 §3: '~' must be escaped before '/', or "~1" written for '/' would be read back as '/'.
        return parent + "/" + name.replace("~", "~0").replace("/", "~1");
    }

    static String child(String parent, int index) {
        return parent + "/" + index;
    }
}
