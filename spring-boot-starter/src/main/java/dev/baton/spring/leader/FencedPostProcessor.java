// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.fencing.TransactionalFence;
import java.util.Set;

/**
 * Applies {@link Fenced}, its advice inside the bean's {@code @Transactional} advice, failing the
 * start on unworkable declarations or without a {@link TransactionalFence} bean.
 */
public final class FencedPostProcessor extends AnnotatedMethodsPostProcessor {
  /** A post-processor whose advice goes last; the bean factory completes it. */
  public FencedPostProcessor() {
    super(
        Fenced.class,
        Set.of(Fenced.class),
        false,
        TransactionalFence.class,
        true,
        first ->
            "there is no TransactionalFence: it needs a single DataSource bean and spring-jdbc"
                + " (or define a TransactionalFence bean)",
        FencedInterceptor.FencedMethod::inspect,
        FencedInterceptor::new);
  }
}
