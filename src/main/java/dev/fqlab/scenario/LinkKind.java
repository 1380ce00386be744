package dev.fqlab.scenario;

/**
 * Which link a document declares, as far as parsing got. Several checks depend on it (stations, a flow's
 * {@code station}, the WiFi-only parts of the stack, noqueue); they run only when the kind is known.
 */
enum LinkKind {
    WIRED,
    /** A wifi link (valid or not in its other fields): stations, a flow's station and the WiFi stack parts apply. */
    WIFI,
    /** Missing or invalid {@code link}/{@code link.type}: already reported. */
    UNKNOWN
}
