package dev.baton.recipes.lock;

import dev.baton.fencing.FencingToken;
import dev.baton.recipes.CoordinationException;

/** The lock's znode is gone (session expired, or deleted by someone else) while it was held. */
public class LockLostException extends CoordinationException {
  private final transient FencingToken token;

  public LockLostException(String path, FencingToken token) {
    super("the lock " + path + " held with token " + token + " was lost (its znode is gone)");
    this.token = token;
  }

  public FencingToken token() {
    return token;
  }
}
