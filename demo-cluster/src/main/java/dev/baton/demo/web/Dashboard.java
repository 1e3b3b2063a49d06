// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.utils.ThreadUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo's web page and JSON API on the JDK's HTTP server: {@code GET /} and the page's files,
 * {@code GET /api/state} ({@link DemoBackend#stateJson()}), {@code POST /api/faults/<kind>} ({@link
 * DemoBackend#inject}; parameters from the query and the form body, which wins; 200, 400, 409 or
 * 500 as {@code {"ok":...}}). A fault POST needs the {@code Origin} of the page itself, and every
 * request a {@code Host} on the {@link AllowedHosts} list (else 403), so no other web page can
 * drive it; there is no authentication.
 */
public final class Dashboard implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Dashboard.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FAULTS = "/api/faults/";
  private static final String STATE = "/api/state";
  private static final String JSON_TYPE = "application/json; charset=utf-8";
  private static final String FORM_TYPE = "application/x-www-form-urlencoded";
  private static final int THREADS = 4;
  private static final int MAX_BODY = 64 * 1024;
  private static final String CSP =
      "default-src 'self'; img-src 'self' data:; "
          + "style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; "
          + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  private final HttpServer server;
  private final ExecutorService pool;
  private final DemoBackend backend;
  private final StaticAssets assets;
  private final URI uri;
  private final AtomicBoolean closed = new AtomicBoolean();

  /** The Host headers answered to. */
  private final AllowedHosts hosts;

  private Dashboard(
      HttpServer server,
      ExecutorService pool,
      DemoBackend backend,
      StaticAssets assets,
      List<String> allowedHosts) {
    this.server = server;
    this.pool = pool;
    this.backend = backend;
    this.assets = assets;
    this.uri = uriOf(server.getAddress());
    this.hosts = AllowedHosts.of(server.getAddress(), allowedHosts);
  }

  /** Starts the dashboard on {@code bind} answering only to the default {@link AllowedHosts}. */
  public static Dashboard start(InetSocketAddress bind, DemoBackend backend) {
    return start(bind, List.of(), backend);
  }

  /**
   * Starts the dashboard on {@code bind} (port 0 picks a free port, see {@link #uri()}).
   *
   * @throws UncheckedIOException if the address cannot be bound
   * @throws IllegalArgumentException if an entry of {@code allowedHosts} is malformed
   */
  public static Dashboard start(
      InetSocketAddress bind, List<String> allowedHosts, DemoBackend backend) {
    Objects.requireNonNull(bind, "bind");
    Objects.requireNonNull(backend, "backend");
    allowedHosts.forEach(AllowedHosts::check);
    StaticAssets assets = StaticAssets.load();
    HttpServer server;
    try {
      server = HttpServer.create(bind, 0);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot bind the dashboard to " + bind, e);
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            THREADS, ThreadUtils.newGenericThreadFactory("baton-dashboard"));
    Dashboard dashboard = new Dashboard(server, pool, backend, assets, List.copyOf(allowedHosts));
    server.createContext("/", dashboard::handle);
    server.setExecutor(pool);
    server.start();
    return dashboard;
  }

  /** The page's address, e.g. {@code http://127.0.0.1:8080/}, with the real port. */
  public URI uri() {
    return uri;
  }

  /** Stops serving at once; idempotent. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  private void handle(HttpExchange exchange) {
    String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
    String path = exchange.getRequestURI().getPath();
    try {
      String host = exchange.getRequestHeaders().getFirst("Host");
      if (!hosts.allows(host)) {
        String to = host == null ? "a request without a Host header" : host;
        String hint = " (add the name you reach it by with " + AllowedHosts.OPTION + ")";
        String only = "the dashboard answers only to the hosts " + hosts.describe();
        error(exchange, 403, only + ", not to " + to + hint);
      } else if (path.startsWith(FAULTS)) {
        String kind = path.substring(FAULTS.length());
        if (kind.isEmpty() || kind.contains("/")) {
          error(exchange, 404, "no such path: " + path);
        } else if (!method.equals("POST")) {
          notAllowed(exchange, "POST");
        } else {
          fault(exchange, kind);
        }
      } else if (path.equals(STATE)) {
        if (method.equals("GET")) {
          send(exchange, 200, JSON_TYPE, backend.stateJson().getBytes(StandardCharsets.UTF_8));
        } else {
          notAllowed(exchange, "GET");
        }
      } else {
        StaticAssets.Asset asset = assets.get(path);
        if (asset == null) {
          error(exchange, 404, "no such path: " + path);
        } else if (method.equals("GET")) {
          send(exchange, 200, asset.contentType(), asset.bytes());
        } else {
          notAllowed(exchange, "GET");
        }
      }
    } catch (IOException e) {
      LOG.debug("dashboard request {} {} broke off: {}", method, path, e.toString());
    } catch (RuntimeException e) {
      LOG.error("dashboard request {} {} failed", method, path, e);
      if (exchange.getResponseCode() == -1) {
        try {
          error(exchange, 500, "internal error: " + e);
        } catch (IOException ignored) {
          // the client is gone
        }
      }
    } finally {
      exchange.close();
    }
  }

  private void fault(HttpExchange exchange, String kind) throws IOException {
    String origin = exchange.getRequestHeaders().getFirst("Origin");
    String host = exchange.getRequestHeaders().getFirst("Host");
    String onlyOwn = "faults are only accepted from the dashboard's own page";
    if (origin == null) {
      String send = " (send 'Origin: http://" + host + "')";
      error(exchange, 403, onlyOwn + ": the request has no Origin header" + send);
      return;
    }
    if (!origin.equalsIgnoreCase("http://" + host)) {
      error(exchange, 403, onlyOwn + " (http://" + host + "), not from another origin");
      return;
    }
    String body = "";
    String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
    try (InputStream in = exchange.getRequestBody()) {
      byte[] bytes = in.readNBytes(MAX_BODY + 1);
      if (bytes.length > MAX_BODY) {
        error(exchange, 413, "request body larger than " + MAX_BODY + " bytes");
        return;
      }
      if (bytes.length > 0) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith(FORM_TYPE)) {
          error(exchange, 415, "send parameters in the query string or as " + FORM_TYPE);
          return;
        }
        body = new String(bytes, StandardCharsets.UTF_8);
      }
    }
    String message;
    try {
      Map<String, String> params = FormParams.merge(exchange.getRequestURI().getRawQuery(), body);
      message = backend.inject(kind, params);
    } catch (IllegalArgumentException e) {
      error(exchange, 400, messageOf(e));
      return;
    } catch (IllegalStateException e) {
      error(exchange, 409, messageOf(e));
      return;
    }
    ObjectNode ok = JSON.createObjectNode().put("ok", true).put("message", message);
    send(exchange, 200, JSON_TYPE, toBytes(ok));
  }

  private static void notAllowed(HttpExchange exchange, String allowed) throws IOException {
    exchange.getResponseHeaders().set("Allow", allowed);
    error(exchange, 405, "method " + exchange.getRequestMethod() + " not allowed, use " + allowed);
  }

  private static void error(HttpExchange exchange, int status, String message) throws IOException {
    ObjectNode error = JSON.createObjectNode().put("ok", false).put("error", message);
    send(exchange, status, JSON_TYPE, toBytes(error));
  }

  private static void send(HttpExchange exchange, int status, String contentType, byte[] body)
      throws IOException {
    var headers = exchange.getResponseHeaders();
    headers.set("Content-Type", contentType);
    headers.set("Cache-Control", "no-cache, no-store, must-revalidate");
    headers.set("X-Content-Type-Options", "nosniff");
    if (contentType.startsWith("text/html")) {
      headers.set("Content-Security-Policy", CSP);
      headers.set("Referrer-Policy", "no-referrer");
    }
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static byte[] toBytes(ObjectNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  private static String messageOf(RuntimeException e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }

  private static URI uriOf(InetSocketAddress address) {
    InetAddress ip = address.getAddress();
    String host;
    if (ip == null || ip.isAnyLocalAddress()) {
      host = "127.0.0.1";
    } else {
      host = AllowedHosts.literal(ip);
    }
    return URI.create("http://" + host + ":" + address.getPort() + "/");
  }
}
