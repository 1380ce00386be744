# syntax=docker/dockerfile:1
# Build: JDK 25 with the Maven wrapper (tests run in CI, not here).
FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
COPY mvnw pom.xml ./
COPY .mvn .mvn
RUN ./mvnw -B -q dependency:go-offline
COPY src src
RUN ./mvnw -B -q package -DskipTests && cp target/fqlab-*.jar /fqlab.jar

# Run: a JRE only, as an unprivileged user.
FROM eclipse-temurin:25-jre
RUN groupadd --system fqlab && useradd --system --gid fqlab --home-dir /app --shell /usr/sbin/nologin fqlab \
    && mkdir -p /app/data && chown -R fqlab:fqlab /app
WORKDIR /app
COPY --from=build /fqlab.jar /app/fqlab.jar
USER fqlab
EXPOSE 8080
# Without SPRING_DATASOURCE_URL the service keeps its H2 database in /app/data (mount a volume there).
VOLUME ["/app/data"]
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /actuator/health/readiness HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '\"UP\"' <&3"]
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/fqlab.jar"]
