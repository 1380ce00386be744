package dev.fqlab.scenario;

/**
 * Which link a document declares, as far as parsing got. Several checks depend on it (stations, a flow's
 * {@code station}, the WiFi-only parts of the stack, noqueue); they run only when the kind is known.
 */
enum LinkKind {
    WIRED,
    /** Declared but not supported yet: already reported once at {@code /link/type}. */
    WIFI,
    /** Missing or invalid {@code link}/{@code link.type}: already reported. */
    UNKNOWN
}
