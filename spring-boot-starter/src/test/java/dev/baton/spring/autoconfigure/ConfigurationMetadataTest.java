// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.baton.fencing.sql.SqlFenceSchema;
import dev.baton.recipes.SessionConfig;
import dev.baton.recipes.lease.LeaseConfig;
import dev.baton.recipes.scheduler.ClaimConfig;
import dev.baton.recipes.scheduler.SqlJobStore;
import dev.baton.recipes.security.TlsConfig;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration metadata generated for IDE completion, as the built classes hold it. */
class ConfigurationMetadataTest {
  private static String metadata() throws IOException {
    List<URL> urls =
        Collections.list(
            ConfigurationMetadataTest.class
                .getClassLoader()
                .getResources("META-INF/spring-configuration-metadata.json"));
    URL ours =
        urls.stream()
            .filter(u -> !u.toString().contains(".jar!"))
            .filter(u -> u.toString().contains("spring-boot-starter"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no metadata of this module among " + urls));
    try (InputStream in = ours.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theMainKeysHaveDescriptions() throws IOException {
    String json = metadata();
    for (String key :
        List.of(
            "baton.backend",
            "baton.connect-string",
            "baton.session-timeout",
            "baton.connection-timeout",
            "baton.close-timeout",
            "baton.namespace",
            "baton.close-on-shutdown",
            "baton.instance-id",
            "baton.authentication.digest.user",
            "baton.authentication.digest.password",
            "baton.authentication.sasl-digest.user",
            "baton.authentication.sasl.login-context",
            "baton.tls.trust-store",
            "baton.tls.key-store",
            "baton.tls.hostname-verification",
            "baton.acl.policy",
            "baton.acl.readers",
            "baton.acl.writers",
            "baton.election",
            "baton.partitions",
            "baton.availability.resign-when-unavailable",
            "baton.availability.health-check-interval",
            "baton.lease.lease-duration",
            "baton.lease.safety-margin",
            "baton.lease.renew-interval",
            "baton.lease.renew-timeout",
            "baton.lease.poll-interval",
            "baton.lease.poll-jitter",
            "baton.lease.table",
            "baton.lease.create-table",
            "baton.lease.listen")) {
      List<Map<String, Object>> found =
          JsonPath.read(json, "$.properties[?(@.name == '" + key + "')]");
      assertThat(found).as(key).hasSize(1);
      assertThat((String) found.get(0).get("description")).as(key + " description").isNotBlank();
    }
    assertThat(defaultOf(json, "baton.close-on-shutdown")).isEqualTo(true);
    assertThat(defaultOf(json, "baton.backend")).isEqualTo("zookeeper");
  }

  /**
   * The properties hold only what the application set; the defaults the metadata shows for them
   * (META-INF/additional-spring-configuration-metadata.json) are the library configurations'.
   */
  @Test
  void theDefaultsShownAreTheLibrarysDefaults(@TempDir Path dir) throws IOException {
    String json = metadata();
    SessionConfig session = SessionConfig.builder("localhost:2181").build();
    assertThat(defaultOf(json, "baton.session-timeout")).isEqualTo(text(session.sessionTimeout()));
    assertThat(defaultOf(json, "baton.close-timeout")).isEqualTo(text(session.closeTimeout()));
    Path store = Files.writeString(dir.resolve("trust.p12"), "");
    assertThat(defaultOf(json, "baton.tls.hostname-verification"))
        .isEqualTo(TlsConfig.builder().trustStore(store, null).build().hostnameVerification());
    LeaseConfig lease = LeaseConfig.defaults();
    assertThat(defaultOf(json, "baton.lease.lease-duration"))
        .isEqualTo(text(lease.leaseDuration()));
    assertThat(defaultOf(json, "baton.lease.safety-margin")).isEqualTo(text(lease.safetyMargin()));
    assertThat(defaultOf(json, "baton.lease.renew-interval"))
        .isEqualTo(text(lease.renewInterval()));
    assertThat(defaultOf(json, "baton.lease.renew-timeout")).isEqualTo(text(lease.renewTimeout()));
    assertThat(defaultOf(json, "baton.lease.poll-interval")).isEqualTo(text(lease.pollInterval()));
    assertThat(defaultOf(json, "baton.lease.poll-jitter")).isEqualTo(lease.pollJitter());
    assertThat(defaultOf(json, "baton.lease.table")).isEqualTo(lease.table());
    assertThat(defaultOf(json, "baton.lease.create-table")).isEqualTo(lease.createTable());
    assertThat(defaultOf(json, "baton.lease.listen")).isEqualTo(lease.listen());
    assertThat(defaultOf(json, "baton.fence.table")).isEqualTo(SqlFenceSchema.DEFAULT_TABLE);
    assertThat(defaultOf(json, "baton.scheduler.table-prefix"))
        .isEqualTo(SqlJobStore.DEFAULT_PREFIX);
    ClaimConfig claims = ClaimConfig.DEFAULT;
    assertThat(defaultOf(json, "baton.scheduler.claim-lease")).isEqualTo(text(claims.lease()));
    assertThat(defaultOf(json, "baton.scheduler.max-attempts")).isEqualTo(claims.maxAttempts());
    assertThat(defaultOf(json, "baton.scheduler.retry-backoff"))
        .isEqualTo(text(claims.retryBackoff()));
    assertThat(defaultOf(json, "baton.scheduler.max-retry-backoff"))
        .isEqualTo(text(claims.maxRetryBackoff()));
    assertThat(defaultOf(json, "baton.scheduler.done-retention"))
        .isEqualTo(text(claims.doneRetention()));
    assertThat(defaultOf(json, "baton.scheduler.failed-retention"))
        .isEqualTo(text(claims.failedRetention()));
  }

  /** A duration as the metadata writes it: the largest whole unit of d, h, m, s or ms. */
  private static String text(Duration d) {
    if (d.toMillis() % 1000 != 0) {
      return d.toMillis() + "ms";
    }
    long s = d.toSeconds();
    if (s % 86400 == 0) {
      return s / 86400 + "d";
    }
    if (s % 3600 == 0) {
      return s / 3600 + "h";
    }
    return s % 60 == 0 ? s / 60 + "m" : s + "s";
  }

  @Test
  void theLeaseDescriptionsMatchLeaseConfig() throws IOException {
    String json = metadata();
    assertThat(descriptionOf(json, "baton.lease.lease-duration"))
        .contains("at most lease-duration + poll-interval * (1 + poll-jitter)")
        .doesNotContain("waits this long plus a poll");
    assertThat(descriptionOf(json, "baton.lease.create-table"))
        .contains("its token sequence (the table's name and _tokens)")
        .contains("a table of an earlier version is upgraded");
    assertThat(descriptionOf(json, "baton.lease.listen"))
        .contains("one pooled connection per DataSource and table")
        .doesNotContain("one connection per election");
  }

  private static String descriptionOf(String json, String key) {
    List<Object> found =
        JsonPath.read(json, "$.properties[?(@.name == '" + key + "')].description");
    assertThat(found).as(key + " description").hasSize(1);
    return (String) found.get(0);
  }

  private static Object defaultOf(String json, String key) {
    List<Object> found =
        JsonPath.read(json, "$.properties[?(@.name == '" + key + "')].defaultValue");
    assertThat(found).as(key + " default").hasSize(1);
    return found.get(0);
  }

  @Test
  void theHintsOfTheAdditionalMetadataAreMerged() throws IOException {
    List<Object> values =
        JsonPath.read(
            metadata(), "$.hints[?(@.name == 'baton.tls.trust-store-type')].values[*].value");
    assertThat(values).containsExactlyInAnyOrder("PKCS12", "JKS", "PEM", "BCFKS");
    List<Object> backends =
        JsonPath.read(metadata(), "$.hints[?(@.name == 'baton.backend')].values[*].value");
    assertThat(backends).containsExactly("zookeeper", "lease");
  }
}
