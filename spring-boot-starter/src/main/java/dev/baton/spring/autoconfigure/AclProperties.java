// SPDX-License-Identifier: Apache-2.0
package dev.baton.spring.autoconfigure;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.acl.*}: the ACL of every znode Baton creates.
 *
 * @param policy creator-only (default when the session authenticates) or open (default otherwise).
 * @param readers Identities also granted read access, as scheme:id (sasl:observer, x509:CN=status,
 *     world:anyone); an id with a comma needs the indexed form, baton.acl.readers[0]=x509:CN=a,O=b.
 * @param writers Identities also granted read, write, create and delete access, as scheme:id.
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
