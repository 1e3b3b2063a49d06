// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/**
 * The fence cannot work with the store it was given: its table is missing or has another shape, or
 * the database is not one the fence supports. The message says how to fix it. Nothing was written.
 * (An invalid name in the configuration itself is an {@link IllegalArgumentException} from the
 * factory, see the package documentation.)
 */
public class FenceConfigurationException extends FencingException {
  public FenceConfigurationException(String message, Throwable cause) {
    super(null, message, cause);
  }

  public FenceConfigurationException(String message) {
    super(null, message, null);
  }
}
