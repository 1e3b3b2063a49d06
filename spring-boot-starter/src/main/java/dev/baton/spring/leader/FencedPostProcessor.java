// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.fencing.TransactionalFence;
import java.util.Set;

/**
 * Applies {@link Fenced}: adds its advice after the bean's other advice, so it runs inside the
 * method's {@code @Transactional} advice, and fails the start on declarations that cannot work or a
 * missing {@link TransactionalFence} bean.
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
