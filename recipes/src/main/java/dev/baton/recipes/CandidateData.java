// SPDX-License-Identifier: Apache-2.0
package dev.baton.recipes;

import dev.baton.internal.StrictText;
import dev.baton.recipes.spi.Validation;
import java.nio.charset.StandardCharsets;

/**
 * The data of a candidate znode (an election candidate or a lock contender): the participant or
 * owner id as UTF-8, nothing else.
 *
 * <p>The format has no version header: it is the on-disk format of running candidates, and a header
 * would show up inside the id for older observers. It is read strictly instead, with Baton's one
 * strict decoder ({@link StrictText#decode}): 1 to {@value #MAX_BYTES} bytes, strict UTF-8, and the
 * rules the configuration enforces on the id (not blank, no control characters), so that exactly
 * what a candidate can write is read back.
 */
final class CandidateData {
  /** The longest candidate data, in bytes. */
  public static final int MAX_BYTES = Validation.MAX_ID_BYTES;

  private CandidateData() {}

  /** The data of a candidate with the (validated) id {@code id}. */
  public static byte[] encode(String id) {
    return id.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Reads the id from the data of the candidate znode {@code path}.
   *
   * @throws MalformedCandidateException naming the znode and the problem
   */
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
