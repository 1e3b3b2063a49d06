// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/**
 * The fence cannot work as configured: its table is missing or has another shape, a name is
 * invalid, or the database is not one the fence supports. The message says how to fix it. Nothing
 * was written.
 */
public class FenceConfigurationException extends FencingException {
  public FenceConfigurationException(String message, Throwable cause) {
    super(null, message, cause);
  }

  public FenceConfigurationException(String message) {
    super(null, message, null);
  }
}
