// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.BridgeMethodResolver;

/**
 * The common part of the {@code @Fenced} and {@code @LeaderOnly} interceptors: finds the invoked
 * method's declaration on the target class and reads it once.
 *
 * @param <M> what is read of one method
 */
abstract class AdvisedMethodInterceptor<M extends AdvisedMethod> implements MethodInterceptor {
  private final String annotation;
  private final Function<Method, Optional<M>> inspector;
  private final Map<Method, M> methods = new ConcurrentHashMap<>();

  AdvisedMethodInterceptor(String annotation, Function<Method, Optional<M>> inspector) {
    this.annotation = annotation;
    this.inspector = inspector;
  }

  /** The declaration of the invoked method, read once per method. */
  M advised(MethodInvocation invocation) {
    Object target = invocation.getThis();
    Class<?> targetClass = target == null ? null : AopUtils.getTargetClass(target);
    Method method =
        BridgeMethodResolver.findBridgedMethod(
            AopUtils.getMostSpecificMethod(invocation.getMethod(), targetClass));
    return methods.computeIfAbsent(
        method,
        m ->
            inspector
                .apply(m)
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "no @" + annotation + " on " + AdvisedMethod.display(m) + " (a proxy mix-up)")));
  }
}
