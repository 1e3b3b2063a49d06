// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.spring.StartupFailures;
import dev.baton.spring.TestApps;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** Every refused property fails start-up with a message that names it. */
@ExtendWith(OutputCaptureExtension.class)
class BatonPropertiesValidationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  BatonAutoConfiguration.class,
                  BatonElectionAutoConfiguration.class,
                  BatonPartitionAutoConfiguration.class));

  /** Starts with these properties and returns the property the failure names. */
  private void assertRefused(String property, String reason, String... properties) {
    runner
        .withPropertyValues("baton.connect-string=" + ZK.connectString())
        .withPropertyValues(properties)
        .run(
            ctx -> {
              assertThat(ctx).hasFailed();
              Throwable failure = ctx.getStartupFailure();
              while (failure != null && !(failure instanceof BatonPropertyException)) {
                failure = failure.getCause();
              }
              assertThat(failure)
                  .as("a BatonPropertyException in %s", ctx.getStartupFailure())
                  .isInstanceOf(InvalidConfigurationPropertyValueException.class);
              BatonPropertyException e = (BatonPropertyException) failure;
              assertThat(e.getName()).isEqualTo(property);
              assertThat(e.getMessage()).contains(property).contains(reason);
            });
  }

  @Test
  void sessionProperties() {
    assertRefused("baton.session-timeout", "positive", "baton.session-timeout=0s");
    assertRefused("baton.connection-timeout", "positive", "baton.connection-timeout=-1s");
    assertRefused("baton.close-timeout", "positive", "baton.close-timeout=0s");
    assertRefused("baton.namespace", "invalid namespace", "baton.namespace=a//b");
  }

  @Test
  void anUnreachableEnsembleIsNoInvalidValueButNamesTheSettings() {
    runner
        .withPropertyValues("baton.connect-string=127.0.0.1:1", "baton.connection-timeout=200ms")
        .run(
            ctx -> {
              Throwable failure = StartupFailures.notAnInvalidValue(ctx);
              assertThat(failure)
                  .hasStackTraceContaining("could not reach the ZooKeeper ensemble at 127.0.0.1:1")
                  .hasStackTraceContaining("within 200 ms")
                  .hasStackTraceContaining("baton.connect-string")
                  .hasStackTraceContaining("baton.connection-timeout");
            });
  }

  @Test
  void authenticationProperties() {
    assertRefused(
        "baton.authentication.digest.user",
        "no ':'",
        "baton.authentication.digest.user=a:b",
        "baton.authentication.digest.password=secret");
    assertRefused(
        "baton.authentication.sasl-digest.password",
        "password must not be empty",
        "baton.authentication.sasl-digest.user=svc");
    assertRefused(
        "baton.authentication",
        "at most one SASL",
        "baton.authentication.sasl-digest.user=svc",
        "baton.authentication.sasl-digest.password=secret",
        "baton.authentication.sasl.login-context=Client");
  }

  @Test
  void passwordsAreNeverShown() {
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(),
            "baton.authentication.digest.user=a:b",
            "baton.authentication.digest.password=TopSecret1")
        .run(ctx -> assertThat(ctx.getStartupFailure()).hasStackTraceContaining("a:b"));
    PropertyCheck check = PropertyCheck.of("baton.x").secret("password", "password", "TopSecret1");
    assertThat(check.translate(new IllegalArgumentException("password too short")).getValue())
        .isEqualTo("******");
  }

  @Test
  void tlsProperties(@TempDir Path dir) throws IOException {
    assertRefused(
        "baton.tls.trust-store", "not a readable file", "baton.tls.trust-store=/nonexistent.p12");
    Path store = Files.writeString(dir.resolve("trust.p12"), "not really a store");
    assertRefused(
        "baton.tls.trust-store-type",
        "must be PKCS12, JKS, PEM or BCFKS",
        "baton.tls.trust-store=" + store,
        "baton.tls.trust-store-type=ZIP");
    assertRefused(
        "baton.tls.trust-store", "trustStore is required", "baton.tls.key-store=" + store);
  }

  @Test
  void aclProperties() {
    assertRefused(
        "baton.acl.policy", "grants access to the creator", "baton.acl.policy=creator-only");
    assertRefused(
        "baton.acl.readers[1]",
        "scheme:id",
        "baton.acl.policy=open",
        "baton.acl.readers=world:anyone,nocolon");
    assertRefused(
        "baton.acl.writers[0]",
        "scheme must be a lower-case word",
        "baton.acl.policy=open",
        "baton.acl.writers=SASL:svc");
    assertRefused("baton.acl.policy", "explicit policy", "baton.acl.readers=sasl:observer");
  }

  @Test
  void aclIdentitiesAreParsed() {
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(),
            "baton.acl.policy=open",
            "baton.acl.readers[0]=sasl:observer",
            "baton.acl.readers[1]=x509:CN=status,O=acme")
        .run(ctx -> assertThat(ctx).hasNotFailed());
    assertThat(SessionConfigFactory.identities("p", List.of("x509:CN=status,O=acme"))[0].id())
        .isEqualTo("CN=status,O=acme");
  }

  @Test
  void electionProperties() {
    assertRefused("baton.election.billing.path", "needs the path", "baton.election.billing.role=x");
    assertRefused(
        "baton.election.billing.path", "invalid election path", "baton.election.billing.path=rel");
    assertRefused(
        "baton.election.billing.path", "cannot be the root", "baton.election.billing.path=/");
    assertRefused(
        "baton.election.billing.participant-id",
        "participantId",
        "baton.election.billing.path=/weight",
        "baton.election.billing.participant-id=" + "p".repeat(300));
    assertRefused(
        "baton.election.billing.callback-drain-timeout",
        "zero or positive",
        "baton.election.billing.path=/e",
        "baton.election.billing.callback-drain-timeout=-1s");
  }

  @Test
  void aBadEnumValueNamesTheProperty() {
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(),
            "baton.election.billing.path=/e",
            "baton.election.billing.connection-policy=SOMETIMES")
        .run(
            ctx ->
                assertThat(ctx.getStartupFailure())
                    .hasStackTraceContaining("baton.election.billing.connection-policy"));
  }

  @Test
  void partitionProperties() {
    assertRefused(
        "baton.partitions.orders.path", "needs the path", "baton.partitions.orders.weight=2");
    assertRefused(
        "baton.partitions.orders.member-id",
        "memberId must be",
        "baton.partitions.orders.path=/g",
        "baton.partitions.orders.member-id=bad id!");
    assertRefused(
        "baton.partitions.orders.partition-count",
        "partitionCount must be",
        "baton.partitions.orders.path=/g",
        "baton.partitions.orders.partition-count=0");
    assertRefused(
        "baton.partitions.orders.weight",
        "weight must be",
        "baton.partitions.orders.path=/g",
        "baton.partitions.orders.weight=0");
    assertRefused(
        "baton.partitions.orders.rebalance-max-delay",
        "must not be shorter",
        "baton.partitions.orders.path=/g",
        "baton.partitions.orders.rebalance-delay=5s");
    assertRefused(
        "baton.partitions.orders.zone",
        "zone must be",
        "baton.partitions.orders.path=/g",
        "baton.partitions.orders.zone=eu west");
  }

  @Test
  void aClashingBeanNameIsRefused() {
    runner
        .withPropertyValues(
            "baton.connect-string=" + ZK.connectString(), "baton.election.billing.path=/e")
        .withBean("billingElection", String.class, () -> "taken")
        .run(
            ctx ->
                assertThat(ctx.getStartupFailure())
                    .hasStackTraceContaining("baton.election.billing")
                    .hasStackTraceContaining("'billingElection' exists already"));
  }

  @Test
  void springBootPrintsADescriptionAndAnAction(CapturedOutput output) {
    assertThatThrownBy(
            () ->
                TestApps.start(
                    List.of(),
                    "baton.connect-string=" + ZK.connectString(),
                    "baton.election.billing.path=not/absolute"))
        .isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("Description:")
        .contains("baton.election.billing.path")
        .contains("not/absolute")
        .contains("Action:");
  }

  @Test
  void springBootReportsAnUnreachableEnsembleWithADescriptionAndAnAction(CapturedOutput output) {
    assertThatThrownBy(
            () ->
                TestApps.start(
                    List.of(),
                    "baton.connect-string=127.0.0.1:1",
                    "baton.connection-timeout=200ms"))
        .isNotNull();
    assertThat(output)
        .contains("APPLICATION FAILED TO START")
        .contains("Description:")
        .contains("Baton could not reach the ZooKeeper ensemble at 127.0.0.1:1 within 200 ms")
        .contains("Action:")
        .contains("or raise baton.connection-timeout");
  }
}
