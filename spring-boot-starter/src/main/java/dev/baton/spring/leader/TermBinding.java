// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.recipes.election.Leadership;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The terms bound to the current thread by running {@link LeaderOnly} calls, innermost first. Each
 * binding links to the one it hides, so leaving a call restores the outer call's binding, and the
 * thread-local is removed when the outermost call ends (nothing stays behind on pooled threads).
 */
final class TermBinding {
  private static final ThreadLocal<TermBinding> CURRENT = new ThreadLocal<>();

  private final String election;
  private final Leadership leadership;
  private final @Nullable TermBinding outer;

  private TermBinding(String election, Leadership leadership, @Nullable TermBinding outer) {
    this.election = election;
    this.leadership = leadership;
    this.outer = outer;
  }

  /** Binds {@code leadership} of {@code election} to this thread until {@link #release()}. */
  static TermBinding bind(String election, Leadership leadership) {
    TermBinding binding = new TermBinding(election, leadership, CURRENT.get());
    CURRENT.set(binding);
    return binding;
  }

  /** The innermost binding of this thread, if any. */
  static @Nullable TermBinding current() {
    return CURRENT.get();
  }

  /** The innermost binding of {@code election} on this thread, if any. */
  static Optional<Leadership> find(String election) {
    for (TermBinding b = CURRENT.get(); b != null; b = b.outer) {
      if (b.election.equals(election)) {
        return Optional.of(b.leadership);
      }
    }
    return Optional.empty();
  }

  /** Restores the binding this one hid; must be called on the binding thread, innermost first. */
  void release() {
    if (CURRENT.get() != this) {
      throw new IllegalStateException(
          "term bindings released out of order on " + Thread.currentThread().getName());
    }
    if (outer == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(outer);
    }
  }

  String election() {
    return election;
  }

  Leadership leadership() {
    return leadership;
  }
}
