"""Cross-replica helpers (only valid inside shard_map / pmap)."""
import jax


def allreduce_mean(tree, axis_name="batch"):
    return jax.tree.map(lambda g: jax.lax.pmean(g, axis_name), tree)


def allreduce_sum(tree, axis_name="batch"):
    return jax.tree.map(lambda g: jax.lax.psum(g, axis_name), tree)
