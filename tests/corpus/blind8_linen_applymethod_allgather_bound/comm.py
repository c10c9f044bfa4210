import jax


def communicate(h):
    """Gathers every shard's activations over 'd' and averages them (keeps h's shape)."""
    gathered = jax.lax.all_gather(h, 'd')
    return gathered.mean(0)
