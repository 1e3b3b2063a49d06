package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.LeaderElection;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.election.RevocationReason;
import dev.baton.fencing.sql.SqlFence;
import dev.baton.fencing.sql.SqlFenceSchema;
import java.sql.PreparedStatement;
import java.time.LocalDate;
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

  private void fencedWrite(javax.sql.DataSource dataSource, Leadership leadership) {
    // README:begin
    SqlFence fence = SqlFence.create(dataSource); // table baton_fence, see SqlFenceSchema
    fence.write("billing-run", leadership.token(), connection -> {
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO billing_runs (run_date, token) VALUES (?, ?)")) {
        insert.setObject(1, LocalDate.now());
        insert.setLong(2, leadership.token().value());
        insert.executeUpdate();
      }
      return null; // commits with the fence, or not at all
    });
    // README:end
  }

  @Test
  void theFencedWriteInTheReadmeIsThisCodeAndRejectsAStaleToken() throws Exception {
    org.h2.jdbcx.JdbcDataSource h2 = new org.h2.jdbcx.JdbcDataSource();
    h2.setURL("jdbc:h2:mem:readme;DB_CLOSE_DELAY=-1");
    SqlFenceSchema.create(h2, SqlFenceSchema.DEFAULT_TABLE);
    try (java.sql.Connection c = h2.getConnection(); java.sql.Statement st = c.createStatement()) {
      st.execute("CREATE TABLE billing_runs (run_date DATE, token BIGINT)");
    }
    fencedWrite(h2, term(42));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> fencedWrite(h2, term(41)))
        .isInstanceOf(dev.baton.fencing.StaleTokenException.class);
    try (java.sql.Connection c = h2.getConnection(); java.sql.Statement st = c.createStatement();
        java.sql.ResultSet rs = st.executeQuery("SELECT token FROM billing_runs")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(42);
      assertThat(rs.next()).isFalse();
    }
    assertThat(normalize(readmeJavaBlock(1))).isEqualTo(normalize(markedRegion(1)));
  }

  private static Leadership term(long token) {
    dev.baton.fencing.FencingToken t = dev.baton.fencing.FencingToken.of("/billing/leader", token);
    return new dev.baton.recipes.election.internal.LeadershipHandle("p", t, "/billing/leader/n",
        java.time.Instant.EPOCH);
  }

  @Test
  void theQuickStartInTheReadmeIsThisCodeAndRuns() throws Exception {
    try (TestingServer server = ZooKeeperFixtures.startServer()) {
      quickStart(server.getConnectString());
    }
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).startsWith("scheduling with ft:");
    assertThat(log.get(1)).isEqualTo("stopped");
    assertThat(normalize(readmeJavaBlock(0))).isEqualTo(normalize(markedRegion(0)));
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

  /** The README's java block number {@code n} (from 0). */
  private static String readmeJavaBlock(int n) throws IOException {
    String readme = Files.readString(repoFile("README.md"), StandardCharsets.UTF_8);
    int start = -1;
    for (int i = 0; i <= n; i++) {
      start = readme.indexOf("```java\n", start + 1);
    }
    int end = readme.indexOf("```", start + 8);
    return readme.substring(start + 8, end);
  }

  /** The region number {@code n} (from 0) between README markers in this file. */
  private static String markedRegion(int n) throws IOException {
    Path source = repoFile("recipes").resolve(
        "src/test/java/dev/baton/recipes/ReadmeQuickStartTest.java");
    String text = Files.readString(source, StandardCharsets.UTF_8);
    int begin = -1;
    for (int i = 0; i <= n; i++) {
      begin = text.indexOf("// README:" + "begin", begin + 1);
    }
    int start = text.indexOf('\n', begin) + 1;
    int end = text.lastIndexOf('\n', text.indexOf("// README:" + "end", start));
    return text.substring(start, end);
  }
}
