// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.internal.StrictText;
import dev.baton.recipes.spi.Validation;
import java.nio.charset.StandardCharsets;

/** A candidate znode's data: the id as strict UTF-8, no header (older observers would show it). */
final class CandidateData {
  /** The longest candidate data, in bytes. */
  public static final int MAX_BYTES = Validation.MAX_ID_BYTES;

  private CandidateData() {}

  /** The data of a candidate with the (validated) id {@code id}. */
  public static byte[] encode(String id) {
    return id.getBytes(StandardCharsets.UTF_8);
  }

  /** Reads the id from the data of the candidate znode {@code path}, or throws if malformed. */
  public static String decode(String path, byte[] data) {
    String id =
        StrictText.decode(
            data,
            MAX_BYTES,
            problem -> new MalformedCandidateException(path, "its data is " + problem));
    try {
      return Validation.id("the participant id", id);
    } catch (IllegalArgumentException e) {
      throw new MalformedCandidateException(path, String.valueOf(e.getMessage()));
    }
  }
}
