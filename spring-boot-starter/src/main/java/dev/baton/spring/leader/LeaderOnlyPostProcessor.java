// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.election.ElectionTerms;
import java.util.Set;

/**
 * Applies {@link LeaderOnly} to the beans that declare it: a bean post-processor that adds the
 * leader-only advice in front of the bean's other advice (so a skipped call opens no transaction),
 * or wraps the bean in a proxy of its own. It needs no auto-proxy creator and no AspectJ weaver.
 *
 * <p>It checks every bean's declarations as the bean is created (primitive return types, {@link
 * LeaderTerm} parameters, private or final methods, a missing {@link ElectionTerms} bean) and, once
 * all singletons exist, that every election a {@link LeaderOnly} names is one of {@link
 * ElectionTerms#names()}; a problem fails the application's start with a message naming the method.
 * It runs before {@code @Scheduled} processing, so scheduled tasks call the proxy.
 */
public final class LeaderOnlyPostProcessor extends AnnotatedMethodsPostProcessor {
  /** A post-processor whose advice goes first; the bean factory completes it. */
  public LeaderOnlyPostProcessor() {
    super(
        LeaderOnly.class,
        Set.of(LeaderOnly.class, LeaderTerm.class),
        true,
        ElectionTerms.class,
        false,
        first ->
            "the application has no elections: configure baton.election."
                + first.election()
                + ".path (or define an ElectionTerms bean)",
        LeaderOnlyMethod::inspect,
        LeaderOnlyInterceptor::new);
  }
}
