// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes.spi;

import dev.baton.recipes.CoordinationException;

/**
 * A store request failed because the link failed (connection lost, session expired or moved), not
 * because of the request: retry once the session's {@link Liveness} reports a connection.
 */
public class StoreUnavailableException extends CoordinationException {
  public StoreUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
