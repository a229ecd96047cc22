# A container image for `feedshot serve`. Build: docker build -t feedshot .
# Run:   docker run -p 8080:8080 -e FEEDSHOT_TOKEN=secret feedshot
# Built by DeploymentTests where a Docker engine answers (skipped, saying so, elsewhere).
# Kubernetes: deploy/kubernetes/ (Deployment, Service, HorizontalPodAutoscaler).
# Swift 6.2 or later (Span); 6.3 is what the tests run with.
FROM swift:6.3-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      pkg-config libcairo2-dev libpango1.0-dev libspng-dev libdeflate-dev libturbojpeg0-dev libwebp-dev libgif-dev libmicrohttpd-dev libssl-dev libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product feedshot \
    && install -D .build/release/feedshot /out/bin/feedshot \
    && mkdir -p /out/share/feedshot && cp -r fonts /out/share/feedshot/fonts && cp -r examples /out/share/feedshot/examples \
    && cp -r .build/release/Feedshot_*.resources /out/share/feedshot/

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libspng0 libdeflate0 libturbojpeg0 libwebp7 libwebpdemux2 libgif7 libmicrohttpd12 \
      libssl3 libcurl4 libxml2 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /usr/lib/swift/linux/*.so /usr/lib/swift/linux/
COPY --from=build /out/ /usr/local/
ENV LD_LIBRARY_PATH=/usr/lib/swift/linux FEEDSHOT_HOST=0.0.0.0 FEEDSHOT_PORT=8080 \
    FEEDSHOT_EXAMPLES=/usr/local/share/feedshot/examples FEEDSHOT_LOG_FORMAT=json
USER nobody
EXPOSE 8080
HEALTHCHECK CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q ok <&3"]
ENTRYPOINT ["/usr/local/bin/feedshot", "serve"]
