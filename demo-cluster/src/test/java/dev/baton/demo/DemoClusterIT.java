// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.baton.demo.web.HeadlessChromium;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The demo end to end, as a user runs it: the packaged jar starts three ZooKeeper server processes,
 * three workers and the dashboard; a leader is elected; killing it from the dashboard in headless
 * Chromium shows another with a higher token; pausing the leader beyond its session elects another
 * and, when it wakes, the fence rejects its in-flight job with its stale token; SIGINT to the
 * process group stops everything and leaves no process behind.
 */
class DemoClusterIT {
  private static final Duration START = Duration.ofSeconds(90);

  @Test
  void leaderFailoverStaleWriteRejectionAndCleanShutdown() {
    try (DemoProcess demo = DemoProcess.start("--port", "0", "--session-timeout-ms", "2500")) {
      JsonNode first =
          demo.awaitState(
              START,
              s ->
                  s.path("leader").hasNonNull("worker")
                      && s.path("jobs").path("created").asLong() > 0);
      assertThat(first.path("zookeeper").path("servers")).hasSize(3);
      assertThat(first.path("workers")).hasSize(3);

      // The dashboard in headless Chromium: it shows the leader with its token; a click on "Kill
      // the leader" shows another leader with a higher token, and every partition owned again.
      long firstToken = killTheLeaderFromTheDashboard(demo);
      JsonNode second =
          demo.awaitState(
              Duration.ofSeconds(30),
              s ->
                  s.path("leader").hasNonNull("worker")
                      && s.path("leader").path("tokenValue").asLong() > firstToken);
      String secondLeader = second.path("leader").path("worker").asText();
      assertThat(secondLeader).isNotEqualTo(first.path("leader").path("worker").asText());
      long secondToken = second.path("leader").path("tokenValue").asLong();

      // Paused for 8 s with a 2.5 s session: another worker takes over; the paused one wakes up
      // with a job in flight under its old token, and the fence rejects it.
      demo.inject("pause-leader", "seconds=8");
      JsonNode third =
          demo.awaitState(
              Duration.ofSeconds(30),
              s ->
                  s.path("leader").hasNonNull("worker")
                      && s.path("leader").path("tokenValue").asLong() > secondToken);
      assertThat(third.path("leader").path("worker").asText()).isNotEqualTo(secondLeader);
      Predicate<JsonNode> staleJob =
          r ->
              r.path("worker").asText().equals(secondLeader)
                  && r.path("what").asText().equals("job");
      JsonNode rejected =
          demo.awaitState(
              Duration.ofSeconds(45),
              s -> stream(s.path("rejected").path("recent")).anyMatch(staleJob));
      // Its partitions' results may be rejected too (with their own tokens); the job carries the
      // term's.
      JsonNode rejection =
          stream(rejected.path("rejected").path("recent"))
              .filter(staleJob)
              .findFirst()
              .orElseThrow();
      assertThat(rejection.path("presentedValue").asLong()).isEqualTo(secondToken);
      assertThat(rejection.path("currentValue").asLong()).isGreaterThan(secondToken);

      List<ProcessHandle> children = demo.descendants();
      assertThat(children.size())
          .as("3 servers and 2 live workers at least")
          .isGreaterThanOrEqualTo(5);
      demo.interrupt();
      assertThat(demo.awaitExit(Duration.ofSeconds(90))).as(demo.tail()).isIn(0, 130);
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(children).noneMatch(ProcessHandle::isAlive));
      assertThat(demo.output()).anyMatch(l -> l.startsWith("Stopped."));
      // The launcher itself stopped every worker before it ended (the children would also halt when
      // their parent ends; this shows they did not need to).
      List<String> output = demo.output();
      int stoppedAt = output.indexOf("Stopped.");
      for (JsonNode worker : third.path("workers")) {
        String id = worker.path("id").asText();
        assertThat(output.subList(0, stoppedAt))
            .as("worker %s stopped by the launcher", id)
            .anyMatch(l -> l.contains("worker " + id + " ended (exit code "));
      }
    }
  }

  @Test
  void theDemoRunsItsEnsembleWithTls() {
    try (DemoProcess demo = DemoProcess.start("--port", "0", "--tls", "--workers", "2")) {
      JsonNode state =
          demo.awaitState(
              START,
              s ->
                  s.path("leader").hasNonNull("worker")
                      && s.path("jobs").path("created").asLong() > 0
                      && stream(s.path("partitions")).allMatch(p -> p.hasNonNull("owner")));
      assertThat(state.path("zookeeper").path("tls").asBoolean()).isTrue();
      List<ProcessHandle> children = demo.descendants();
      demo.interrupt();
      assertThat(demo.awaitExit(Duration.ofSeconds(90))).as(demo.tail()).isIn(0, 130);
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(children).noneMatch(ProcessHandle::isAlive));
    }
  }

  /**
   * Opens the dashboard in headless Chromium, waits for the leader and its token, clicks "Kill the
   * leader" and waits for another leader with a higher token, the message, and every partition
   * owned again by the survivors; closes the browser (an open page would hold the dashboard's
   * shutdown) and returns the killed leader's token.
   */
  private static long killTheLeaderFromTheDashboard(DemoProcess demo) {
    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      WebDriver driver = chromium.driver();
      driver.get(demo.dashboard().toString());
      WebElement leader = driver.findElement(By.id("leader"));
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> !leader.getAttribute("data-token-value").isEmpty());
      String firstLeader = leader.getAttribute("data-worker");
      long firstToken = Long.parseLong(leader.getAttribute("data-token-value"));
      driver.findElement(By.cssSelector("button[data-fault='kill-leader']")).click();
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(200))
          .until(
              () -> {
                String token = leader.getAttribute("data-token-value");
                return !token.isEmpty() && Long.parseLong(token) > firstToken;
              });
      assertThat(leader.getAttribute("data-worker")).isNotEqualTo(firstLeader);
      await()
          .atMost(Duration.ofSeconds(10))
          .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
          .untilAsserted(
              () ->
                  assertThat(driver.findElement(By.id("message")).getText())
                      .contains("killed the leader " + firstLeader));
      // Unowned cells have an empty data-owner.
      await()
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptionsInstanceOf(StaleElementReferenceException.class)
          .untilAsserted(
              () ->
                  assertThat(
                          driver
                              .findElements(By.cssSelector("#partitions .cell[data-owner]"))
                              .stream()
                              .map(cell -> cell.getAttribute("data-owner"))
                              .toList())
                      .hasSize(12)
                      .doesNotContain("", firstLeader));
      chromium.screenshot(Path.of("target", "screenshots", "demo-after-kill-leader.png"));
      assertThat(chromium.severeLogs()).isEmpty();
      return firstToken;
    }
  }

  private static java.util.stream.Stream<JsonNode> stream(JsonNode array) {
    return java.util.stream.StreamSupport.stream(array.spliterator(), false);
  }
}
