package dev.baton.recipes.kernel;

/** Cancels a subscription; idempotent. */
@FunctionalInterface
public interface Subscription extends AutoCloseable {
  @Override
  void close();
}
