/**
 * The records Baton stores in a group's znodes ({@code baton-<kind>/1} text: a member, the
 * published assignment, an ownership znode's owner, the partition set) and their one strict format
 * ({@link dev.baton.partition.internal.record.RecordFormat}).
 *
 * <p>Pure values and codecs: no I/O, no threads, no clock. Immutable, so any thread may use them.
 * Decoding never trusts its input: a malformed record raises {@link
 * dev.baton.partition.MalformedRecordException} naming its znode, and callers keep their last good
 * state. Not an API.
 */
package dev.baton.partition.internal.record;
