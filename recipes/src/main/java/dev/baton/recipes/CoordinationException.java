// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

/**
 * A coordination operation could not be carried out: ZooKeeper was unreachable, the session ended,
 * or the server refused the request. The message names the path or recipe involved.
 */
public class CoordinationException extends RuntimeException {
  public CoordinationException(String message) {
    super(message);
  }

  public CoordinationException(String message, Throwable cause) {
    super(message, cause);
  }
}
