// SPDX-License-Identifier: Apache-2.0
package dev.baton.demo.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.demo.DemoDefaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkerArgsTest {
  private static final String JDBC = "jdbc:h2:tcp://127.0.0.1:9092/mem:demo;DB_CLOSE_DELAY=-1";

  private static String[] required(String... more) {
    List<String> all =
        new ArrayList<>(List.of("--id", "w1", "--zookeeper", "127.0.0.1:2181", "--jdbc", JDBC));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void takesTheDefaultsOfDemoDefaults() {
    WorkerArgs args = WorkerArgs.parse(required());

    assertThat(args.id()).isEqualTo("w1");
    assertThat(args.zookeeper()).isEqualTo("127.0.0.1:2181");
    assertThat(args.jdbc()).isEqualTo(JDBC);
    assertThat(args.jdbcUser()).isEmpty();
    assertThat(args.jdbcPassword()).isEmpty();
    assertThat(args.partitions()).isEqualTo(DemoDefaults.PARTITIONS);
    assertThat(args.sessionTimeout()).isEqualTo(Duration.ofMillis(DemoDefaults.SESSION_TIMEOUT_MS));
    assertThat(args.election()).isEqualTo(DemoDefaults.ELECTION_PATH);
    assertThat(args.group()).isEqualTo(DemoDefaults.GROUP_PATH);
    assertThat(args.tls()).isEmpty();
  }

  @Test
  void readsEveryOption() {
    WorkerArgs args =
        WorkerArgs.parse(
            "--group",
            "/g",
            "--election",
            "/e/leader",
            "--session-timeout-ms",
            "2500",
            "--partitions",
            "7",
            "--jdbc-password",
            "baton",
            "--jdbc-user",
            "baton",
            "--jdbc",
            "jdbc:postgresql://127.0.0.1:5432/baton",
            "--zookeeper",
            "a:1,b:2",
            "--id",
            "worker-2.x_y");

    assertThat(args.id()).isEqualTo("worker-2.x_y");
    assertThat(args.zookeeper()).isEqualTo("a:1,b:2");
    assertThat(args.jdbc()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/baton");
    assertThat(args.jdbcUser()).contains("baton");
    assertThat(args.jdbcPassword()).contains("baton");
    assertThat(args.partitions()).isEqualTo(7);
    assertThat(args.sessionTimeout()).isEqualTo(Duration.ofMillis(2500));
    assertThat(args.election()).isEqualTo("/e/leader");
    assertThat(args.group()).isEqualTo("/g");
    assertThat(args.toString()).doesNotContain("--").contains("jdbcUser=baton");
  }

  @Test
  void readsTlsStoresAndNeverPrintsThePassword(@TempDir Path dir) throws Exception {
    Path trust = Files.writeString(dir.resolve("trust.p12"), "x");
    Path key = Files.writeString(dir.resolve("key.p12"), "x");

    WorkerArgs args =
        WorkerArgs.parse(
            required(
                "--tls-trust",
                trust.toString(),
                "--tls-key",
                key.toString(),
                "--tls-password",
                "s3cret-pw"));

    assertThat(args.tls())
        .hasValueSatisfying(
            tls -> {
              assertThat(tls.trustStore()).isEqualTo(trust);
              assertThat(tls.keyStore()).contains(key);
              assertThat(tls.hostnameVerification()).isTrue();
            });
    assertThat(args.toString()).doesNotContain("s3cret-pw");
  }

  @Test
  void takesTheEqualsFormToo() {
    assertThat(WorkerArgs.parse("--id=w1", "--zookeeper=a:1", "--jdbc=" + JDBC).id())
        .isEqualTo("w1");
    assertThat(WorkerArgs.usage()).contains("--session-timeout-ms", "--tls-trust");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "missing id          | --zookeeper a:1 --jdbc jdbc:h2:mem:x                           | Missing required option: '--id=<id>'",
        "missing zookeeper   | --id w1 --jdbc jdbc:h2:mem:x                                   | Missing required option: '--zookeeper=HOST:PORT,..'",
        "missing jdbc        | --id w1 --zookeeper a:1                                        | Missing required option: '--jdbc=URL'",
        "unknown option      | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --verbose yes     | Unknown options: '--verbose', 'yes'",
        "not an option       | w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x                        | Missing required option: '--id=<id>'",
        "missing value       | --zookeeper a:1 --jdbc jdbc:h2:mem:x --id                      | Missing required parameter for option '--id'",
        "option as value     | --id --zookeeper a:1 --jdbc jdbc:h2:mem:x                      | Expected parameter for option '--id' but found '--zookeeper'",
        "twice               | --id w1 --id w2 --zookeeper a:1 --jdbc jdbc:h2:mem:x           | should be specified only once",
        "bad id              | --id w/1 --zookeeper a:1 --jdbc jdbc:h2:mem:x                  | invalid --id",
        "bad jdbc            | --id w1 --zookeeper a:1 --jdbc h2:mem:x                        | invalid --jdbc",
        "password only       | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --jdbc-password p | --jdbc-password needs --jdbc-user",
        "partitions text     | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --partitions many | Invalid value for option '--partitions'",
        "partitions zero     | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --partitions 0    | --partitions must be 1 to 100000",
        "timeout too short   | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --session-timeout-ms 10 | --session-timeout-ms must be 500",
        "relative election   | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --election e      | invalid --election 'e'",
        "group with at       | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --group /g@x      | invalid --group '/g@x'",
        "tls without trust   | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --tls-password p  | TLS needs --tls-trust",
        "tls missing file    | --id w1 --zookeeper a:1 --jdbc jdbc:h2:mem:x --tls-trust /nonexistent.p12 --tls-password p | invalid TLS options",
      })
  void refusesMalformedCommandLines(String name, String line, String message) {
    String[] argv = line.trim().split("\\s+");

    assertThatThrownBy(() -> WorkerArgs.parse(argv))
        .as(name)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @Test
  void findsTheIdOfABadCommandLine() {
    assertThat(WorkerArgs.idOf("--partitions", "x", "--id", "w3")).contains("w3");
    assertThat(WorkerArgs.idOf("--partitions", "x", "--id=w4")).contains("w4");
    assertThat(WorkerArgs.idOf("--id")).isEmpty();
    assertThat(WorkerArgs.idOf("--id", "bad/id")).isEmpty();
  }
}
