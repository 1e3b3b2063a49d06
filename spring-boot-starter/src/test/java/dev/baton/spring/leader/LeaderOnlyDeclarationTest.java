// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.baton.fencing.FencingToken;
import dev.baton.spring.autoconfigure.BatonLeaderOnlyAutoConfiguration;
import dev.baton.testkit.ZooKeeperServerExtension;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.aop.framework.autoproxy.AbstractAutoProxyCreator;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * What the auto-configuration registers, and the declarations that fail the application's start
 * rather than run on every instance.
 */
class LeaderOnlyDeclarationTest {
  @RegisterExtension static final ZooKeeperServerExtension ZK = new ZooKeeperServerExtension();
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final String path = "/baton-test/leader-only-declarations-" + RUNS.incrementAndGet();

  static class PrimitiveReturn {
    @LeaderOnly("billing")
    public int count() {
      return 1;
    }
  }

  static class WrongParameterType {
    @LeaderOnly("billing")
    public void run(@LeaderTerm String token) {}
  }

  static class LeaderTermWithoutLeaderOnly {
    public void run(@LeaderTerm FencingToken token) {}
  }

  static class FinalMethod {
    @LeaderOnly("billing")
    public final void run() {}
  }

  static class UnknownElection {
    @LeaderOnly("payroll")
    public void run() {}
  }

  static class Plain {
    @LeaderOnly("billing")
    public void run() {}
  }

  /** A bean used through its interface, where the annotation is. */
  interface Task {
    @LeaderOnly("billing")
    String run(@LeaderTerm FencingToken token);
  }

  static class TaskImpl implements Task {
    @Override
    public String run(FencingToken token) {
      return String.valueOf(token);
    }
  }

  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BatonLeaderOnlyAutoConfiguration.class))
        .withBean(
            TestElections.class,
            () -> TestElections.start(ZK.connectString(), "node", Map.of("billing", path)),
            d -> d.setDestroyMethodName("close"));
  }

  private static String failure(AssertableApplicationContext context) {
    assertThat(context).hasFailed();
    Throwable cause = context.getStartupFailure();
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    assertThat(cause).isInstanceOf(IllegalStateException.class);
    return cause.getMessage();
  }

  @Test
  void registersTheHolderAndThePostProcessorAndNeedsNoAutoProxyCreator() {
    runner()
        .withBean(Plain.class)
        .run(
            context -> {
              assertThat(context).hasSingleBean(CurrentTerm.class);
              assertThat(context).hasSingleBean(LeaderOnlyPostProcessor.class);
              assertThat(context).doesNotHaveBean(AbstractAutoProxyCreator.class);
              assertThat(AopUtils.isCglibProxy(context.getBean(Plain.class))).isTrue();
            });
  }

  @Test
  void aPrimitiveReturnTypeFailsTheStart() {
    runner()
        .withBean(PrimitiveReturn.class)
        .run(
            context ->
                assertThat(failure(context))
                    .contains(PrimitiveReturn.class.getName() + "#count")
                    .contains("returns int"));
  }

  @Test
  void aLeaderTermParameterOfAnotherTypeFailsTheStart() {
    runner()
        .withBean(WrongParameterType.class)
        .run(
            context ->
                assertThat(failure(context))
                    .contains(WrongParameterType.class.getName() + "#run")
                    .contains("java.lang.String; use FencingToken, Term or Leadership"));
  }

  @Test
  void aLeaderTermParameterWithoutLeaderOnlyFailsTheStart() {
    runner()
        .withBean(LeaderTermWithoutLeaderOnly.class)
        .run(
            context ->
                assertThat(failure(context))
                    .contains("has a @LeaderTerm parameter but no @LeaderOnly"));
  }

  @Test
  void aFinalMethodFailsTheStart() {
    runner()
        .withBean(FinalMethod.class)
        .run(
            context ->
                assertThat(failure(context))
                    .contains(FinalMethod.class.getName() + "#run")
                    .contains("Spring AOP cannot intercept it"));
  }

  @Test
  void anUnknownElectionFailsTheStartNamingTheKnownOnes() {
    runner()
        .withBean(UnknownElection.class)
        .run(
            context ->
                assertThat(failure(context))
                    .contains("'payroll' (on " + UnknownElection.class.getName() + "#run)")
                    .contains("the elections are [billing]"));
  }

  @Test
  void withoutElectionsALeaderOnlyBeanFailsTheStart() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(BatonLeaderOnlyAutoConfiguration.class))
        .withBean(Plain.class)
        .run(
            context ->
                assertThat(failure(context))
                    .contains("bean '")
                    .contains("configure baton.election.billing.path"));
  }

  @Test
  void interfaceProxiesAndAnAutoProxyCreatorWork() {
    runner()
        .withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class))
        .withPropertyValues("spring.aop.proxy-target-class=false")
        .withBean(Task.class, TaskImpl::new)
        .run(
            context -> {
              TestElections elections = context.getBean(TestElections.class);
              await().atMost(Duration.ofSeconds(20)).until(() -> elections.isLeader("billing"));
              Task task = context.getBean(Task.class);
              assertThat(AopUtils.isJdkDynamicProxy(task)).isTrue();
              assertThat(task.run(null))
                  .isEqualTo(elections.leadership("billing").orElseThrow().token().toString());
            });
  }
}
