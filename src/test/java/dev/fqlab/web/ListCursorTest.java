package dev.fqlab.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ListCursorTest {

    @Test
    void roundTripsAndRejectsForeignCursors() {
        assertThat(ListCursor.decode(ListCursor.encode(12345))).isEqualTo(12345L);
        assertThat(ListCursor.encode(7)).doesNotContain("7").matches("[A-Za-z0-9_-]+");
        assertThat(ListCursor.decode("not base64!")).isNull();
        assertThat(ListCursor.decode("djI6MQ")).isNull(); // "v2:1"
        assertThat(ListCursor.decode("djE6eA")).isNull(); // "v1:x"
    }
}
