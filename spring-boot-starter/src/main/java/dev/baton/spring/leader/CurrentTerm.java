// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.leader;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.Term;
import dev.baton.recipes.election.Leadership;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The term of the {@link LeaderOnly} call on the current thread, readable only inside it, not by
 * work it hands off. Elsewhere every accessor but {@link #isBound()} and {@link #find(String)}
 * throws {@link IllegalStateException}. Thread-safe.
 */
public final class CurrentTerm {
  // The innermost call's binding, linking those it hides; removed at the outermost call's end.
  private static final ThreadLocal<Binding> CURRENT = new ThreadLocal<>();

  /** A view of the calling thread's binding; the auto-configuration exposes one as a bean. */
  public CurrentTerm() {}

  /** True while the calling thread runs inside a {@link LeaderOnly} call. */
  public boolean isBound() {
    return CURRENT.get() != null;
  }

  /** The name of the election of the innermost {@link LeaderOnly} call. */
  public String election() {
    return binding().election();
  }

  /** The term of the innermost {@link LeaderOnly} call, with the election's details. */
  public Leadership leadership() {
    return binding().leadership();
  }

  /** The term of the innermost {@link LeaderOnly} call. */
  public Term term() {
    return leadership();
  }

  /** The fencing token of the innermost {@link LeaderOnly} call's term. */
  public FencingToken token() {
    return leadership().token();
  }

  /**
   * Throws unless the innermost {@link LeaderOnly} call's term is still active.
   *
   * @throws dev.baton.recipes.TermLostException once the term is lost or paused
   */
  public void checkActive() {
    leadership().checkActive();
  }

  /** The term of the innermost running {@link LeaderOnly} call of {@code election}, if any. */
  public Optional<Leadership> find(String election) {
    return bound(election);
  }

  private Binding binding() {
    Binding binding = CURRENT.get();
    if (binding == null) {
      throw new IllegalStateException(
          ("no leader term on thread %s: CurrentTerm is readable only inside a @LeaderOnly method's"
                  + " call (and not in work it hands to other threads)")
              .formatted(Thread.currentThread().getName()));
    }
    return binding;
  }

  @Override
  public String toString() {
    Binding binding = CURRENT.get();
    return binding == null
        ? "CurrentTerm{unbound}"
        : "CurrentTerm{" + binding.election() + ", " + binding.leadership().token() + "}";
  }

  static Optional<Leadership> bound(String election) {
    for (Binding b = CURRENT.get(); b != null; b = b.outer()) {
      if (b.election().equals(election)) {
        return Optional.of(b.leadership());
      }
    }
    return Optional.empty();
  }

  /** Binds {@code leadership} of {@code election} to this thread until {@link Binding#release}. */
  static Binding bind(String election, Leadership leadership) {
    Binding binding = new Binding(election, leadership, CURRENT.get());
    CURRENT.set(binding);
    return binding;
  }

  /** One {@link LeaderOnly} call's term on its thread, hiding {@code outer}. */
  record Binding(String election, Leadership leadership, @Nullable Binding outer) {
    /** Restores the binding this one hid; on the binding thread, innermost first. */
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
  }
}
