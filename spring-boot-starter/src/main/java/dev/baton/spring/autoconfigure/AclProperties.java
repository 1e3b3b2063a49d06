// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** {@code baton.acl.*}: the ACL of every znode Baton creates. */
public class AclProperties {
  /**
   * The policy: creator-only (the default when the session authenticates) or open (the default
   * otherwise).
   */
  private @Nullable Policy policy;

  /**
   * Identities granted read access as well, as scheme:id (sasl:observer, x509:CN=status,
   * digest:user:BASE64HASH, world:anyone). An id with a comma needs the indexed form,
   * baton.acl.readers[0]=x509:CN=a,O=b.
   */
  private List<String> readers = new ArrayList<>();

  /**
   * Identities granted read, write, create and delete access as well (other identities of the same
   * service), as scheme:id.
   */
  private List<String> writers = new ArrayList<>();

  /** The ACL policies that can be named in properties. */
  public enum Policy {
    /** Anyone may do anything (world:anyone). */
    OPEN,
    /** Only the creating identity has access (ZooKeeper's auth scheme). */
    CREATOR_ONLY
  }

  /** The policy, or null for the default. */
  public @Nullable Policy getPolicy() {
    return policy;
  }

  /** Sets the policy. */
  public void setPolicy(@Nullable Policy policy) {
    this.policy = policy;
  }

  /** The reader identities. */
  public List<String> getReaders() {
    return readers;
  }

  /** Sets the reader identities. */
  public void setReaders(List<String> readers) {
    this.readers = readers;
  }

  /** The writer identities. */
  public List<String> getWriters() {
    return writers;
  }

  /** Sets the writer identities. */
  public void setWriters(List<String> writers) {
    this.writers = writers;
  }
}
