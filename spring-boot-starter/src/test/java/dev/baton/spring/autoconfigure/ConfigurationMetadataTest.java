// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
    List<Object> closeDefault =
        JsonPath.read(json, "$.properties[?(@.name == 'baton.close-on-shutdown')].defaultValue");
    assertThat(closeDefault).containsExactly(true);
    List<Object> sessionDefault =
        JsonPath.read(json, "$.properties[?(@.name == 'baton.session-timeout')].defaultValue");
    assertThat(sessionDefault).containsExactly("15s");
    assertThat(defaultOf(json, "baton.backend")).isEqualTo("zookeeper");
    assertThat(defaultOf(json, "baton.lease.lease-duration")).isEqualTo("15s");
    assertThat(defaultOf(json, "baton.lease.safety-margin")).isEqualTo("2s");
    assertThat(defaultOf(json, "baton.lease.renew-interval")).isEqualTo("4s");
    assertThat(defaultOf(json, "baton.lease.renew-timeout")).isEqualTo("4s");
    assertThat(defaultOf(json, "baton.lease.poll-interval")).isEqualTo("2s");
    assertThat(defaultOf(json, "baton.lease.poll-jitter")).isEqualTo(0.25);
    assertThat(defaultOf(json, "baton.lease.table")).isEqualTo("baton_lease");
    assertThat(defaultOf(json, "baton.lease.create-table")).isEqualTo(true);
    assertThat(defaultOf(json, "baton.lease.listen")).isEqualTo(true);
  }

  @Test
  void theLeaseDescriptionsMatchLeaseConfig() throws IOException {
    String json = metadata();
    assertThat(descriptionOf(json, "baton.lease.lease-duration"))
        .contains("at most lease-duration + poll-interval * (1 + poll-jitter)")
        .doesNotContain("waits this long plus a poll");
    assertThat(descriptionOf(json, "baton.lease.create-table"))
        .contains("its token sequence <table>_tokens")
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
