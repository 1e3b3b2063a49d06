// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.acl.*}: the ACL of every znode Baton creates.
 *
 * @param policy The policy: creator-only (the default when the session authenticates) or open (the
 *     default otherwise).
 * @param readers Identities granted read access as well, as scheme:id (sasl:observer,
 *     x509:CN=status, digest:user:BASE64HASH, world:anyone). An id with a comma needs the indexed
 *     form, baton.acl.readers[0]=x509:CN=a,O=b.
 * @param writers Identities granted read, write, create and delete access as well (other identities
 *     of the same service), as scheme:id.
 */
public record AclProperties(
    @Nullable Policy policy,
    @DefaultValue List<String> readers,
    @DefaultValue List<String> writers) {

  /** The ACL policies that can be named in properties. */
  public enum Policy {
    /** Anyone may do anything (world:anyone). */
    OPEN,
    /** Only the creating identity has access (ZooKeeper's auth scheme). */
    CREATOR_ONLY
  }
}
