package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.RevocationReason;
import dev.baton.testkit.ZooKeeperFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

/**
 * The README's quick start compiles and runs: the code between the README markers below is the same,
 * line for line, as the README's first java block, and it runs against a real ZooKeeper server.
 */
class ReadmeQuickStartTest {
  private final List<String> log = new CopyOnWriteArrayList<>();

  private void startScheduler(Leadership leadership) {
    log.add("scheduling with " + leadership.token());
  }

  private void stopScheduler() {
    log.add("stopped");
  }

  private void quickStart(String connectString) throws InterruptedException {
    // README:begin
    try (BatonSession session = BatonSession.start(
            SessionConfig.builder(connectString).sessionTimeout(Duration.ofSeconds(15)).build());
        LeaderElection election = LeaderElection.create(session,
            ElectionConfig.builder("/services/billing/scheduler-leader")
                .participantId("billing-7")
                .build(),
            new LeadershipListener() {
              @Override
              public void elected(Leadership leadership) {
                // Runs on the election's own thread. Pass the token to every protected write.
                System.out.println("leading with " + leadership.token());
                startScheduler(leadership);
              }

              @Override
              public void revoked(Leadership leadership, RevocationReason reason) {
                System.out.println("stopped leading: " + reason);
                stopScheduler();
              }
            })) {
      election.start();
      election.awaitLeadership(Duration.ofSeconds(30))
          .ifPresent(l -> System.out.println("leader " + l.participantId() + ", token " + l.token()));
    }
    // README:end
  }

  @Test
  void theQuickStartInTheReadmeIsThisCodeAndRuns() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      quickStart(server.getConnectString());
    }
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).startsWith("scheduling with ft:");
    assertThat(log.get(1)).isEqualTo("stopped");
    assertThat(normalize(readmeJavaBlock())).isEqualTo(normalize(markedRegion()));
  }

  private static String normalize(String code) {
    return code.lines().map(String::strip).filter(l -> !l.isEmpty())
        .reduce("", (a, b) -> a + b + "\n");
  }

  private static Path repoFile(String name) {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve(name))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException(name + " not found above the working directory");
    }
    return dir.resolve(name);
  }

  private static String readmeJavaBlock() throws IOException {
    String readme = Files.readString(repoFile("README.md"), StandardCharsets.UTF_8);
    int start = readme.indexOf("```java\n");
    int end = readme.indexOf("```", start + 8);
    return readme.substring(start + 8, end);
  }

  private static String markedRegion() throws IOException {
    Path source = repoFile("recipes").resolve(
        "src/test/java/dev/baton/recipes/ReadmeQuickStartTest.java");
    String text = Files.readString(source, StandardCharsets.UTF_8);
    int start = text.indexOf('\n', text.indexOf("// README:begin")) + 1;
    int end = text.lastIndexOf('\n', text.indexOf("// README:end"));
    return text.substring(start, end);
  }
}
