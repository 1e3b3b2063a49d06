// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.fencing.Fenced;
import dev.baton.spring.fencing.TransactionalFence;
import java.util.Set;

/**
 * Applies {@link Fenced} to the beans that declare it: a bean post-processor that adds the fence's
 * advice after the bean's other advice, so it runs inside the method's {@code @Transactional}
 * advice (whose proxy the auto-proxy creator, running earlier, has made), or wraps the bean in a
 * proxy of its own.
 *
 * <p>It fails the application's start when a bean declares {@link Fenced} and there is no {@link
 * TransactionalFence} bean (no single {@code DataSource}), on private or final methods, on invalid
 * resource names and on unknown election names.
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
        FencedMethod::inspect,
        FencedInterceptor::new);
  }
}
