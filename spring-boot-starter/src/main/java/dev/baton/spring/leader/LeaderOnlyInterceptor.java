// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.recipes.election.Leadership;
import dev.baton.spring.election.ElectionTerms;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Runs a {@link LeaderOnly} call under the election's active term, bound to the thread, or skips
 * it. The election beans are looked up at the first call, not when the interceptor is built (it is
 * part of a bean post-processor, created before any ordinary bean).
 */
final class LeaderOnlyInterceptor extends AdvisedMethodInterceptor<LeaderOnlyMethod> {
  private static final Logger log = LoggerFactory.getLogger(LeaderOnlyInterceptor.class);

  /** The counter of skipped calls, tagged {@code election} and {@code method}. */
  static final String SKIPPED = "baton.leaderonly.skipped";

  private final ObjectProvider<MeterRegistry> registry;
  private final Map<LeaderOnlyMethod, Counter> skips = new ConcurrentHashMap<>();

  LeaderOnlyInterceptor(BeanFactory beans, UnaryOperator<String> resolver) {
    super("LeaderOnly", LeaderOnlyMethod::inspect, beans, resolver);
    this.registry = beans.getBeanProvider(MeterRegistry.class);
  }

  @Override
  @Nullable Object invoke(LeaderOnlyMethod leaderOnly, MethodInvocation invocation)
      throws Throwable {
    Optional<Leadership> outer = CurrentTerm.bound(leaderOnly.election());
    Leadership leadership =
        outer.isPresent()
            ? outer.get()
            : electionTerms(leaderOnly).leadership(leaderOnly.election()).orElse(null);
    if (leadership == null || !leadership.isActive()) {
      skip(leaderOnly, leadership);
      return leaderOnly.skipValue();
    }
    leaderOnly.inject(invocation.getArguments(), leadership);
    CurrentTerm.Binding binding = CurrentTerm.bind(leaderOnly.election(), leadership);
    try {
      return invocation.proceed();
    } finally {
      binding.release();
    }
  }

  private ElectionTerms electionTerms(LeaderOnlyMethod leaderOnly) {
    ElectionTerms found = terms.getIfAvailable();
    if (found == null) {
      throw new IllegalStateException(
          "@LeaderOnly method "
              + leaderOnly.display()
              + " needs an ElectionTerms bean: configure baton.election."
              + leaderOnly.election()
              + ".path");
    }
    return found;
  }

  private void skip(LeaderOnlyMethod leaderOnly, @Nullable Leadership leadership) {
    if (log.isDebugEnabled()) {
      log.debug(
          "skipped {}: {}",
          leaderOnly.display(),
          leadership == null
              ? "this instance does not lead election '" + leaderOnly.election() + "'"
              : "the term " + leadership.token() + " is not active");
    }
    MeterRegistry meters = registry.getIfUnique();
    if (meters != null) {
      skips
          .computeIfAbsent(
              leaderOnly,
              m ->
                  Counter.builder(SKIPPED)
                      .description("@LeaderOnly calls skipped because this instance did not lead")
                      .tag("election", leaderOnly.election())
                      .tag("method", leaderOnly.display())
                      .register(meters))
          .increment();
    }
  }
}
