# syntax=docker/dockerfile:1
# fqlab: build with the JDK and the Maven wrapper, run on a JRE as an unprivileged user.
#   docker build -t fqlab .          (or: docker compose up --build, see docker-compose.yml)

# --- build ------------------------------------------------------------------------------------------------
FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
# Dependencies first: this layer stays cached while only the sources change.
COPY mvnw pom.xml ./
COPY .mvn .mvn
RUN ./mvnw -B -q dependency:go-offline
COPY src src
# The commit becomes part of engineVersion (/actuator/info, every result); sweeps reuse results only from a build
# that knows its commit.
COPY .git .git
# The tests run in CI (.ci/run), not in the image build.
RUN ./mvnw -B -q package -DskipTests \
    && java -Djarmode=tools -jar target/fqlab-*.jar extract --layers --launcher --destination /layers

# --- run --------------------------------------------------------------------------------------------------
FROM eclipse-temurin:25-jre
# The SVG plots measure text with the JRE's font machinery: it needs fontconfig and at least one font.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system fqlab \
    && useradd --system --gid fqlab --home-dir /app --shell /usr/sbin/nologin fqlab \
    && mkdir -p /app/data \
    && chown -R fqlab:fqlab /app
WORKDIR /app
# Spring Boot's layers, least often changed first, so a code change ships as one small layer.
COPY --from=build /layers/dependencies/ ./
COPY --from=build /layers/spring-boot-loader/ ./
COPY --from=build /layers/snapshot-dependencies/ ./
COPY --from=build /layers/application/ ./
USER fqlab
EXPOSE 8080
# Without SPRING_DATASOURCE_URL the service keeps its H2 database in /app/data (mount a volume there).
VOLUME ["/app/data"]
# Heap from the container's memory limit (75 %, the rest for metaspace, threads and the simulations' buffers);
# on OutOfMemoryError exit at once so the orchestrator restarts the instance and its runs are revived elsewhere.
# Override in docker-compose.yml or with -e JAVA_TOOL_OPTIONS=...
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:InitialRAMPercentage=25 -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true"
# Ready = the web server answers and the database is reachable (the readiness group includes db).
# bash's /dev/tcp: no curl needed in the image.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /actuator/health/readiness HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q '\"UP\"' <&3"]
ENTRYPOINT ["java", "org.springframework.boot.loader.launch.JarLauncher"]
