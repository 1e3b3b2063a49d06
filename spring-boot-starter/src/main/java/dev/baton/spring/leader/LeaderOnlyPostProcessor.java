// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.election.ElectionTerms;
import java.util.Set;

/**
 * Applies {@link LeaderOnly} before the bean's other advice (skipped calls open no transaction),
 * checking declarations and finally elections against {@link ElectionTerms#names()}.
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
        LeaderOnlyInterceptor.LeaderOnlyMethod::inspect,
        LeaderOnlyInterceptor::new);
  }
}
