// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.spring.election.ElectionTerms;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.BridgeMethodResolver;

/** The common part of the {@code @Fenced} and {@code @LeaderOnly} interceptors. */
abstract class AdvisedMethodInterceptor<M extends AdvisedMethod> implements MethodInterceptor {
  /** The application's elections, looked up at the first call (not at the post-processor's). */
  final ObjectProvider<ElectionTerms> terms;

  private final String annotation;
  private final Function<Method, Optional<M>> inspector;
  private final Map<Method, M> methods = new ConcurrentHashMap<>();

  AdvisedMethodInterceptor(
      String annotation,
      BiFunction<Method, UnaryOperator<String>, Optional<M>> inspector,
      BeanFactory beans,
      UnaryOperator<String> resolver) {
    this.annotation = annotation;
    this.inspector = method -> inspector.apply(method, resolver);
    this.terms = beans.getBeanProvider(ElectionTerms.class);
  }

  abstract @Nullable Object invoke(M method, MethodInvocation invocation) throws Throwable;

  @Override
  public final @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    return invoke(advised(invocation), invocation);
  }

  /** The declaration of the invoked method, read once per method. */
  private M advised(MethodInvocation invocation) {
    Object target = invocation.getThis();
    Class<?> targetClass = target == null ? null : AopUtils.getTargetClass(target);
    Method method =
        BridgeMethodResolver.findBridgedMethod(
            AopUtils.getMostSpecificMethod(invocation.getMethod(), targetClass));
    return methods.computeIfAbsent(method, this::inspect);
  }

  private M inspect(Method m) {
    return inspector
        .apply(m)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "no @%s on %s (a proxy mix-up)"
                        .formatted(annotation, AdvisedMethod.display(m))));
  }
}
