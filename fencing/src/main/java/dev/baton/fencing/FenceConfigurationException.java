// SPDX-License-Identifier: Apache-2.0
package dev.baton.fencing;

/** An unusable fence store (table missing or misshapen, database unsupported); see the message. */
public class FenceConfigurationException extends FencingException {
  public FenceConfigurationException(String message, Throwable cause) {
    super(null, message, cause);
  }

  public FenceConfigurationException(String message) {
    super(null, message, null);
  }
}
