// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DashboardTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FORM = "application/x-www-form-urlencoded";

  private final HttpClient http = HttpClient.newHttpClient();
  private final FakeBackend backend = new FakeBackend();
  private Dashboard dashboard;

  @BeforeEach
  void start() {
    dashboard =
        Dashboard.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), backend);
  }

  @AfterEach
  void stop() {
    dashboard.close();
  }

  @Test
  void uriIsTheRealLoopbackPort() {
    URI uri = dashboard.uri();
    assertThat(uri.getScheme()).isEqualTo("http");
    assertThat(uri.getHost()).isEqualTo("127.0.0.1");
    assertThat(uri.getPort()).isPositive();
    assertThat(uri.getPath()).isEqualTo("/");
  }

  @Test
  void aRequestForAnotherHostIsRefusedAgainstDnsRebinding() throws Exception {
    int port = dashboard.uri().getPort();
    assertThat(statusLine("localhost:" + port)).contains(" 200 ");
    assertThat(statusLine("127.0.0.1:" + port)).contains(" 200 ");
    assertThat(statusLine("evil.example:" + port)).contains(" 403 ");
    assertThat(statusLine("127.0.0.1:" + (port + 1))).contains(" 403 ");
    assertThat(backend.injections).isEmpty();
  }

  /** The status line of a raw GET of the state with this Host header (HttpClient cannot set it). */
  private String statusLine(String host) throws IOException {
    try (java.net.Socket socket =
        new java.net.Socket(InetAddress.getLoopbackAddress(), dashboard.uri().getPort())) {
      socket
          .getOutputStream()
          .write(
              ("GET /api/state HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      return new java.io.BufferedReader(
              new java.io.InputStreamReader(
                  socket.getInputStream(), java.nio.charset.StandardCharsets.US_ASCII))
          .readLine();
    }
  }

  @Test
  void stateIsTheBackendsJsonUncached() throws Exception {
    String state = "{\"now\":1,\"text\":\"ünïcødé <&> \\\"quoted\\\"\"}";
    backend.fixState(state);
    HttpResponse<String> response = get("/api/state");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValue("application/json; charset=utf-8");
    assertThat(response.headers().firstValue("Cache-Control"))
        .hasValueSatisfying(value -> assertThat(value).contains("no-store").contains("no-cache"));
    assertThat(response.body()).isEqualTo(state);
  }

  @Test
  void faultTakesQueryParameters() throws Exception {
    HttpResponse<String> response = post("/api/faults/cut-worker?worker=w2&seconds=5", null, "");
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.get("ok").asBoolean()).isTrue();
    assertThat(body.get("message").asText()).startsWith("cut-worker done");
    assertThat(backend.injections)
        .containsExactly(
            new FakeBackend.Injection("cut-worker", Map.of("worker", "w2", "seconds", "5")));
  }

  @Test
  void faultTakesFormParametersOverQueryOnes() throws Exception {
    HttpResponse<String> response =
        post(
            "/api/faults/cut-worker?seconds=1&worker=w1",
            FORM,
            "seconds=7&worker=w%203+%C3%BC&flag");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(backend.injections)
        .containsExactly(
            new FakeBackend.Injection(
                "cut-worker", Map.of("worker", "w 3 ü", "seconds", "7", "flag", "")));
  }

  @Test
  void faultWithoutParametersGetsAnEmptyMapAndTheMessageIsEscaped() throws Exception {
    HttpResponse<String> response = post("/api/faults/kill-leader", null, "");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValue("application/json; charset=utf-8");
    assertThat(JSON.readTree(response.body()).get("message").asText())
        .isEqualTo("killed w1 (pid 101), the scheduler leader");
    assertThat(backend.injections)
        .containsExactly(new FakeBackend.Injection("kill-leader", Map.of()));

    backend.failNext(new IllegalArgumentException("bad \"worker\"\n<w9>"));
    JsonNode error = JSON.readTree(post("/api/faults/expire-session?worker=w9", null, "").body());
    assertThat(error.get("ok").asBoolean()).isFalse();
    assertThat(error.get("error").asText()).isEqualTo("bad \"worker\"\n<w9>");
  }

  @Test
  void badParametersAre400() throws Exception {
    HttpResponse<String> unknown = post("/api/faults/melt-datacenter", null, "");
    assertThat(unknown.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(unknown.body()).get("error").asText())
        .isEqualTo("unknown fault: melt-datacenter");

    HttpResponse<String> malformed = post("/api/faults/pause-leader", FORM, "seconds=%zz");
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(backend.injections)
        .extracting(FakeBackend.Injection::kind)
        .containsExactly("melt-datacenter");
  }

  @Test
  void impossibleNowIs409AndBackendFailureIs500() throws Exception {
    backend.failNext(new IllegalStateException("no leader right now"));
    HttpResponse<String> conflict = post("/api/faults/pause-leader", null, "");
    assertThat(conflict.statusCode()).isEqualTo(409);
    JsonNode body = JSON.readTree(conflict.body());
    assertThat(body.get("ok").asBoolean()).isFalse();
    assertThat(body.get("error").asText()).isEqualTo("no leader right now");

    backend.failNext(new UnsupportedOperationException("bug"));
    HttpResponse<String> failure = post("/api/faults/kill-zk", null, "");
    assertThat(failure.statusCode()).isEqualTo(500);
    assertThat(JSON.readTree(failure.body()).get("ok").asBoolean()).isFalse();
  }

  @Test
  void unknownPathsAre404() throws Exception {
    for (String path :
        new String[] {
          "/nope", "/api/state/x", "/api/faults/", "/api", "/web/app.js", "/../pom.xml"
        }) {
      HttpResponse<String> response = get(path);
      assertThat(response.statusCode()).as(path).isEqualTo(404);
      assertThat(JSON.readTree(response.body()).get("ok").asBoolean()).isFalse();
    }
    assertThat(post("/api/faults/kill-leader/now", null, "").statusCode()).isEqualTo(404);
    assertThat(backend.injections).isEmpty();
  }

  @Test
  void wrongMethodsAre405() throws Exception {
    HttpResponse<String> postState = post("/api/state", null, "");
    assertThat(postState.statusCode()).isEqualTo(405);
    assertThat(postState.headers().firstValue("Allow")).hasValue("GET");
    HttpResponse<String> getFault = get("/api/faults/kill-leader");
    assertThat(getFault.statusCode()).isEqualTo(405);
    assertThat(getFault.headers().firstValue("Allow")).hasValue("POST");
    HttpResponse<String> deletePage =
        http.send(
            HttpRequest.newBuilder(dashboard.uri()).DELETE().build(), BodyHandlers.ofString());
    assertThat(deletePage.statusCode()).isEqualTo(405);
    assertThat(backend.injections).isEmpty();
  }

  @Test
  void otherSitesCannotInjectFaultsNorSendOtherBodies() throws Exception {
    HttpResponse<String> foreign =
        http.send(
            request("/api/faults/kill-zk")
                .header("Origin", "http://evil.example")
                .POST(BodyPublishers.noBody())
                .build(),
            BodyHandlers.ofString());
    assertThat(foreign.statusCode()).isEqualTo(403);
    String own = "http://127.0.0.1:" + dashboard.uri().getPort();
    HttpResponse<String> same =
        http.send(
            request("/api/faults/kill-leader")
                .header("Origin", own)
                .POST(BodyPublishers.noBody())
                .build(),
            BodyHandlers.ofString());
    assertThat(same.statusCode()).isEqualTo(200);
    assertThat(post("/api/faults/kill-zk", "application/json", "{\"server\":1}").statusCode())
        .isEqualTo(415);
    assertThat(backend.injections)
        .extracting(FakeBackend.Injection::kind)
        .containsExactly("kill-leader");
  }

  @Test
  void aFaultWithoutOriginIsRefusedEvenForTheRightHost() throws Exception {
    HttpResponse<String> noOrigin =
        http.send(
            request("/api/faults/kill-leader").POST(BodyPublishers.noBody()).build(),
            BodyHandlers.ofString());
    assertThat(noOrigin.statusCode()).isEqualTo(403);
    JsonNode error = JSON.readTree(noOrigin.body());
    assertThat(error.get("ok").asBoolean()).isFalse();
    assertThat(error.get("error").asText())
        .contains("only accepted from the dashboard's own page", "no Origin header");
    HttpResponse<String> nullOrigin =
        http.send(
            request("/api/faults/kill-leader")
                .header("Origin", "null")
                .POST(BodyPublishers.noBody())
                .build(),
            BodyHandlers.ofString());
    assertThat(nullOrigin.statusCode()).isEqualTo(403);
    assertThat(backend.injections).isEmpty();
  }

  @Test
  void staticFilesHaveTheirContentTypes() throws Exception {
    HttpResponse<String> page = get("/");
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
    assertThat(page.headers().firstValue("Content-Security-Policy")).isPresent();
    assertThat(page.body())
        .contains(
            "id=\"leader\"",
            "id=\"partitions\"",
            "id=\"rejected\"",
            "id=\"jobs-created\"",
            "id=\"message\"",
            "app.js",
            "style.css");
    assertThat(page.body()).doesNotContain("http://", "https://");
    Map<String, String> types =
        Map.of(
            "/app.js",
            "text/javascript; charset=utf-8",
            "/timeline.js",
            "text/javascript; charset=utf-8",
            "/style.css",
            "text/css; charset=utf-8",
            "/favicon.svg",
            "image/svg+xml",
            "/index.html",
            "text/html; charset=utf-8");
    for (Map.Entry<String, String> type : types.entrySet()) {
      HttpResponse<String> response = get(type.getKey());
      assertThat(response.statusCode()).as(type.getKey()).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type"))
          .as(type.getKey())
          .hasValue(type.getValue());
      assertThat(response.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
      assertThat(response.body()).isNotBlank();
    }
    assertThat(get("/app.js").body()).contains("api/state", "api/faults/");
  }

  @Test
  void closeStopsServing() throws Exception {
    assertThat(get("/api/state").statusCode()).isEqualTo(200);
    dashboard.close();
    dashboard.close();
    assertThatThrownBy(
            () ->
                HttpClient.newHttpClient()
                    .send(request("/api/state").build(), BodyHandlers.ofString()))
        .isInstanceOf(ConnectException.class);
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(dashboard.uri().resolve(path));
  }

  private HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return http.send(request(path).GET().build(), BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String contentType, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder builder =
        request(path)
            .header("Origin", "http://127.0.0.1:" + dashboard.uri().getPort())
            .POST(BodyPublishers.ofString(body));
    if (contentType != null) {
      builder.header("Content-Type", contentType);
    }
    return http.send(builder.build(), BodyHandlers.ofString());
  }
}
