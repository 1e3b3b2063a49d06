// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.support;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.aopalliance.aop.Advice;
import org.springframework.aop.framework.AopInfrastructureBean;
import org.springframework.aop.framework.autoproxy.AbstractBeanFactoryAwareAdvisingPostProcessor;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.annotation.AnnotationMatchingPointcut;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The common part of the post-processors that advise the methods of a method annotation naming an
 * election ({@code @Fenced}, {@code @LeaderOnly}): it reads each bean class's annotated methods
 * once (resolving placeholders with the bean factory), lets the subclass check the bean, advises
 * the annotated methods, and once all singletons exist checks that every election named is one the
 * application takes part in.
 */
public abstract class AnnotatedMethodsPostProcessor
    extends AbstractBeanFactoryAwareAdvisingPostProcessor implements SmartInitializingSingleton {
  private final Class<? extends Annotation> annotation;
  private final Collection<Class<? extends Annotation>> candidates;
  private final Map<Class<?>, List<AdvisedMethod>> scanned = new ConcurrentHashMap<>();
  private final Map<String, String> elections = new ConcurrentHashMap<>();
  private UnaryOperator<String> resolver = UnaryOperator.identity();
  private volatile boolean advisedAny;

  /**
   * A post-processor that the bean factory completes.
   *
   * @param annotation the method annotation that the advice applies to
   * @param candidates the annotations whose presence makes a class worth scanning
   * @param beforeExistingAdvisors whether the advice goes in front of the bean's other advice
   * @param order the post-processor's order
   */
  protected AnnotatedMethodsPostProcessor(
      Class<? extends Annotation> annotation,
      Collection<Class<? extends Annotation>> candidates,
      boolean beforeExistingAdvisors,
      int order) {
    this.annotation = annotation;
    this.candidates = List.copyOf(candidates);
    setBeforeExistingAdvisors(beforeExistingAdvisors);
    setOrder(order);
  }

  /**
   * The advice of the annotated methods.
   *
   * @param beanFactory the bean factory
   * @param resolver resolves placeholders of the annotation's attributes
   */
  protected abstract Advice advice(BeanFactory beanFactory, UnaryOperator<String> resolver);

  /**
   * Reads and checks one method's annotation, if any.
   *
   * @param method a user-declared method of a bean class
   * @param resolver resolves placeholders of the annotation's attributes
   * @throws IllegalStateException naming the method if the declaration cannot work
   */
  protected abstract Optional<? extends AdvisedMethod> inspect(
      Method method, UnaryOperator<String> resolver);

  /**
   * Checks that the application can serve a bean with annotated methods.
   *
   * @param beanName the bean's name
   * @param found the bean's annotated methods, not empty
   * @throws IllegalStateException if it cannot
   */
  protected abstract void requireSupport(String beanName, List<AdvisedMethod> found);

  /**
   * The names of the elections the application takes part in, once all singletons exist.
   *
   * @param beanFactory the bean factory
   * @return the names, or empty to skip the check of the elections the methods name
   */
  protected abstract Optional<Set<String>> knownElections(BeanFactory beanFactory);

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    super.setBeanFactory(beanFactory);
    if (beanFactory instanceof ConfigurableBeanFactory configurable) {
      resolver = configurable::resolveEmbeddedValue;
    }
    this.advisor =
        new DefaultPointcutAdvisor(
            new AnnotationMatchingPointcut(null, annotation, true), advice(beanFactory, resolver));
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    if (!(bean instanceof AopInfrastructureBean)) {
      Class<?> type = ClassUtils.getUserClass(AopUtils.getTargetClass(bean));
      List<AdvisedMethod> found = scanned.computeIfAbsent(type, this::scan);
      if (!found.isEmpty()) {
        requireSupport(beanName, found);
        advisedAny = true;
        found.stream()
            .filter(m -> !m.election().isEmpty())
            .forEach(m -> elections.putIfAbsent(m.election(), m.display()));
      }
    }
    return super.postProcessAfterInitialization(bean, beanName);
  }

  /**
   * Whether a bean with annotated methods has been created so far (all non-lazy singletons, once
   * they exist).
   *
   * @return true if some bean declares the annotation
   */
  public boolean hasAdvisedBeans() {
    return advisedAny;
  }

  private List<AdvisedMethod> scan(Class<?> type) {
    if (!AnnotationUtils.isCandidateClass(type, candidates)) {
      return List.of();
    }
    List<AdvisedMethod> found = new ArrayList<>();
    for (var method :
        ReflectionUtils.getUniqueDeclaredMethods(type, ReflectionUtils.USER_DECLARED_METHODS)) {
      inspect(method, resolver).ifPresent(found::add);
    }
    return List.copyOf(found);
  }

  /**
   * Checks that every election named by an annotated method exists.
   *
   * @throws IllegalStateException listing the unknown names, where they are used, and the known
   *     ones
   */
  @Override
  public void afterSingletonsInstantiated() {
    if (elections.isEmpty() || beanFactory == null) {
      return;
    }
    Optional<Set<String>> names = knownElections(beanFactory);
    if (names.isEmpty()) {
      return;
    }
    Set<String> known = names.get();
    Map<String, String> unknown = new TreeMap<>(elections);
    unknown.keySet().removeAll(known);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException(
          "@"
              + annotation.getSimpleName()
              + " names elections this application does not take part in: "
              + unknown.entrySet().stream()
                  .map(e -> "'" + e.getKey() + "' (on " + e.getValue() + ")")
                  .collect(Collectors.joining(", "))
              + "; the elections are "
              + new TreeSet<>(known)
              + " (configure baton.election.<name>.path)");
    }
  }
}
