# HomeCam in a container: Debian bookworm slim with Node 20, Debian's ffmpeg, run as the unprivileged user
# `homecam`. The install steps are deploy/install.sh, the same script a host install and CI run.
#   docker compose up -d            (compose.yaml: host network, volumes, restart policy)
FROM node:20-bookworm-slim

COPY . /usr/src/homecam
RUN bash /usr/src/homecam/deploy/install.sh --source /usr/src/homecam --prefix /opt/homecam --data /data \
      --user homecam --no-systemd \
 && rm -rf /usr/src/homecam /root/.npm /var/lib/apt/lists/*

# /data: homecam.db, config.json, logs, backups, HomeKit keys; /data/recordings: the clips (its own volume, so it
# can live on a bigger disk). Both belong to homecam (created by install.sh).
VOLUME ["/data", "/data/recordings"]
ENV NODE_ENV=production HOMECAM_DATA=/data HOMECAM_PORT=8081
# Web UI, HTTP trigger, HomeKit (HAP). HomeKit's mDNS and WebRTC's UDP need the host network (see compose.yaml).
EXPOSE 8081 7272 51826
USER homecam
WORKDIR /data

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HOMECAM_PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The supervisor starts the server again when Settings → System → restart (or a restore) ends it with exit code 75,
# and passes the container's SIGTERM on for a clean stop.
CMD ["node", "/opt/homecam/scripts/supervisor.mjs", "/opt/homecam/server/dist/main.js"]
