// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.recipes.election.ElectionConfig;
import dev.baton.recipes.election.Leadership;
import dev.baton.recipes.election.LeadershipListener;
import dev.baton.recipes.lock.LockConfig;
import dev.baton.recipes.scheduler.InMemoryJobStore;
import dev.baton.recipes.scheduler.JobStore;
import dev.baton.recipes.scheduler.ScheduleConfig;
import dev.baton.recipes.scheduler.SqlJobStore;
import dev.baton.recipes.security.AclPolicy;
import dev.baton.recipes.security.Authentication;
import dev.baton.recipes.security.TlsConfig;
import dev.baton.recipes.security.ZkIdentity;
import dev.baton.testkit.ApiErrorRules;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.apache.curator.RetryPolicy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The configuration-error rule of the package documentation, across every public factory and
 * builder of this module: a null argument is a {@link NullPointerException} naming the parameter
 * (or the setting), thrown at once; an invalid value or a missing setting is an {@link
 * IllegalArgumentException} naming the setting, from {@code build()} for a builder.
 */
class ConfigurationErrorsTest {
  /** Started (a session can only wrap a started client) but connected to nothing. */
  private static final CuratorFramework CLIENT = startedClientToNowhere();

  private static final Path TRUST_STORE = tempFile();

  @AfterAll
  static void closeClient() throws IOException {
    CLIENT.close();
    Files.deleteIfExists(TRUST_STORE);
  }

  private static final LeadershipListener LISTENER =
      new LeadershipListener() {
        @Override
        public void elected(Leadership leadership) {}

        @Override
        public void revoked(Leadership leadership, RevocationReason reason) {}
      };

  private static final ApiErrorRules.Samples SAMPLES =
      new ApiErrorRules.Samples()
          .value(CuratorFramework.class, () -> CLIENT)
          .value(BatonSession.class, () -> BatonSession.wrap(CLIENT))
          .value(dev.baton.recipes.backend.Backend.class, () -> BatonSession.wrap(CLIENT))
          .value(
              dev.baton.recipes.backend.Contest.class,
              () ->
                  new dev.baton.recipes.backend.Contest(
                      "/e", "p", false, Duration.ZERO, new SimpleMeterRegistry()))
          .value(
              dev.baton.recipes.backend.Candidacy.Listener.class,
              () ->
                  new dev.baton.recipes.backend.Candidacy.Listener() {
                    @Override
                    public boolean granted(
                        dev.baton.fencing.FencingToken token,
                        String nodeName,
                        Duration waited,
                        java.util.function.BooleanSupplier valid) {
                      return false;
                    }

                    @Override
                    public void suspended() {}

                    @Override
                    public boolean ended(
                        dev.baton.fencing.FencingToken token, RevocationReason reason) {
                      return false;
                    }

                    @Override
                    public void failed(VirtualMachineError e) {}
                  })
          .value(SessionConfig.class, () -> SessionConfig.builder("127.0.0.1:1").build())
          .value(ElectionConfig.class, () -> ElectionConfig.builder("/e").build())
          .value(LeadershipListener.class, () -> LISTENER)
          .value(LockConfig.class, () -> LockConfig.builder("/l").build())
          .value(
              ScheduleConfig.class,
              () -> ScheduleConfig.builder("s", Duration.ofSeconds(1)).build())
          .value(JobStore.class, InMemoryJobStore::new)
          .value(
              dev.baton.recipes.scheduler.ClaimConfig.class,
              () -> dev.baton.recipes.scheduler.ClaimConfig.DEFAULT)
          .value(Consumer.class, () -> job -> {})
          .value(DataSource.class, JdbcDataSource::new)
          .value(AclPolicy.class, AclPolicy::open)
          .value(
              dev.baton.recipes.lease.LeaseConfig.class,
              dev.baton.recipes.lease.LeaseConfig::defaults)
          .value(
              dev.baton.recipes.lease.LeaseBackend.class,
              () -> {
                JdbcDataSource h2 = new JdbcDataSource();
                h2.setURL("jdbc:h2:mem:config_errors_lease;DB_CLOSE_DELAY=-1");
                return dev.baton.recipes.lease.LeaseBackend.create(
                    h2, dev.baton.recipes.lease.LeaseConfig.defaults());
              })
          .value(List.class, List::of)
          .value(Path.class, () -> TRUST_STORE)
          .value(TlsConfig.class, () -> TlsConfig.builder().trustStore(TRUST_STORE, "x").build())
          .value(Authentication.class, () -> Authentication.digest("u", "p"))
          .value(ZkIdentity.class, ZkIdentity::anyone)
          .value(RetryPolicy.class, () -> new RetryOneTime(1))
          .value(Clock.class, Clock::systemUTC)
          .value(Instant.class, () -> Instant.EPOCH)
          .value(MeterRegistry.class, SimpleMeterRegistry::new)
          .value(
              io.micrometer.core.instrument.Tags.class, io.micrometer.core.instrument.Tags::empty)
          .value(dev.baton.recipes.spi.Backoff.class, () -> dev.baton.recipes.spi.Backoff.DEFAULT)
          .value(
              dev.baton.recipes.spi.LoopScheduler.class,
              () -> new dev.baton.recipes.spi.ThreadLoopScheduler("test", "samples"))
          .value(
              dev.baton.recipes.spi.SerialLoop.class,
              () ->
                  new dev.baton.recipes.spi.SerialLoop(
                      "samples",
                      new dev.baton.recipes.spi.ThreadLoopScheduler("test", "samples"),
                      dev.baton.recipes.spi.Backoff.DEFAULT,
                      () -> {},
                      e -> {}))
          .value(Runnable.class, () -> () -> {})
          .value(Object.class, Object::new)
          .value(dev.baton.recipes.spi.Machine.class, () -> (event, nanoTime) -> List.of())
          .value(CuratorFrameworkFactory.Builder.class, CuratorFrameworkFactory::builder)
          .value(
              dev.baton.recipes.election.ConnectionPolicy.class,
              () -> dev.baton.recipes.election.ConnectionPolicy.STANDARD)
          .builder(SessionConfig.Builder.class, () -> SessionConfig.builder("127.0.0.1:1"))
          .builder(ElectionConfig.Builder.class, () -> ElectionConfig.builder("/e"))
          .builder(LockConfig.Builder.class, () -> LockConfig.builder("/l"))
          .builder(
              ScheduleConfig.Builder.class,
              () -> ScheduleConfig.builder("s", Duration.ofSeconds(1)))
          .builder(
              dev.baton.recipes.scheduler.JobWorker.Builder.class,
              () ->
                  dev.baton.recipes.scheduler.JobWorker.builder(
                      new InMemoryJobStore(), "w", job -> {}))
          .builder(TlsConfig.Builder.class, () -> TlsConfig.builder().trustStore(TRUST_STORE, "x"))
          .builder(
              dev.baton.recipes.lease.LeaseConfig.Builder.class,
              dev.baton.recipes.lease.LeaseConfig::builder);

  static List<ApiErrorRules.Case> nullArguments() {
    return ApiErrorRules.cases(
        ApiErrorRules.publicClasses(BatonSession.class, "dev.baton.recipes", Set.of("internal")),
        SAMPLES);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void nullArguments(ApiErrorRules.Case c) {
    c.run();
  }

  static Stream<Arguments> invalidValues() {
    return Stream.of(
        invalid(
            "a safety margin as long as the lease",
            () ->
                dev.baton.recipes.lease.LeaseConfig.builder()
                    .leaseDuration(Duration.ofSeconds(2))
                    .safetyMargin(Duration.ofSeconds(2))
                    .build(),
            "safetyMargin"),
        invalid(
            "a renewal that cannot be confirmed before the deadline",
            () ->
                dev.baton.recipes.lease.LeaseConfig.builder()
                    .leaseDuration(Duration.ofSeconds(10))
                    .safetyMargin(Duration.ofSeconds(2))
                    .renewInterval(Duration.ofSeconds(5))
                    .renewTimeout(Duration.ofSeconds(4))
                    .build(),
            "renewInterval + renewTimeout"),
        invalid(
            "a poll jitter above 1",
            () -> dev.baton.recipes.lease.LeaseConfig.builder().pollJitter(1.5).build(),
            "pollJitter"),
        invalid(
            "a zero poll interval",
            () -> dev.baton.recipes.lease.LeaseConfig.builder().pollInterval(Duration.ZERO).build(),
            "pollInterval"),
        invalid(
            "a lease table name with a quote",
            () -> dev.baton.recipes.lease.LeaseConfig.builder().table("lease'; drop").build(),
            "LeaseConfig.table"),
        invalid(
            "a blank connect string", () -> SessionConfig.builder(" ").build(), "connectString"),
        invalid(
            "a bad namespace",
            () -> SessionConfig.builder("h:1").namespace("a//b").build(),
            "namespace"),
        invalid(
            "two SASL mechanisms",
            () ->
                SessionConfig.builder("h:1")
                    .authentication(Authentication.saslDigest("a", "p"))
                    .authentication(Authentication.saslDigest("b", "p"))
                    .build(),
            "SASL"),
        invalid("a relative election path", () -> ElectionConfig.builder("e").build(), "path"),
        invalid(
            "a blank participant id",
            () -> ElectionConfig.builder("/e").participantId(" ").build(),
            "participantId"),
        invalid("a lock path with '@'", () -> LockConfig.builder("/a@b").build(), "lock"),
        invalid(
            "a zero schedule interval",
            () -> ScheduleConfig.builder("s", Duration.ZERO).build(),
            "interval"),
        invalid("no trust store", () -> TlsConfig.builder().build(), "trustStore"),
        invalid(
            "an unknown store type",
            () -> TlsConfig.builder().trustStore(TRUST_STORE, "x").trustStoreType("ZIP").build(),
            "trustStoreType"),
        invalid("a user with ':'", () -> Authentication.digest("a:b", "p"), "user"),
        invalid("an empty password", () -> Authentication.digest("a", ""), "password"),
        invalid("an uppercase scheme", () -> new ZkIdentity("X509", "cn=a"), "scheme"),
        invalid(
            "a table prefix with a dash",
            () -> SqlJobStore.create(new JdbcDataSource(), "a-b"),
            "prefix"),
        invalid(
            "a blank worker id",
            () ->
                dev.baton.recipes.scheduler.JobWorker.start(
                    new InMemoryJobStore(), " ", job -> {}, Duration.ofSeconds(1)),
            "workerId"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void invalidValues(String what, ThrowingCallable call, String named) {
    assertThatThrownBy(call)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(named);
  }

  private static Arguments invalid(String what, ThrowingCallable call, String named) {
    return Arguments.of(what, call, named);
  }

  private static CuratorFramework startedClientToNowhere() {
    CuratorFramework c =
        CuratorFrameworkFactory.builder()
            .connectString("127.0.0.1:1")
            .connectionTimeoutMs(100)
            .retryPolicy(new RetryOneTime(1))
            .build();
    c.start();
    return c;
  }

  private static Path tempFile() {
    try {
      return Files.createTempFile("baton-trust", ".p12");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
