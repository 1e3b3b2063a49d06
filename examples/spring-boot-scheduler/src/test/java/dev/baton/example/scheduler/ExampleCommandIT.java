// SPDX-License-Identifier: Apache-2.0
package dev.baton.example.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.json.JsonParserFactory;

/**
 * The example as the README runs it: {@code examples/spring-boot-scheduler/run} (which executes the
 * packaged {@code baton-example-scheduler-exec.jar}) with three instances. It prints one line per
 * instance, and exactly one instance's health document shows {@code leader: true}, each with a
 * token; stopping the leader's process hands the leadership to another instance with a higher
 * token.
 */
class ExampleCommandIT {
  private static final Pattern INSTANCE = Pattern.compile("Instance (\\d): (http://\\S+)");

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final List<String> output = new CopyOnWriteArrayList<>();
  private Process launcher;

  @AfterEach
  void stop() throws Exception {
    if (launcher != null) {
      launcher.destroy(); // SIGTERM: the launcher stops its instances, then its servers
      launcher.waitFor();
    }
  }

  @Test
  void threeInstancesOneLeaderWithTokens() throws Exception {
    // The README's command. The jar is already packaged (this runs after package), so the script
    // does not rebuild it: it execs java -jar on it, which is the process this test watches.
    String jar = System.getProperty("baton.example.jar");
    String run = System.getProperty("baton.example.run");
    assertThat(jar).as("system property baton.example.jar").isNotNull();
    assertThat(Path.of(jar)).exists();
    assertThat(run).as("system property baton.example.run").isNotNull();
    launcher =
        new ProcessBuilder("bash", run, "--instances", "3").redirectErrorStream(true).start();
    Thread reader = new Thread(this::readOutput, "example-output");
    reader.setDaemon(true);
    reader.start();

    await()
        .atMost(Duration.ofMinutes(4))
        .until(() -> output.stream().filter(l -> INSTANCE.matcher(l).find()).count() == 3);
    List<URI> health = new ArrayList<>();
    for (String line : output) {
      Matcher m = INSTANCE.matcher(line);
      if (m.find()) {
        health.add(URI.create(m.group(2)));
      }
    }
    assertThat(health).hasSize(3);

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              List<Map<String, Object>> elections = new ArrayList<>();
              for (URI uri : health) {
                elections.add(HealthDocuments.election(fetch(uri), "billing"));
              }
              assertThat(elections).allSatisfy(e -> assertThat(e).containsKeys("leader", "token"));
              assertThat(elections)
                  .filteredOn(e -> Boolean.TRUE.equals(e.get("leader")))
                  .hasSize(1);
            });

    // Stop the leader's process as an orchestrator would (SIGTERM): another instance leads, with a
    // higher token, within seconds (its Spring context closes the Baton session on the way out).
    int leader = leaderIndex(health);
    long oldToken = tokenValue(HealthDocuments.election(fetch(health.get(leader)), "billing"));
    ProcessHandle leaderProcess = instanceProcess(health.get(leader).getPort());
    leaderProcess.destroy();
    List<URI> rest = new ArrayList<>(health);
    rest.remove(leader);
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(
            () -> {
              int next = leaderIndex(rest);
              assertThat(next).as("a leader among the other instances").isNotNegative();
              assertThat(tokenValue(HealthDocuments.election(fetch(rest.get(next)), "billing")))
                  .isGreaterThan(oldToken);
            });
  }

  private int leaderIndex(List<URI> instances) throws IOException, InterruptedException {
    int found = -1;
    for (int i = 0; i < instances.size(); i++) {
      Map<String, Object> election = HealthDocuments.election(fetch(instances.get(i)), "billing");
      if (Boolean.TRUE.equals(election.get("leader"))) {
        assertThat(found).as("only one leader").isNegative();
        found = i;
      }
    }
    return found;
  }

  /** The value of a token printed as {@code ft:<value>@<scope>}. */
  private static long tokenValue(Map<String, Object> election) {
    String token = String.valueOf(election.get("token"));
    assertThat(token).startsWith("ft:");
    return Long.parseLong(token.substring(3, token.indexOf('@')));
  }

  private ProcessHandle instanceProcess(int port) {
    return launcher
        .descendants()
        .filter(
            p ->
                p.info()
                    .arguments()
                    .map(args -> List.of(args).contains("--server.port=" + port))
                    .orElse(false))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no instance process on port " + port));
  }

  private Map<String, Object> fetch(URI uri) throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    return JsonParserFactory.getJsonParser().parseMap(response.body());
  }

  private void readOutput() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        output.add(line);
      }
    } catch (IOException e) {
      output.add("output lost: " + e);
    }
  }
}
