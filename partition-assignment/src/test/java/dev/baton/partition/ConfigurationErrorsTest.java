// SPDX-License-Identifier: Apache-2.0
package dev.baton.partition;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.baton.partition.strategy.AssignmentStrategy;
import dev.baton.partition.strategy.MemberProfile;
import dev.baton.partition.strategy.StickyBalancedStrategy;
import dev.baton.recipes.BatonSession;
import dev.baton.recipes.RevocationReason;
import dev.baton.testkit.ApiErrorRules;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The configuration-error rule of the package documentation, across every public factory and
 * builder of this module: a null argument is a {@link NullPointerException} naming the parameter
 * (or the setting), thrown at once; an invalid value is an {@link IllegalArgumentException} naming
 * the setting, from {@code build()} for a builder.
 */
class ConfigurationErrorsTest {
  /** Started (a session can only wrap a started client) but connected to nothing. */
  private static final CuratorFramework CLIENT = startedClientToNowhere();

  @AfterAll
  static void closeClient() {
    CLIENT.close();
  }

  private static final PartitionListener LISTENER =
      new PartitionListener() {
        @Override
        public void assigned(PartitionOwnership ownership) {}

        @Override
        public void revoked(PartitionOwnership ownership, RevocationReason reason) {}
      };

  private static final ApiErrorRules.Samples SAMPLES =
      new ApiErrorRules.Samples()
          .value(BatonSession.class, () -> BatonSession.wrap(CLIENT))
          .value(GroupConfig.class, () -> GroupConfig.builder("/g").build())
          .value(PartitionListener.class, () -> LISTENER)
          .value(SortedSet.class, TreeSet::new)
          .value(AssignmentStrategy.class, StickyBalancedStrategy::new)
          .value(MeterRegistry.class, SimpleMeterRegistry::new)
          .value(Clock.class, Clock::systemUTC)
          .builder(GroupConfig.Builder.class, () -> GroupConfig.builder("/g"));

  static List<ApiErrorRules.Case> nullArguments() {
    return ApiErrorRules.cases(
        ApiErrorRules.publicClasses(GroupMember.class, "dev.baton.partition", Set.of("internal")),
        SAMPLES);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void nullArguments(ApiErrorRules.Case c) {
    c.run();
  }

  static Stream<Arguments> invalidValues() {
    return Stream.of(
        invalid("a relative group path", () -> GroupConfig.builder("g").build(), "group"),
        invalid(
            "too many partitions",
            () -> GroupConfig.builder("/g").partitionCount(1_000_000).build(),
            "partitionCount"),
        invalid("a weight of 0", () -> GroupConfig.builder("/g").weight(0).build(), "weight"),
        invalid(
            "a max delay below the delay",
            () ->
                GroupConfig.builder("/g")
                    .rebalanceDelay(Duration.ofSeconds(2))
                    .rebalanceMaxDelay(Duration.ofSeconds(1))
                    .build(),
            "rebalanceMaxDelay"),
        invalid("a blank member id", () -> MemberProfile.of(" "), "member id"),
        invalid("a weight above the maximum", () -> MemberProfile.of("m", 10_001, null), "weight"),
        invalid(
            "a negative partition count",
            () -> GroupAdmin.setPartitionCount(BatonSession.wrap(CLIENT), "/g", -1),
            "count"));
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
}
