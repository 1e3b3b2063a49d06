// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.fencing;

import dev.baton.spring.aop.AdvisedMethod;
import dev.baton.spring.aop.AnnotatedMethodsPostProcessor;
import dev.baton.spring.election.ElectionTerms;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.aopalliance.aop.Advice;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.core.Ordered;

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
public class FencedPostProcessor extends AnnotatedMethodsPostProcessor {
  /** The post-processor's order: after the auto-proxy creators, before {@code @Scheduled}'s. */
  public static final int ORDER = Ordered.LOWEST_PRECEDENCE - 100;

  /** A post-processor whose advice goes last; the bean factory completes it. */
  public FencedPostProcessor() {
    super(
        Fenced.class,
        Set.of(Fenced.class),
        false,
        ORDER,
        TransactionalFence.class,
        true,
        FencedMethod::inspect);
  }

  @Override
  protected Advice advice(BeanFactory beanFactory, UnaryOperator<String> resolver) {
    return new FencedInterceptor(
        beanFactory.getBeanProvider(TransactionalFence.class),
        beanFactory.getBeanProvider(ElectionTerms.class),
        resolver);
  }

  @Override
  protected String unsupported(AdvisedMethod first) {
    return "there is no TransactionalFence: it needs a single DataSource bean and spring-jdbc (or"
        + " define a TransactionalFence bean)";
  }
}
