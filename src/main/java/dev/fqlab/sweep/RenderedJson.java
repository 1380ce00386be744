package dev.fqlab.sweep;

import java.io.IOException;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * A JSON answer the service has already written ({@link SweepJson}, or kept): sent as its bytes by a converter that
 * offers the media types the JSON converter offers (application/json and application/*+json), so content
 * negotiation is what it is for a JSON body (e.g. {@code Accept: text/html} is a 406, {@code *}{@code /*} gets
 * application/json) without writing the JSON again.
 */
record RenderedJson(byte[] bytes) {

    /** Sends {@link RenderedJson} bodies; registered before the default converters. */
    static final class Converter extends AbstractHttpMessageConverter<RenderedJson> {

        Converter() {
            super(MediaType.APPLICATION_JSON, new MediaType("application", "*+json"));
        }

        @Override
        protected boolean supports(Class<?> type) {
            return RenderedJson.class == type;
        }

        @Override
        public boolean canRead(Class<?> type, MediaType mediaType) {
            return false;
        }

        @Override
        protected RenderedJson readInternal(Class<? extends RenderedJson> type, HttpInputMessage input) {
            throw new UnsupportedOperationException("RenderedJson is only written");
        }

        @Override
        protected Long getContentLength(RenderedJson json, MediaType contentType) {
            return (long) json.bytes().length;
        }

        @Override
        protected void writeInternal(RenderedJson json, HttpOutputMessage output) throws IOException {
            output.getBody().write(json.bytes());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Registration implements WebMvcConfigurer {

        @Override
        public void configureMessageConverters(HttpMessageConverters.ServerBuilder builder) {
            builder.addCustomConverter(new Converter());
        }
    }
}
